import { adminShopAdmins, adminShopTest } from './admin-shop';
import type { Page } from '@playwright/test';
import {
  codeAfter,
  outboxHas,
  placeOrderAs,
  signInAdminSettingUpMfa,
  signUpConfirmedCustomer,
} from './accounts-support';
import { selectionWithOneAccessory } from '../support/selections';
import { expect, waitsForTheApp } from './fixtures';

const ADMIN_EMAIL = adminShopAdmins.operations.email;
const ADMIN_PASSWORD = adminShopAdmins.operations.password;
const XSS_NAME = '<img src=x onerror=alert(1)>';
const XSS_ORG = '<script>alert(2)</script>';

// The step-up prompt starts from the server's 403 step_up_required answer, which the browser logs.
const test = adminShopTest;
test.use({ allowConsoleErrors: ['the server responded with a status of 403'] });

/** Any dialog (alert from an injected script) fails the journey. */
function forbidDialogs(page: Page, seen: string[]) {
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'confirm') return void dialog.accept();
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/**
 * Opens an admin list on a 390-pixel phone and checks the first row's card: the page does not
 * scroll sideways, and each named column's value is on screen beside its name.
 */
async function expectCardsOnPhone(page: Page, path: string, table: string, cells: [label: string, text: string][]) {
  await page.goto(path);
  const firstRow = page.getByRole('table', { name: table }).locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${path} scrolls sideways`,
  ).toBeLessThanOrEqual(390);
  for (const [label, text] of cells) {
    const cell = firstRow.locator(`td[data-label="${label}"]`);
    await expect(cell).toContainText(text);
    await cell.scrollIntoViewIfNeeded();
    await expect(cell).toBeInViewport();
    const box = await cell.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, `${label} on ${path} fits the screen`).toBe(true);
    expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content), `${label} named`).toBe(`"${label}"`);
  }
}

test('an admin finds an order, confirms it, records the deposit with a fresh code and ships it; the customer sees it', async ({
  page,
  shop,
  browser,
}) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  // A customer with hostile text in their name, organisation, address and notes places an order.
  const customer = await browser.newContext({ baseURL: shop.baseURL });
  const customerPage = waitsForTheApp(await customer.newPage());
  forbidDialogs(customerPage, dialogs);
  const email = `buyer-${Date.now()}@example.com`;
  await signUpConfirmedCustomer(customerPage, shop.dataDir, email, 'buyer-pass-1');
  // A quote first (it copies its valid names into the profile), then hostile text in the profile.
  const quote = await customerPage.request.post('/api/quotes', {
    data: {
      configuration: selectionWithOneAccessory,
      customerInfo: { email, firstName: 'Rosalind', lastName: 'Franklin', organization: 'Kings College' },
      flowType: 'quote',
    },
  });
  expect(quote.status()).toBe(201);
  const quoteNumber = ((await quote.json()) as { quote: { quoteNumber: string } }).quote.quoteNumber;
  expect(
    (
      await customerPage.request.put('/api/account/profile', {
        data: { firstName: XSS_NAME, lastName: 'Tester', company: XSS_ORG, phone: '', country: 'GB' },
      })
    ).status(),
  ).toBe(200);
  const order = await placeOrderAs(customerPage, {
    configuration: selectionWithOneAccessory,
    billing: {
      firstName: XSS_NAME,
      lastName: 'Tester',
      company: XSS_ORG,
      email,
      address: '<img src=y onerror=alert(3)> Road',
      city: 'Lancaster',
      postalCode: 'LA1 1AA',
      country: 'GB',
    },
    notes: '<script>alert(4)</script>',
    idempotencyKey: `journey-${Date.now()}`,
  });
  const gbp = (minor: number) =>
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 }).format(
      minor / 100,
    );

  // The admin signs in, sets up the authenticator (a real TOTP code) and opens the orders list.
  forbidDialogs(page, dialogs);
  const { secret, usedStep } = await signInAdminSettingUpMfa(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  await page.goto('/admin/orders');
  await page.getByRole('searchbox').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/search=buyer-/);
  const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  // The shop cleans angle brackets from customer text on the way in (decision 0005); what is left is shown as text.
  await expect(rows.nth(1)).toContainText('img src=x onerror=alert(1)');
  await expect(rows.nth(1)).toContainText('alert(2)');
  await expect(page.locator('main img, main script')).toHaveCount(0);
  await rows.nth(1).getByRole('link', { name: order.orderNumber }).click();

  // Confirm the order.
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByText(/Customer's checkout note: .*alert\(4\)/)).toBeVisible();
  await expect(page.getByRole('main')).toContainText('onerror=alert(3) Road');
  await expect(page.locator('main img[src="y"], main script')).toHaveCount(0);
  const edit = page.getByRole('form', { name: 'Edit order' });
  await edit.getByRole('combobox', { name: 'Status', exact: true }).selectOption('confirmed');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Order updated successfully')).toBeVisible();
  // Nothing is on the books yet: the order may still be deleted.
  await expect(page.getByRole('button', { name: 'Delete order' })).toBeVisible();

  // Record the deposit: the server asks for a fresh code first.
  const payments = page.getByRole('form', { name: 'Record a payment' });
  await expect(payments.getByLabel(/Amount/)).toHaveValue((order.depositAmount / 100).toFixed(2));
  await payments.getByLabel("Payer's reference").fill('BACS-778');
  await payments.getByRole('button', { name: 'Record payment' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
  await stepUp.getByLabel('Verification code').fill(codeAfter(secret, usedStep));
  await stepUp.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` }).locator('..')).toContainText(
    'Deposit Paid',
  );
  // Payment status follows the recorded payments: read-only in the edit form. With a payment on the
  // books the order is cancelled, not deleted, and the page says why instead of offering Delete.
  await expect(edit.getByLabel('Payment status')).toHaveValue('Deposit Paid');
  await expect(edit.getByLabel('Payment status')).not.toBeEditable();
  await expect(edit.getByLabel('Invoice number')).not.toBeEditable();
  await expect(page.getByRole('button', { name: 'Delete order' })).toHaveCount(0);
  await expect(page.getByTestId('delete-refused')).toHaveText(
    'This order has payments or invoices: cancel it instead, with a credit note where one is due.',
  );

  // Shipping needs the balance paid: the form offers Shipped disabled and says why.
  const status = edit.getByRole('combobox', { name: 'Status', exact: true });
  await expect(status.locator('option[value="shipped"]')).toBeDisabled();
  await expect(status.locator('option[value="pending"]')).toBeDisabled();
  await expect(edit.getByTestId('status-hint')).toContainText('Shipping needs the balance paid');
  const figures = page.getByTestId('ledger-figures');
  await expect(page.getByTestId('ledger-paid')).toHaveText(gbp(order.depositAmount));
  await expect(page.getByTestId('ledger-outstanding')).toHaveText(gbp(order.totalAmount - order.depositAmount));
  await expect(figures).not.toContainText('Remaining balance');

  // Record the balance (still within the fresh code's five minutes): nothing is outstanding after it.
  await expect(payments.getByLabel(/Amount/)).toHaveValue(((order.totalAmount - order.depositAmount) / 100).toFixed(2));
  // The deposit's "Payment recorded" toast has gone first, so the one awaited below is the balance's.
  await expect(page.getByText('Payment recorded')).toHaveCount(0);
  await payments.getByRole('combobox', { name: 'Type' }).selectOption('balance');
  await payments.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  await expect(page.getByTestId('ledger-paid')).toHaveText(gbp(order.totalAmount));
  await expect(page.getByTestId('ledger-outstanding')).toHaveText(gbp(0));
  await expect(payments).toHaveCount(0);

  // Add a tracking number and ship.
  await edit.getByLabel('Tracking number').fill('1Z-JOURNEY-42');
  await edit.getByRole('combobox', { name: 'Carrier' }).selectOption('ups');
  await status.selectOption('shipped');
  // Shipping asks for the instrument's serial number (issue 26; its refusal without one: instruments.test.ts).
  await edit.getByLabel('Serial number 1').fill('DW-JOURNEY-0001');
  // And its final factory test against the settings' limits (issue 41; refusals: instrument-papers.test.ts).
  await edit.getByLabel('Rate accuracy % (instrument 1)').fill('-0.6');
  await edit.getByLabel('Volume delivered mL (instrument 1)').fill('10.02');
  await edit.getByLabel('Tested by (instrument 1)').fill('Journey Tester');
  await edit.getByLabel('Test date (instrument 1)').fill('2026-03-01');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Status updated via admin panel').last()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Instruments' })).toContainText('DW-JOURNEY-0001');
  await expect(
    page.getByRole('region', { name: 'Instruments' }).getByRole('link', { name: 'Factory test certificate' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status history' })).toContainText('confirmed → shipped');
  await expect(page.getByRole('link', { name: 'Track' })).toHaveAttribute('href', /ups\.com.*1Z-JOURNEY-42/);
  // Delivered follows shipped; re-saving Shipped writes nothing.
  await expect(status.locator('option[value="delivered"]')).toBeEnabled();
  await expect(status.locator('option[value="cancelled"]')).toBeDisabled();

  // The other admin views show the hostile text as text too.
  await page.goto('/admin/audit');
  await expect(page.getByRole('table', { name: 'Audit log' })).toContainText('order.payment');
  await expect(page.getByRole('table', { name: 'Audit log' })).toContainText('Confirmed → Shipped');
  await page.getByRole('combobox', { name: 'Admin', exact: true }).selectOption({ label: ADMIN_EMAIL });
  await expect(page).toHaveURL(/adminId=/);
  await expect(page.getByRole('table', { name: 'Audit log' })).toContainText('order.payment');
  await expect(page.getByRole('table', { name: 'Audit log' })).toContainText(ADMIN_EMAIL);
  await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
  const userRows = page.getByRole('table', { name: 'Users' }).getByRole('row');
  await expect(userRows).toHaveCount(2);
  await expect(userRows.nth(1)).toContainText('img src=x onerror=alert(1)');
  await expect(userRows.nth(1)).toContainText('alert(2)');
  await expect(page.locator('main img, main script')).toHaveCount(0);
  await page.goto(`/admin/quotes?search=${encodeURIComponent(email)}`);
  const quoteRows = page.getByRole('table', { name: 'Quotes' }).getByRole('row');
  await expect(quoteRows).toHaveCount(2);
  await expect(quoteRows.nth(1)).toContainText(quoteNumber);
  await expect(quoteRows.nth(1)).toContainText('img src=x onerror=alert(1)');
  await expect(quoteRows.nth(1)).toContainText('alert(2)');
  await expect(page.locator('main img, main script')).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByText('Orders this month')).toBeVisible();
  // Tiles are links to the lists they count; every admin path reloads with 200.
  await expect(page.getByRole('link', { name: /Balances awaiting payment/ })).toHaveAttribute(
    'href',
    '/admin/orders?paymentStatus=deposit_paid',
  );
  for (const path of ['/admin/abandoned', '/admin/register']) expect((await page.goto(path))?.status(), path).toBe(200);
  await expect(page.getByRole('heading', { name: 'Invoice register' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'VAT totals' })).toBeVisible();

  // On a phone the lists are stacked cards: no sideways scrolling, and every column (Total, Status,
  // Payment, Actions) on screen under its name.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectCardsOnPhone(page, `/admin/orders?search=${encodeURIComponent(email)}`, 'Orders', [
    ['Order', order.orderNumber],
    ['Total', gbp(order.totalAmount)],
    ['Status', 'Shipped'],
    ['Payment', 'Fully Paid'],
  ]);
  await expectCardsOnPhone(page, `/admin/users?search=${encodeURIComponent(ADMIN_EMAIL)}`, 'Users', [
    ['E-mail', ADMIN_EMAIL],
    ['Role', 'Admin'],
    ['Actions', 'Deactivate staff'],
  ]);
  await expectCardsOnPhone(page, '/admin/audit', 'Audit log', [
    ['Admin', ADMIN_EMAIL],
    ['Changes', ''],
  ]);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The customer sees Shipped, Paid, nothing remaining and the tracking number; the shipping e-mail is in the outbox.
  await customerPage.goto(`/order-details/${order.id}`);
  const main = customerPage.getByRole('main');
  await expect(main).toContainText('Shipped');
  await expect(main).toContainText('Paid');
  await expect(customerPage.getByTestId('customer-remaining')).toHaveText(gbp(0));
  await expect(main.getByText('Shipping Information')).toBeVisible();
  await expect(main).toContainText('1Z-JOURNEY-42');
  expect(
    await outboxHas(
      shop.dataDir,
      email,
      `Your order ${order.orderNumber} has shipped`,
      'Tracking number: 1Z-JOURNEY-42',
    ),
  ).toBe(true);
  expect(
    await outboxHas(
      shop.dataDir,
      email,
      `Payment received for your order ${order.orderNumber}`,
      'nothing is outstanding',
    ),
  ).toBe(true);
  expect(dialogs).toEqual([]);
  await customer.close();
});
