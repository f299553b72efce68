import { signInAdminSettingUpMfa } from './accounts-support';
import { adminShopAdmins, adminShopTest } from './admin-shop';
import { expect } from './fixtures';

const ADMIN_EMAIL = adminShopAdmins.sales.email;
const ADMIN_PASSWORD = adminShopAdmins.sales.password;

const test = adminShopTest;

test('sales finds an abandoned checkout, marks it contacted with a note, and can export the list', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAdminSettingUpMfa(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Abandoned checkouts' }).click();
  await expect(page).toHaveURL(/\/admin\/abandoned$/);
  const table = page.getByRole('table', { name: 'Abandoned checkouts' });
  const row = table.getByRole('row').filter({ hasText: 'left.cart@example.com' });
  await expect(row).toContainText('Grace Hopper');
  await expect(row).toContainText('Harvard Computation Lab');
  await expect(row).toContainText('review');
  await expect(row).toContainText('Dropwise Standard');
  await expect(row).toContainText('£4,882.50');
  await expect(row).toContainText('Not contacted');
  await expect(page.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', /\/api\/admin\/abandoned\.csv/);

  await row.getByRole('button', { name: 'Mark contacted' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark contacted' });
  await expect(dialog.getByLabel('Contacted')).toBeChecked();
  await dialog.getByLabel('Note').fill('Phoned Grace, order expected after the grant');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Phoned Grace, order expected after the grant');
  await expect(row.getByRole('button', { name: 'Edit follow-up' })).toBeVisible();

  const csv = await page.request.get('/api/admin/abandoned.csv');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('"Phoned Grace, order expected after the grant"');
});
