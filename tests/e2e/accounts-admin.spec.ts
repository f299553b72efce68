import { createAdminBeforeStart, currentCode } from './accounts-support';
import { expect, runShop, type ShopServer, test as base } from './fixtures';

const ADMIN_EMAIL = 'first.admin@example.com';
const ADMIN_PASSWORD = 'admin-pass-123';

/** A shop whose first admin was made with `npm run admin:create` before it started, as the README says. */
const test = base.extend<object, { shop: ShopServer }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies in a destructured first argument.
    async ({}, use) =>
      runShop(use, {
        beforeStart: (env) => createAdminBeforeStart(env, ADMIN_EMAIL, ADMIN_PASSWORD),
      }),
    { scope: 'worker', timeout: 120_000 },
  ],
});

test('the first admin meets the MFA setup modal, restarts setup, verifies and reaches the Admin Portal link', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

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
  const secret = (await modal.getByTestId('mfa-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await modal.getByRole('button', { name: 'Continue' }).click();
  await modal.getByLabel('Verification code').fill(currentCode(secret).code);
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Authentication complete!')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin Portal' })).toHaveAttribute('href', '/admin');

  await page.goto('/my-account?tab=settings');
  const accountType = page.getByRole('main').locator('dd').first();
  await expect(accountType).toContainText('Administrator');
  await expect(accountType.getByText('Admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Admin Portal' })).toBeVisible();
});
