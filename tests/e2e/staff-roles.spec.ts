import { adminShopAdmins, adminShopTest } from './admin-shop';
import type { Browser, Page } from '@playwright/test';
import { codeAfter, signInAdminSettingUpMfa, linkFromMail } from './accounts-support';
import { expect, waitsForTheApp } from './fixtures';
import {
  addVirtualAuthenticator,
  placeOrder,
  setUpPasskeyInstead,
  signInWithPasskey,
  signOut,
} from './passkey-support';

const OWNER_EMAIL = adminShopAdmins.owner.email;
const OWNER_PASSWORD = adminShopAdmins.owner.password;

// The step-up prompt and a refused page start from the server's 403 answers, which the browser logs.
const test = adminShopTest;
test.use({ allowConsoleErrors: ['the server responded with a status of 403'] });

const menuOf = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allTextContents()).map((text) =>
    text.trim(),
  );

const INVITEE_PASSWORD = 'invitee-pass-1';

/**
 * The invitee opens the e-mailed link in their own browser (with its own platform authenticator),
 * chooses a password and sets up a passkey as their second factor.
 */
async function acceptInvitation(browser: Browser, baseURL: string, link: string) {
  const context = await browser.newContext({ baseURL });
  const page = waitsForTheApp(await context.newPage());
  await addVirtualAuthenticator(page);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Join the Dropwise admin' })).toBeVisible();
  await page.getByLabel('Password').fill(INVITEE_PASSWORD);
  await page.getByRole('button', { name: 'Create account and continue' }).click();
  const modal = page.getByRole('dialog', { name: 'Multi-factor authentication required' });
  await setUpPasskeyInstead(page, modal);
  await expect(modal).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  return page;
}

