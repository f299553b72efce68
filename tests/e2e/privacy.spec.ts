import { adminShopAdmins, adminShopTest } from './admin-shop';
import { strFromU8, unzipSync } from 'fflate';
import { codeAfter, signInAdminSettingUpMfa, linkFromMail, submitSignIn } from './accounts-support';
import { expect, waitsForTheApp } from './fixtures';
import { defaultSelection } from '../../src/shared/pricing/pricing-fixture';
import { erasureTerms } from '../../src/shared/privacy/privacy-contracts';

const ADMIN_EMAIL = adminShopAdmins.privacy.email;
const ADMIN_PASSWORD = adminShopAdmins.privacy.password;

const test = adminShopTest;
// Both journeys in one worker, one after the other, on the one shop this file makes: run on both
// workers at once, each would start a shop (and its admins) of its own (decision 0073).
test.describe.configure({ mode: 'default' });
// The step-up prompt starts from the server's 403 step_up_required answer; a refused sign-in is a 400.
test.use({
  allowConsoleErrors: ['the server responded with a status of 403', 'the server responded with a status of 400'],
});

test('a customer downloads their data, then closes the account and can no longer sign in', async ({ page, shop }) => {
  test.setTimeout(120_000);
  const email = `leaving-${Date.now()}@example.com`;
  const password = 'leaving-pass-1';
  expect((await page.request.post('/api/auth/signup', { data: { email, password } })).status()).toBe(201);
  await page.request.get(await linkFromMail(shop.dataDir, email, 'Confirm your Dropwise account'));
  const quote = await page.request.post('/api/quotes', {
    data: {
      configuration: defaultSelection,
      customerInfo: { email, firstName: 'Mary', lastName: 'Somerville', organization: 'Somerville Labs' },
      flowType: 'quote',
    },
  });
  expect(quote.status()).toBe(201);
  const quoteNumber = ((await quote.json()) as { quote: { quoteNumber: string } }).quote.quoteNumber;

  await submitSignIn(page, email, password);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await page.goto('/my-account');
  await page.getByRole('tab', { name: 'Settings' }).click();

  // Download my data: prepared in the background, then linked by e-mail.
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByText('Your copy is ready: we have e-mailed you the download link.')).toBeVisible({
    timeout: 30_000,
  });
  const link = await linkFromMail(shop.dataDir, email, 'Your Dropwise data is ready to download');
  const download = await page.request.get(link);
  expect(download.status()).toBe(200);
  const files = unzipSync(new Uint8Array(await download.body()));
  const data = JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as {
    profile: { email: string };
    quotes: { quoteNumber: string }[];
  };
  expect(data.profile.email).toBe(email);
  expect(data.quotes.map((q) => q.quoteNumber)).toContain(quoteNumber);
  expect(files[`documents/${quoteNumber}.pdf`]).toBeDefined();

  // Close my account: the confirmation says what is deleted and what the law keeps.
  await page.getByRole('button', { name: 'Close my account…' }).click();
  const closing = page.getByRole('region', { name: 'Close my account' });
  await expect(closing.getByText(erasureTerms.kept[0])).toBeVisible();
  await closing.getByRole('button', { name: 'Close my account' }).click();
  await expect(closing.getByRole('alert')).toHaveText('Please confirm that you want to close your account.');
  await closing.getByLabel('I understand that my account and data are deleted and this cannot be undone.').check();
  await closing.getByLabel('Password').fill(password);
  await closing.getByRole('button', { name: 'Close my account' }).click();
  await expect(page.getByText('Your account is closed.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await linkFromMail(shop.dataDir, email, 'Your Dropwise data has been deleted');

  await submitSignIn(page, email, password);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("an admin finds a guest's records by e-mail and handles their erasure request", async ({
  page,
  shop,
  browser,
}) => {
  test.setTimeout(120_000);
  const guest = `guest-${Date.now()}@example.com`;
  const guestContext = await browser.newContext({ baseURL: shop.baseURL });
  const guestPage = waitsForTheApp(await guestContext.newPage());
  expect((await guestPage.request.post('/api/waitlist', { data: { email: guest } })).status()).toBe(201);
  const placed = await guestPage.request.post('/api/orders', {
    data: {
      configuration: defaultSelection,
      billing: {
        firstName: 'Grace',
        lastName: 'Hopper',
        company: 'Navy Labs',
        email: guest,
        address: '1 Harbour Road',
        city: 'Lancaster',
        postalCode: 'LA1 1AA',
        country: 'GB',
      },
      notes: '',
      idempotencyKey: `privacy-${Date.now()}`,
      acceptTerms: true,
    },
  });
  expect(placed.status()).toBe(201);
  const orderNumber = ((await placed.json()) as { order: { orderNumber: string } }).order.orderNumber;
  await guestContext.close();

  const { secret, usedStep } = await signInAdminSettingUpMfa(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  await page.goto('/admin/privacy');
  await page.getByLabel("Person's e-mail").fill(guest);
  await page.getByRole('button', { name: 'Search' }).click();
  const orders = page.getByRole('region', { name: 'Orders' });
  await expect(orders).toContainText(orderNumber);
  await expect(orders).toContainText('deleted on erasure');
  await expect(page.getByRole('region', { name: 'Waitlist and incomplete records' })).toContainText('USA waitlist');

  await page.getByLabel('Request type').selectOption('erasure');
  await page.getByLabel('Received by').selectOption('email');
  await page.getByRole('button', { name: `Log request for ${guest}` }).click();
  const register = page.getByRole('region', { name: 'Request register' });
  const row = register.getByRole('row').filter({ hasText: 'g***@example.com' });
  await expect(row).toContainText('Open');
  await row.getByRole('button', { name: 'Erase…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm erasure' });
  await expect(confirm).toContainText(erasureTerms.kept[0]);
  await confirm.getByRole('button', { name: 'Erase now' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
  await stepUp.getByLabel('Verification code').fill(codeAfter(secret, usedStep));
  await stepUp.getByRole('button', { name: 'Verify' }).click();
  await expect(row).toContainText('Erased');
  await expect(row).toContainText(ADMIN_EMAIL);

  // Searching again finds nothing held.
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`Nothing is held under ${guest}.`)).toBeVisible();
});
