import type { Browser, Page } from '@playwright/test';
import {
  codeAfter,
  signInAdminSettingUpMfa,
  linkFromMail,
  setUpAuthenticator,
  testWithAdmins,
} from './accounts-support';
import { expect, waitsForTheApp } from './fixtures';

const OWNER_EMAIL = 'owner.roles@example.com';
const OWNER_PASSWORD = 'owner-pass-789';

// The step-up prompt and a refused page start from the server's 403 answers, which the browser logs.
const test = testWithAdmins([{ email: OWNER_EMAIL, password: OWNER_PASSWORD }]);
test.use({ allowConsoleErrors: ['the server responded with a status of 403'] });

const menuOf = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allTextContents()).map((text) =>
    text.trim(),
  );

/** The invitee opens the e-mailed link in their own browser, chooses a password and sets up an authenticator. */
async function acceptInvitation(browser: Browser, baseURL: string, link: string) {
  const context = await browser.newContext({ baseURL });
  const page = waitsForTheApp(await context.newPage());
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Join the Dropwise admin' })).toBeVisible();
  await page.getByLabel('Password').fill('invitee-pass-1');
  await page.getByRole('button', { name: 'Create account and continue' }).click();
  const modal = page.getByRole('dialog', { name: 'Multi-factor authentication required' });
  await setUpAuthenticator(modal);
  await expect(modal).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  return page;
}

test('an Owner invites a salesperson and a finance clerk; each sees only their menu, and a page their role lacks says so', async ({
  page,
  shop,
  browser,
}) => {
  test.setTimeout(150_000);
  page.on('dialog', (dialog) => void dialog.accept());
  const { secret, usedStep } = await signInAdminSettingUpMfa(page, OWNER_EMAIL, OWNER_PASSWORD);

  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  expect(await menuOf(page)).toEqual([
    'Dashboard',
    'Users',
    'Staff',
    'Quotes',
    'Orders',
    'Invoice register',
    'Abandoned checkouts',
    'Settings',
    'Audit log',
    'My sessions',
    'Privacy',
  ]);

  const stamp = Date.now();
  const salesEmail = `sales-${stamp}@example.com`;
  const financeEmail = `finance-${stamp}@example.com`;
  const invite = page.getByRole('form', { name: 'Invite a staff member' });
  await invite.getByLabel('E-mail').fill(salesEmail);
  // Sales is ticked by default.
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
  await stepUp.getByLabel('Verification code').fill(codeAfter(secret, usedStep));
  await stepUp.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('invitation').filter({ hasText: salesEmail })).toContainText('Sales');

  await invite.getByLabel('E-mail').fill(financeEmail);
  await invite.getByLabel('Sales').uncheck();
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
  expect(await menuOf(sales)).toEqual(['Dashboard', 'Quotes', 'Orders', 'Abandoned checkouts', 'My sessions']);
  await sales.goto('/admin/settings');
  await expect(sales.getByRole('heading', { name: "You don't have access to this" })).toBeVisible();
  await expect(sales.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
  // Still signed in: the refusal does not sign out.
  await sales.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expect(sales.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();

  // The finance clerk: orders (payments and invoices are on the order), the invoice register, and
  // Settings for the business profile (view only); no Quotes or Staff.
  const finance = await acceptInvitation(
    browser,
    shop.baseURL,
    await linkFromMail(shop.dataDir, financeEmail, 'You are invited to the Dropwise admin'),
  );
  await finance.goto('/admin');
  expect(await menuOf(finance)).toEqual(['Dashboard', 'Orders', 'Invoice register', 'Settings', 'My sessions']);
  await finance.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'My sessions' }).click();
  await expect(finance.getByTestId('session').filter({ hasText: '(this browser)' })).toContainText('Chrome on Linux');
  await finance.goto('/admin/staff');
  await expect(finance.getByRole('heading', { name: "You don't have access to this" })).toBeVisible();

  // The Owner sees both as staff with their roles.
  await page.reload();
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