test('an Owner invites a salesperson and a finance clerk, who sign in with passkeys; each sees only their menu and does only their job', async ({
  page,
  shop,
  browser,
}) => {
  test.setTimeout(240_000);
  page.on('dialog', (dialog) => void dialog.accept());
  const buyer = await browser.newContext({ baseURL: shop.baseURL });
  const order = await placeOrder(waitsForTheApp(await buyer.newPage()), shop.dataDir, 'roles-buyer');
  await buyer.close();
  const { secret, usedStep } = await signInAdminSettingUpMfa(page, OWNER_EMAIL, OWNER_PASSWORD);

  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  expect(await menuOf(page)).toEqual([
    'Dashboard',
    'Users',
    'Staff',
    'Quotes',
    'Orders',
    'Customers',
    'Instruments',
    'Invoice register',
    'Receipts on account',
    'Aged debt',
    'Abandoned checkouts',
    'Service',
    'Settings',
    'Batches',
    'Production',
    'Audit log',
    'My sessions',
    'Privacy',
  ]);

  const stamp = Date.now();
  const salesEmail = `sales-${stamp}@example.com`;
  const financeEmail = `finance-${stamp}@example.com`;
  const invite = page.getByRole('form', { name: 'Invite a staff member' });
  await invite.getByLabel('First name').fill('Sam');
  await invite.getByLabel('Last name').fill('Seller');
  await invite.getByLabel('E-mail').fill(salesEmail);
  // No role is ticked until one is chosen; "Invite … as Sales?" is accepted by the dialog handler above.
  await invite.getByLabel('Sales').check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
  await stepUp.getByLabel('Verification code').fill(codeAfter(secret, usedStep));
  await stepUp.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('invitation').filter({ hasText: salesEmail })).toContainText('Sam Seller');
  await expect(page.getByTestId('invitation').filter({ hasText: salesEmail })).toContainText('Sales');

  // The form emptied after the first invitation: Sales is no longer ticked.
  await expect(invite.getByLabel('Sales')).not.toBeChecked();
  await invite.getByLabel('First name').fill('Fran');
  await invite.getByLabel('Last name').fill('Figures');
  await invite.getByLabel('E-mail').fill(financeEmail);
  await invite.getByLabel('Finance').check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('invitation').filter({ hasText: financeEmail })).toContainText('Finance');

  // The salesperson: quotes, orders and abandoned checkouts; no Users, Staff, Settings or Audit log.
  const sales = await acceptInvitation(
    browser,
    shop.baseURL,
    await linkFromMail(shop.dataDir, salesEmail, 'You are invited to the Dropwise admin'),
  );
  await sales.goto('/admin');
  expect(await menuOf(sales)).toEqual([
    'Dashboard',
    'Quotes',
    'Orders',
    'Customers',
    'Aged debt',
    'Abandoned checkouts',
    'Production',
    'My sessions',
  ]);
  await sales.goto('/admin/settings');
  await expect(sales.getByRole('heading', { name: "You don't have access to this" })).toBeVisible();
  await expect(sales.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
  // Still signed in: the refusal does not sign out.
  await sales.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expect(sales.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();

  // The salesperson signs in again with the passkey, finds the buyer among the customers and
  // confirms their order; recording its payment is not offered (the API refuses it: staff-roles.test.ts).
  await signOut(sales);
  await signInWithPasskey(sales, salesEmail, INVITEE_PASSWORD);
  await sales.goto('/admin/customers');
  await sales.getByRole('searchbox').fill(order.email.slice(0, 18).toUpperCase());
  await sales.getByRole('button', { name: 'Search' }).click();
  const customerRow = sales.getByRole('table', { name: 'Customers' }).getByRole('row').filter({ hasText: order.email });
  await expect(customerRow).toContainText('Harvard Lab');
  await expect(customerRow.getByRole('cell').nth(5)).toHaveText('1');
  await customerRow.getByRole('link', { name: 'Grace Hopper' }).click();
  await expect(sales.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await sales.getByRole('table', { name: 'Orders' }).getByRole('link', { name: order.orderNumber }).click();
  await expect(sales.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  const edit = sales.getByRole('form', { name: 'Edit order' });
  await edit.getByRole('combobox', { name: 'Status', exact: true }).selectOption('confirmed');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(sales.getByText('Order updated successfully')).toBeVisible();
  await expect(sales.getByRole('heading', { name: `Order ${order.orderNumber}` }).locator('..')).toContainText(
    'Confirmed',
  );
  await expect(sales.getByRole('form', { name: 'Record a payment' })).toHaveCount(0);

  // The finance clerk: orders (payments and invoices are on the order), the invoice register, and
  // Settings for the business profile (view only); no Quotes or Staff.
  const finance = await acceptInvitation(
    browser,
    shop.baseURL,
    await linkFromMail(shop.dataDir, financeEmail, 'You are invited to the Dropwise admin'),
  );
  await finance.goto('/admin');
  expect(await menuOf(finance)).toEqual([
    'Dashboard',
    'Orders',
    'Customers',
    'Invoice register',
    'Receipts on account',
    'Aged debt',
    'Settings',
    'My sessions',
  ]);
  await finance.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'My sessions' }).click();
  await expect(finance.getByTestId('session').filter({ hasText: '(this browser)' })).toContainText('Chrome on Linux');
  await finance.goto('/admin/staff');
  await expect(finance.getByRole('heading', { name: "You don't have access to this" })).toBeVisible();

  // The finance clerk signs in again with the passkey and records the deposit, confirming the
  // step-up with it; the order's edit form (and the price list) are not theirs.
  await signOut(finance);
  await signInWithPasskey(finance, financeEmail, INVITEE_PASSWORD);
  await finance.goto(`/admin/orders/${order.id}`);
  await expect(finance.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(finance.getByRole('form', { name: 'Edit order' })).toHaveCount(0);
  const payments = finance.getByRole('form', { name: 'Record a payment' });
  await payments.getByLabel("Payer's reference").fill('BACS-ROLES');
  await payments.getByRole('button', { name: 'Record payment' }).click();
  const financeStepUp = finance.getByRole('dialog', { name: 'Confirm with your authenticator' });
  await financeStepUp.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(finance.getByText('Payment recorded')).toBeVisible();
  await expect(finance.getByRole('heading', { name: `Order ${order.orderNumber}` }).locator('..')).toContainText(
    'Deposit Paid',
  );
  await finance.goto('/admin/product-configurations');
  await expect(finance.getByRole('heading', { name: "You don't have access to this" })).toBeVisible();

  // The Owner sees both as staff with their roles.
  await page.reload();
  // A full reload loads the admin again; on a busy machine that can take longer than one expect's default.
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('staff-member').filter({ hasText: salesEmail })).toContainText('Sales');
  await expect(page.getByTestId('staff-member').filter({ hasText: financeEmail })).toContainText('Finance');

  // The Owner adds Catalogue to the salesperson's roles; their menu gains Settings at the next page.
  const salesRow = page.getByTestId('staff-member').filter({ hasText: salesEmail });
  await salesRow.getByRole('button', { name: 'Change roles' }).click();
  await salesRow
    .getByRole('form', { name: `Roles of ${salesEmail}` })
    .getByLabel('Catalogue')
    .check();
  await salesRow.getByRole('button', { name: 'Save roles' }).click();
  await expect(salesRow).toContainText('Catalogue');
  await sales.goto('/admin/settings');
  await expect(sales.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  expect(await menuOf(sales)).toContain('Settings');
});
