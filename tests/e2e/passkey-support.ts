import type { CDPSession, Locator, Page } from '@playwright/test';
import { defaultSelection } from '../../src/shared/pricing/pricing-fixture';
import { linkFromMail, submitSignIn } from './accounts-support';
import { expect } from './fixtures';

/**
 * Chromium's virtual authenticator (DevTools WebAuthn domain): a platform authenticator with
 * resident keys and user verification that says yes at once, as a laptop's fingerprint reader would.
 */
export async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * In the admin's "Multi-factor authentication required" modal: a passkey instead of an
 * authenticator app, then the recovery codes shown once are saved; the admin opens.
 */
export async function setUpPasskeyInstead(page: Page, modal: Locator) {
  await modal.getByRole('button', { name: 'Set up a passkey instead' }).click();
  const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(codes.getByTestId('recovery-code')).toHaveCount(10);
  await codes.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText('Authentication complete!')).toBeVisible();
}

/** Signs in on /login with the password, then finishes the two-factor challenge with the passkey. */
export async function signInWithPasskey(page: Page, email: string, password: string) {
  await submitSignIn(page, email, password);
  const challenge = page.getByRole('dialog', { name: 'Two-factor authentication' });
  await challenge.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByText('Authentication complete!')).toBeVisible();
  await expect(challenge).toBeHidden();
}

/** A customer's order placed through the API (a new confirmed account), for staff to work on. */
export async function placeOrder(
  page: Page,
  dataDir: string,
  prefix = 'passkey-buyer',
): Promise<{ id: string; orderNumber: string; email: string }> {
  const email = `${prefix}-${Date.now()}@example.com`;
  expect((await page.request.post('/api/auth/signup', { data: { email, password: 'buyer-pass-1' } })).status()).toBe(
    201,
  );
  await page.request.get(await linkFromMail(dataDir, email, 'Confirm your Dropwise account'));
  expect((await page.request.post('/api/auth/signin', { data: { email, password: 'buyer-pass-1' } })).status()).toBe(
    200,
  );
  const placed = await page.request.post('/api/orders', {
    data: {
      configuration: defaultSelection,
      billing: {
        firstName: 'Grace',
        lastName: 'Hopper',
        company: 'Harvard Lab',
        email,
        address: '1 Oxford Street',
        city: 'Lancaster',
        postalCode: 'LA1 1AA',
        country: 'GB',
      },
      idempotencyKey: `${prefix}-${Date.now()}`,
      acceptTerms: true,
    },
  });
  expect(placed.status()).toBe(201);
  return { ...((await placed.json()).order as { id: string; orderNumber: string }), email };
}

/** Signs out from the account page (the admin has no sign-out of its own); the browser lands on /. */
export async function signOut(page: Page) {
  await page.goto('/my-account?tab=settings');
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
}
