import { adminShopAdmins, adminShopTest } from './admin-shop';
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeAfter, linkFromMail, signInAdminSettingUpMfa } from './accounts-support';
import { selectionWithOneAccessory } from '../support/selections';
import { expect, waitsForTheApp } from './fixtures';

const ADMIN_EMAIL = adminShopAdmins.paperwork.email;
const ADMIN_PASSWORD = adminShopAdmins.paperwork.password;

const test = adminShopTest;
// The step-up prompt starts from the server's 403 step_up_required answer, which the browser logs.
test.use({ allowConsoleErrors: ['the server responded with a status of 403'] });

test('a buyer orders with a PO number and a delivery address; the admin confirms and issues the deposit invoice; the buyer downloads it', async ({
  page,
  shop,
  browser,
}) => {
  test.setTimeout(150_000);
  // A signed-in buyer with a quote starts the order flow from it.
  const buyer = await browser.newContext({ baseURL: shop.baseURL });
  const buyerPage = waitsForTheApp(await buyer.newPage());
  const email = `lab-buyer-${Date.now()}@example.com`;
  expect(
    (await buyerPage.request.post('/api/auth/signup', { data: { email, password: 'buyer-pass-2' } })).status(),
  ).toBe(201);
  await buyerPage.request.get(await linkFromMail(shop.dataDir, email, 'Confirm your Dropwise account'));
  expect(
    (await buyerPage.request.post('/api/auth/signin', { data: { email, password: 'buyer-pass-2' } })).status(),
  ).toBe(200);
  const created = await buyerPage.request.post('/api/quotes', {
    data: {
      configuration: selectionWithOneAccessory,
      customerInfo: { email, firstName: 'Dorothy', lastName: 'Hodgkin', organization: 'Oxford Crystallography' },
      flowType: 'order',
    },
  });
  expect(created.status()).toBe(201);
  const quote = (
    (await created.json()) as { quote: { reference: string; pricing: { totals: { total: number; deposit: number } } } }
  ).quote;
  await buyerPage.goto('/');
  await buyerPage.evaluate(
    ([handoff]) => window.sessionStorage.setItem('orderFlowData', handoff ?? ''),
    [
      JSON.stringify({
        quoteReference: quote.reference,
        configuration: selectionWithOneAccessory,
        currency: 'GBP',
        total: quote.pricing.totals.total,
        deposit: quote.pricing.totals.deposit,
        customerInfo: {
          email,
          firstName: 'Dorothy',
          lastName: 'Hodgkin',
          organization: 'Oxford Crystallography',
          country: 'GB',
        },
      }),
    ],
  );
  await buyerPage.goto('/order-flow');

  // Step 1: the name comes prefilled; billing address, PO number, and a different delivery address.
  await expect(buyerPage.getByLabel('First name', { exact: true })).toHaveValue('Dorothy');
  await buyerPage.getByLabel('Address', { exact: true }).fill('South Parks Road');
  await buyerPage.getByLabel('City', { exact: true }).fill('Oxford');
  await buyerPage.getByLabel('Postal code', { exact: true }).fill('OX1 3QZ');
  await buyerPage.getByLabel(/Purchase order \(PO\) number/).fill('PO-OX-2231');
  await buyerPage.getByLabel('Deliver to a different address').check();
  // The delivery block has the billing block's required rules.
  await buyerPage.getByRole('button', { name: 'Continue to Payment' }).click();
  const delivery = buyerPage.getByRole('group', { name: 'Delivery address' });
  await expect(delivery.getByText('City is required')).toBeVisible();
  await delivery.getByLabel('Delivery first name').fill('Goods');
  await delivery.getByLabel('Delivery last name').fill('Inwards');
  await delivery.getByLabel(/Delivery company/).fill('Harwell Campus Stores');
  await delivery.getByLabel('Delivery street address').fill('Building R71, Harwell Campus');
  await delivery.getByLabel('Delivery city').fill('Didcot');
  await delivery.getByLabel('Delivery postal code').fill('OX11 0QX');
  await buyerPage.getByRole('button', { name: 'Continue to Payment' }).click();

  // Review shows both addresses and the PO number; the terms must be accepted first.
  await expect(buyerPage.getByRole('heading', { name: 'Confirm & Pay' })).toBeVisible();
  await expect(buyerPage.getByText('PO number: PO-OX-2231')).toBeVisible();
  await expect(buyerPage.getByText('Building R71, Harwell Campus')).toBeVisible();
  await expect(buyerPage.getByRole('link', { name: 'terms of sale', exact: true })).toHaveAttribute('target', '_blank');
  await buyerPage.getByRole('button', { name: 'Place Order' }).click();
  await expect(buyerPage.getByText('Please accept the terms of sale to place your order.')).toBeVisible();
  await buyerPage.getByLabel('I accept the terms of sale').check();
  await buyerPage.getByRole('button', { name: 'Place Order' }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Order Received' })).toBeVisible();
  await expect(buyerPage.getByTestId('po-number')).toHaveText('PO-OX-2231');
  await expect(buyerPage.getByTestId('delivery-address')).toContainText('Building R71, Harwell Campus');
  await expect(buyerPage.getByTestId('billing-address')).toContainText('South Parks Road');
  const orderNumber = (await buyerPage.getByTestId('order-number').textContent()) ?? '';
  const orderId = buyerPage.url().split('/').pop() ?? '';

  // The admin signs in with a second factor, confirms the order and issues the deposit invoice (fresh code).
  const { secret, usedStep } = await signInAdminSettingUpMfa(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('admin-po-number')).toHaveText('PO-OX-2231');
  const edit = page.getByRole('form', { name: 'Edit order' });
  await edit.getByRole('combobox', { name: 'Status', exact: true }).selectOption('confirmed');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Order updated successfully')).toBeVisible();
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents).toContainText('Order confirmation');

  // Issuing asks for confirmation first (an issued invoice is e-mailed and cannot be changed).
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  await documents.getByRole('button', { name: 'Issue deposit invoice' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
  await stepUp.getByLabel('Verification code').fill(codeAfter(secret, usedStep));
  await stepUp.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/Invoice INV\d{4}-\d{5} issued and e-mailed/)).toBeVisible();
  expect(asked[0]).toContain('Issue the deposit invoice for');
  await expect(documents).toContainText('Deposit invoice INV');

  // The buyer finds the deposit invoice on the order page and downloads it.
  await buyerPage.goto(`/order-details/${orderId}`);
  // The order page adds up: every priced line, the VAT line, the total; the batch by name; both addresses.
  const amount = async (testId: string) =>
    Math.round(
      Number(((await buyerPage.getByTestId(testId).first().textContent()) ?? '').replace(/[^0-9.]/g, '')) * 100,
    );
  const orderLinesRegion = buyerPage.getByRole('region', { name: 'Order Lines' });
  await expect(orderLinesRegion).toContainText('VAT 20% on goods and services');
  await expect(orderLinesRegion).toContainText('3-year');
  expect((await amount('order-subtotal')) + (await amount('order-vat'))).toBe(await amount('order-lines-total'));
  expect(await amount('order-lines-total')).toBe(quote.pricing.totals.total);
  await expect(buyerPage.getByRole('region', { name: 'Product Details' })).toContainText('Batch 2');
  await expect(buyerPage.getByTestId('delivery-address')).toContainText('Building R71, Harwell Campus');
  const buyerDocuments = buyerPage.getByRole('region', { name: 'Documents' });
  await expect(buyerDocuments).toContainText('Deposit invoice INV');
  const downloading = buyerPage.waitForEvent('download');
  await buyerDocuments.getByRole('link', { name: 'Download deposit invoice PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^INV\d{4}-\d{5}\.pdf$/);
  const file = join(await mkdtemp(join(tmpdir(), 'paperwork-')), 'invoice.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('INVOICE');
  expect(text).toContain(orderNumber);
  expect(text).toContain('PO-OX-2231');
  // The deposit the quote priced, as the advance payment agreed in the quote, after the order's lines and total (issue 39).
  const gbp = (minor: number) =>
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(minor / 100);
  expect(text).toContain(`Amount due`);
  expect(text).toContain(gbp(quote.pricing.totals.deposit));
  expect(text).toContain(`Order ${orderNumber} total`);
  expect(text).toContain(gbp(quote.pricing.totals.total));
  expect(text).toContain('Advance payment agreed in quote');
  expect(text).toMatch(/Q\d{4}-\d{4,}: 50%/);

  // The confirmation PDF holds the PO number and both addresses.
  const confirmation = await buyerPage.request.get(`/api/orders/${orderId}/documents/confirmation`);
  expect(confirmation.status()).toBe(200);
  const confirmationFile = join(await mkdtemp(join(tmpdir(), 'paperwork-')), 'confirmation.pdf');
  await writeFile(confirmationFile, await confirmation.body());
  const confirmationText = execFileSync('pdftotext', ['-layout', confirmationFile, '-'], { encoding: 'utf8' });
  expect(confirmationText).toContain('PO-OX-2231');
  expect(confirmationText).toContain('South Parks Road');
  expect(confirmationText).toContain('Building R71, Harwell Campus');
  await buyer.close();
});
