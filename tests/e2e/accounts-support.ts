import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { runTsxScript } from '../support/tsx-script';
import { runShop, type ShopServer, test as base } from './fixtures';

/** Decodes a quoted-printable body as nodemailer writes it (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The first link in the newest e-mail to `to` whose subject contains `subject`, read from the
 * .eml files the shop's mail sender writes under <dataDir>/mail (it polls every second).
 */
export async function linkFromMail(dataDir: string, to: string, subject: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const mailDir = join(dataDir, 'mail');
  while (Date.now() < deadline) {
    const files = await readdir(mailDir).catch(() => [] as string[]);
    const found: { link: string; mtime: string }[] = [];
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const raw = decodeQuotedPrintable(await readFile(join(mailDir, file), 'utf8'));
      if (!raw.includes(`To: ${to}`) || !raw.includes(subject)) continue;
      const link = raw.match(/https?:\/\/[^\s"<>]+/)?.[0];
      if (link) found.push({ link, mtime: file });
    }
    if (found.length > 0) return found.sort((a, b) => a.mtime.localeCompare(b.mtime)).at(-1)?.link ?? '';
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail "${subject}" to ${to} under ${mailDir}`);
}

/**
 * Whether an e-mail to `to` whose subject contains `subject` and whose body contains `text` reached
 * the outbox (the .eml files under <dataDir>/mail), waiting for the mail sender up to `timeoutMs`.
 */
export async function outboxHas(dataDir: string, to: string, subject: string, text: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(join(dataDir, 'mail')).catch(() => [] as string[]);
    for (const file of files) {
      const raw = (await readFile(join(dataDir, 'mail', file), 'utf8')).replace(/=\r?\n/g, '');
      if (raw.includes(`To: ${to}`) && raw.includes(subject) && raw.includes(text)) return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const step = () => Math.floor(Date.now() / 30_000);

function codeAt(secret: string, at: number): string {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at * 30_000,
  });
}

/** A customer's sign-up through the API, confirmed from its e-mail and signed in, in `page`'s browser context. */
export async function signUpConfirmedCustomer(page: Page, dataDir: string, email: string, password: string) {
  expect((await page.request.post('/api/auth/signup', { data: { email, password } })).status()).toBe(201);
  await page.request.get(await linkFromMail(dataDir, email, 'Confirm your Dropwise account'));
  expect((await page.request.post('/api/auth/signin', { data: { email, password } })).status()).toBe(200);
}

/** The order that `POST /api/orders` placed (201), as `page`'s signed-in customer, with the terms accepted. */
export async function placeOrderAs(
  page: Page,
  order: { configuration: unknown; billing: Record<string, string>; notes?: string; idempotencyKey: string },
) {
  const placed = await page.request.post('/api/orders', { data: { ...order, acceptTerms: true } });
  expect(placed.status()).toBe(201);
  return (await placed.json()).order as {
    id: string;
    orderNumber: string;
    depositAmount: number;
    totalAmount: number;
    currency: string;
  };
}

/** The current TOTP code of a base32 secret, as an authenticator app would show it. */
export function currentCode(secret: string): { code: string; step: number } {
  const now = step();
  return { code: codeAt(secret, now), step: now };
}

/**
 * A code later than one already used (codes are accepted once): the next step's, as an authenticator
 * whose clock runs up to one step ahead shows it. The server accepts the adjacent step, so no journey
 * waits for the next 30 seconds; once that step has come, it is simply the current code.
 */
export function codeAfter(secret: string, usedStep: number): string {
  return codeAt(secret, Math.max(usedStep + 1, step()));
}

/**
 * Finishes the authenticator set-up shown in `scope` (its secret on screen): Continue, the current
 * code, Verify, then the 10 recovery codes shown once are saved. Returns the secret, one recovery
 * code and the step of the code used (a later code for a step-up is `codeAfter(secret, usedStep)`).
 */
export async function setUpAuthenticator(
  scope: Locator,
): Promise<{ secret: string; recoveryCode: string; usedStep: number }> {
  const secret = (await scope.getByTestId('mfa-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await scope.getByRole('button', { name: 'Continue' }).click();
  const first = currentCode(secret);
  await scope.getByLabel('Verification code').fill(first.code);
  await scope.getByRole('button', { name: 'Verify' }).click();
  await expect(scope.getByTestId('recovery-code')).toHaveCount(10);
  const recoveryCode = (await scope.getByTestId('recovery-code').first().textContent()) ?? '';
  await scope.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  return { secret, recoveryCode, usedStep: first.step };
}

/** The sign-in form on /login: the e-mail, the password and Sign In; what follows (a page or a challenge) is the caller's. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * An admin's first sign-in on /login: e-mail and password, then the MFA modal's authenticator
 * set-up (setUpAuthenticator) until the modal closes. Returns what setUpAuthenticator returns.
 */
export async function signInAdminSettingUpMfa(page: Page, email: string, password: string) {
  await submitSignIn(page, email, password);
  const modal = page.getByRole('dialog', { name: 'Multi-factor authentication required' });
  const authenticator = await setUpAuthenticator(modal);
  await expect(modal).toBeHidden();
  return authenticator;
}

/**
 * Makes an admin with `npm run admin:create` in the shop's environment, the password on standard
 * input as the README shows (never as an argument). Use it in `runShop`'s `beforeStart`.
 */
export async function createAdminBeforeStart(env: NodeJS.ProcessEnv, email: string, password: string): Promise<void> {
  await runTsxScript('admin:create', 'scripts/admin-create.ts', {
    args: ['--email', email],
    env,
    stdin: `${password}\n`,
  });
}

/**
 * The journeys' `test` with a shop per worker whose admins were made with `npm run admin:create`
 * before it started, as the README says.
 */
export function testWithAdmins(admins: { email: string; password: string }[]) {
  return base.extend<object, { shop: ShopServer }>({
    shop: [
      // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies in a destructured first argument.
      async ({}, use) =>
        runShop(use, {
          beforeStart: async (env) => {
            for (const admin of admins) await createAdminBeforeStart(env, admin.email, admin.password);
          },
        }),
      { scope: 'worker', timeout: 120_000 },
    ],
  });
}
