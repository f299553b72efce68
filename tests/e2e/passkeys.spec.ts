import { codeAfter, signInAdminSettingUpMfa, testWithAdmins, submitSignIn } from './accounts-support';
import { expect, waitsForTheApp } from './fixtures';
import {
  addVirtualAuthenticator,
  placeOrder,
  setUpPasskeyInstead,
  signInWithPasskey,
  signOut,
} from './passkey-support';

const ADMIN_EMAIL = 'passkey.admin@example.com';
const ADMIN_PASSWORD = 'admin-pass-789';
const PASSKEY_ONLY_EMAIL = 'passkey.only@example.com';

const test = testWithAdmins([
  { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  { email: PASSKEY_ONLY_EMAIL, password: ADMIN_PASSWORD },
]);
// Both journeys in one worker, one after the other, on the one shop this file makes: run on both
// workers at once, each would start a shop (and its admins) of its own (decision 0073).
test.describe.configure({ mode: 'default' });
// The step-up starts from the server's 403, and the refused passkey is answered 400: the browser logs both.
test.use({
  allowConsoleErrors: ['the server responded with a status of 403', 'the server responded with a status of 400'],
});

test('an admin registers a passkey, signs in and steps up with it; another origin and a removed passkey are refused', async ({
  page,
  shop,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await browser.newContext({ baseURL: shop.baseURL });
  const order = await placeOrder(waitsForTheApp(await customer.newPage()), shop.dataDir);
  await customer.close();

  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  // The admin signs in and sets up the authenticator app the admin must have.
  const { secret, usedStep, recoveryCode } = await signInAdminSettingUpMfa(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  // Registration, from the account's security settings: a name, a fresh code (a factor is verified), the device.
  await page.goto('/my-account?tab=settings');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await passkeys.getByLabel('Passkey name').fill('Work laptop');
  await passkeys.getByLabel('Authenticator or recovery code').fill(codeAfter(secret, usedStep));
  await passkeys.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  const list = passkeys.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Work laptop');
  await expect(list).toContainText('Last used never');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.rpId).toBe('localhost');

  // Sign-in: the challenge offers the passkey, which finishes it.
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInWithPasskey(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin Portal' })).toBeVisible();

  // Step-up before money moves: the dialog offers the passkey.
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  const payments = page.getByRole('form', { name: 'Record a payment' });
  await payments.getByLabel("Payer's reference").fill('BACS-PASSKEY');
  await payments.getByRole('button', { name: 'Record payment' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
  await stepUp.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  await expect(stepUp).toBeHidden();
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` }).locator('..')).toContainText(
    'Deposit Paid',
  );

  // The Owner requires passkeys for payments; in a new session a refund then takes only the passkey.
  await page.goto('/admin/system-settings');
  const requirePasskeys = page.getByRole('switch', { name: 'Require Passkeys for Payments' });
  await expect(requirePasskeys).toHaveAttribute('aria-checked', 'false');
  await requirePasskeys.click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('System settings have been saved successfully!')).toBeVisible();
  await signOut(page);
  await signInWithPasskey(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto(`/admin/orders/${order.id}`);
  await page.getByRole('button', { name: 'Refund…' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('form', { name: 'Record a refund' }).getByRole('button', { name: 'Record refund' }).click();
  const passkeyOnly = page.getByRole('dialog', { name: 'Confirm with your passkey' });
  await expect(
    passkeyOnly.getByText('This action needs a passkey. Confirm with your passkey to continue.'),
  ).toBeVisible();
  await expect(passkeyOnly.getByLabel('Verification code')).toHaveCount(0);
  await passkeyOnly.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(passkeyOnly).toBeHidden();
  await expect(page.getByRole('main').getByText(/BACS-PASSKEY .* refunded/)).toBeVisible();

  await page.goto('/my-account?tab=settings');
  await expect(list).not.toContainText('Last used never');

  // A ceremony begun now (its challenge valid for 5 minutes) is kept for after the removal.
  const stale = await page.evaluate(async () => {
    const response = await fetch('/api/auth/passkeys/authentication-options', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await response.json()) as { challengeId: string; options: unknown };
  });

  // Another origin (a look-alike site at 127.0.0.1 on the same port): the browser will not use the
  // shop's passkey there, so no assertion for the shop can be made from it.
  const port = new URL(shop.baseURL).port;
  await page.goto(`http://127.0.0.1:${port}/about`);
  const foreign = await page.evaluate(async (options) => {
    const fromBase64url = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const request = options as { challenge: string; allowCredentials: { id: string; type: 'public-key' }[] };
    try {
      await navigator.credentials.get({
        publicKey: {
          challenge: fromBase64url(request.challenge),
          rpId: 'localhost',
          allowCredentials: request.allowCredentials.map((c) => ({ type: c.type, id: fromBase64url(c.id) })),
          userVerification: 'required',
        },
      });
      return 'made an assertion';
    } catch (error) {
      return (error as Error).name;
    }
  }, stale.options);
  expect(foreign).toBe('SecurityError');

  // Removal needs a fresh code (here a recovery code); then the list is empty.
  await page.goto('/my-account?tab=settings');
  await list.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
  await passkeys.getByLabel('Authenticator or recovery code').fill(recoveryCode);
  await passkeys.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();

  // The authenticator still holds the removed passkey and answers the earlier challenge: the shop refuses it.
  const refused = await page.evaluate(async ({ challengeId, options }) => {
    const fromBase64url = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const toBase64url = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const request = options as { challenge: string; rpId: string; allowCredentials: { id: string }[] };
    const credential = (await navigator.credentials.get({
      publicKey: {
        challenge: fromBase64url(request.challenge),
        rpId: request.rpId,
        allowCredentials: request.allowCredentials.map((c) => ({ type: 'public-key', id: fromBase64url(c.id) })),
        userVerification: 'required',
      },
    })) as PublicKeyCredential;
    const assertion = credential.response as AuthenticatorAssertionResponse;
    const response = await fetch('/api/auth/passkeys/authentication', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        challengeId,
        credential: {
          id: credential.id,
          rawId: toBase64url(credential.rawId),
          type: 'public-key',
          clientExtensionResults: {},
          response: {
            clientDataJSON: toBase64url(assertion.clientDataJSON),
            authenticatorData: toBase64url(assertion.authenticatorData),
            signature: toBase64url(assertion.signature),
          },
        },
      }),
    });
    return { status: response.status, body: (await response.json()) as { error: { code: string } } };
  }, stale);
  expect(refused.status).toBe(400);
  expect(refused.body.error.code).toBe('passkey_refused');
});

test('a new admin sets up a passkey instead of an authenticator app and signs in with it', async ({ page }) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await submitSignIn(page, PASSKEY_ONLY_EMAIL, ADMIN_PASSWORD);
  // The first factor brings the recovery codes, shown once before the admin goes on.
  await setUpPasskeyInstead(page, page.getByRole('dialog', { name: 'Multi-factor authentication required' }));
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin Portal' })).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

  // Signing in again: the challenge offers the passkey, and a recovery code in place of an app's code.
  await page.goto('/my-account?tab=settings');
  await expect(page.getByText('Signing in asks for your passkey (or a recovery code).')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await submitSignIn(page, PASSKEY_ONLY_EMAIL, ADMIN_PASSWORD);
  const challenge = page.getByRole('dialog', { name: 'Two-factor authentication' });
  await expect(challenge.getByLabel('Recovery code')).toBeVisible();
  await challenge.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByText('Authentication complete!')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
