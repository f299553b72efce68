import { codeAfter, signInAdminSettingUpMfa, testWithAdmins } from './accounts-support';
import { expect, waitsForTheApp } from './fixtures';

const ADMIN_EMAIL = 'owner@example.com';
const ADMIN_PASSWORD = 'owner-pass-4411';

// The bank change's step-up prompt starts from the server's 403 step_up_required; a refused field is a 400.
const test = testWithAdmins([{ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }]);
test.use({
  allowConsoleErrors: ['the server responded with a status of 403', 'the server responded with a status of 400'],
});

test('the owner edits the business profile; the contact page shows it at once; the bank change asks for a fresh code', async ({
  page,
  shop,
  browser,
}) => {
  test.setTimeout(120_000);
  const { secret, usedStep } = await signInAdminSettingUpMfa(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  await page.goto('/admin/settings');
  await page.getByRole('link', { name: /Business Profile/ }).click();
  await expect(page).toHaveURL(/\/admin\/business-profile$/);
  const details = page.getByRole('form', { name: 'Company details' });
  await details.getByLabel('Legal name').fill('Harbourline Scientific Ltd');
  await details.getByLabel(/Sales mailbox/).fill('not-an-address');
  await details.getByRole('button', { name: 'Save company details' }).click();
  await expect(details.getByText('Please enter a valid email address')).toBeVisible();
  await details.getByLabel(/Sales mailbox/).fill('orders@harbourline.test');
  await details.getByRole('button', { name: 'Save company details' }).click();
  await expect(page.getByText('Business profile saved')).toBeVisible();

  // A new visitor's contact page (prerendered) shows the change, with no rebuild.
  const visitor = waitsForTheApp(await (await browser.newContext({ baseURL: shop.baseURL })).newPage());
  await visitor.goto('/contact');
  await expect(visitor.getByRole('main')).toContainText('Harbourline Scientific Ltd');
  await expect(visitor.getByRole('main').getByRole('link', { name: 'orders@harbourline.test' })).toHaveAttribute(
    'href',
    'mailto:orders@harbourline.test',
  );
  await expect(visitor.getByRole('contentinfo')).toContainText('Harbourline Scientific Ltd');

  // The bank accounts: a fresh authenticator code first.
  const bank = page.getByRole('form', { name: 'Bank accounts' });
  await bank.getByLabel('IBAN').fill('GB33 BUKB 2020 1555 5555 55');
  await bank.getByLabel('BIC').fill('BUKBGB22');
  await bank.getByRole('button', { name: 'Save bank accounts' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
  await stepUp.getByLabel('Verification code').fill(codeAfter(secret, usedStep));
  await stepUp.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/Bank accounts saved/)).toBeVisible();
  await expect(bank.getByLabel('IBAN')).toHaveValue('GB33 BUKB 2020 1555 5555 55');
});
