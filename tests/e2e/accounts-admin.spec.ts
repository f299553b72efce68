import { adminShopAdmins, adminShopTest } from './admin-shop';
import { currentCode, setUpAuthenticator, submitSignIn } from './accounts-support';
import { expect } from './fixtures';

const ADMIN_EMAIL = adminShopAdmins.first.email;
const ADMIN_PASSWORD = adminShopAdmins.first.password;

const test = adminShopTest;

// The wrong codes of the lockout are answered 400, then 429, which the browser logs.
test.use({
  allowConsoleErrors: ['the server responded with a status of 400', 'the server responded with a status of 429'],
});

test('the first admin meets the MFA setup modal, restarts setup, verifies and reaches the Admin Portal link; wrong codes lock the authenticator and a recovery code still signs in', async ({
  page,
}) => {
  await submitSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  const modal = page.getByRole('dialog', { name: 'Multi-factor authentication required' });
  await expect(modal).toBeVisible();
  // Only Sign Out is offered besides the setup card, and the navigation is disabled.
  await expect(modal.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cancel & Sign Out' })).toBeVisible();
  await expect(modal.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(modal.getByText('Factor ID')).toBeVisible();
  const firstSecret = (await modal.getByTestId('mfa-secret').textContent())?.trim() ?? '';

  // Restart Setup removes the factor and shows a new secret.
  await modal.getByRole('button', { name: 'Continue' }).click();
  await modal.getByRole('button', { name: 'Restart Setup' }).click();
  await expect(modal.getByTestId('mfa-secret')).not.toHaveText(firstSecret);
  // The recovery codes are shown once, and the modal stays until they are saved.
  const { secret, recoveryCode } = await setUpAuthenticator(modal);
  await expect(modal).toBeHidden();
  await expect(page.getByText('Authentication complete!')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin Portal' })).toHaveAttribute('href', '/admin');

  await page.goto('/my-account?tab=settings');
  const accountType = page.getByRole('main').locator('dd').first();
  await expect(accountType).toContainText('Administrator');
  await expect(accountType.getByText('Admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Admin Portal' })).toBeVisible();
  await expect(page.getByText('Recovery codes: 10 unused.', { exact: false })).toBeVisible();

  // A lost phone: sign in again with a recovery code instead of an authenticator code.
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await submitSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  const challenge = page.getByRole('dialog', { name: 'Two-factor authentication' });
  // Five wrong codes in a row lock the authenticator for 15 minutes, and the admin is told so.
  const wrong = currentCode(secret).code === '000000' ? '111111' : '000000';
  for (let attempt = 1; attempt <= 4; attempt++) {
    await challenge.getByLabel('Verification code').fill(wrong);
    await challenge.getByRole('button', { name: 'Verify' }).click();
    await expect(challenge.getByRole('alert')).toHaveText('Invalid verification code. Please try again.');
    await expect(challenge.getByLabel('Verification code')).toHaveValue('');
  }
  await challenge.getByLabel('Verification code').fill(wrong);
  await challenge.getByRole('button', { name: 'Verify' }).click();
  await expect(challenge.getByRole('alert')).toHaveText(
    'Too many incorrect codes. For your security, this authenticator is locked for 15 minutes. Try again later, or use a recovery code.',
  );
  // A recovery code still works while the authenticator is locked.
  await challenge.getByRole('button', { name: 'Use a recovery code' }).click();
  await challenge.getByLabel('Recovery code').fill(recoveryCode.toUpperCase());
  await challenge.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Authentication complete!')).toBeVisible();
  await expect(challenge).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin Portal' })).toBeVisible();
});
