import { setUpAuthenticator } from './accounts-support';
import { expect, runShop, type ShopServer, test as base } from './fixtures';

/**
 * A fresh shop of its own, started on an empty data folder as a new user's first `npm start`: no
 * admin exists, so it prints the one-time set-up link.
 */
const test = base.extend<object, { shop: ShopServer }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies in a destructured first argument.
    async ({}, use) => runShop(use, { fresh: true }),
    { scope: 'worker', timeout: 90_000 },
  ],
});

test('from the printed set-up link to the Admin Portal link: create the first admin, set up the authenticator, save the recovery codes', async ({
  page,
  shop,
}) => {
  await expect.poll(() => shop.output()).toContain('/setup?token=');
  const printed = shop
    .output()
    .match(/No admin exists yet\. Create the first one within 1 hour \(the link works once\): (\S+)/);
  const link = printed?.[1] ?? '';
  expect(link).toMatch(new RegExp(`^${shop.baseURL}/setup\\?token=[A-Za-z0-9_-]{43}$`));

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Create the first administrator' })).toBeVisible();
  await page.getByRole('button', { name: 'Create admin account' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill('owner-pass-123');
  await page.getByRole('button', { name: 'Create admin account' }).click();

  const modal = page.getByRole('dialog', { name: 'Multi-factor authentication required' });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('mfa-secret')).toBeVisible();
  await setUpAuthenticator(modal);
  await expect(modal).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin Portal' })).toHaveAttribute('href', '/admin');
  await expect(page.getByRole('main').getByRole('link', { name: 'Admin Portal' })).toBeVisible();

  // The link worked once, and an admin now exists.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText(
    'This set-up link is invalid, has expired or has already been used.',
  );
});
