import type { Page } from '@playwright/test';
import { defaultSelection } from '../../src/shared/pricing/pricing-fixture';
import { expect, test } from './fixtures';

/** Issue 23: reload, Back and Forward keep the step and what was typed; a quote is ordered once. */

const customerInfo = { email: 'lise@example.com', firstName: 'Lise', lastName: 'Meitner', organization: 'KWI' };

async function createQuote(page: Page): Promise<{ reference: string; quoteNumber: string }> {
  const created = await page.request.post('/api/quotes', {
    data: { configuration: defaultSelection, customerInfo, flowType: 'quote' },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { quote: { reference: string; quoteNumber: string } }).quote;
}

test('the price bar gives the seeded Batch 2’s estimated ship month, ahead of the day the shop started', async ({
  page,
}) => {
  // A new shop seeds its batches at the next quarter-ends (issue 38): the month depends on the run's day.
  await page.goto('/configure');
  await expect(page.getByTestId('batch-label')).toHaveText(/^Batch 2 · est\. ships [A-Z][a-z]+ \d{4}$/);
});

test('the quote flow keeps its step and typed fields through a reload', async ({ page }) => {
  await page.goto('/configure');
  await page.getByRole('region', { name: 'Price' }).getByRole('button', { name: 'Generate Quote PDF' }).click();
  await expect(page).toHaveURL(/\/quote-flow$/);
  await page.getByLabel('Email address').fill('reload@example.com');
  await page.reload();
  await expect(page.getByLabel('Email address')).toHaveValue('reload@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
  await page.getByLabel('First name').fill('Lise');
  await page.getByLabel('Organization').fill('Kaiser Wilhelm Institute');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
  await expect(page.getByText('Step 2 of 2')).toBeVisible();
  await expect(page.getByText('reload@example.com')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Lise');
  await expect(page.getByLabel('Organization')).toHaveValue('Kaiser Wilhelm Institute');
});

test('the order flow keeps its steps as history entries and every typed field; the quote is then ordered once', async ({
  page,
}) => {
  const quote = await createQuote(page);
  await page.goto(`/quote/${quote.reference}`);
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/order-flow$/);
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();

  await page.getByLabel('Address', { exact: true }).fill('Thielallee 63');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Postal code').fill('14195');
  await page.getByLabel('Purchase order (PO) number').fill('PO-4711');
  await page.getByLabel('VAT number').fill('GB980780684');
  await page.getByLabel('Order notes').fill('Goods-in, Mon-Thu');

  // Reload on step 1: the same values.
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Berlin');
  await expect(page.getByLabel('Purchase order (PO) number')).toHaveValue('PO-4711');
  await expect(page.getByLabel('VAT number')).toHaveValue('GB980780684');
  await expect(page.getByLabel('Order notes')).toHaveValue('Goods-in, Mon-Thu');
  // The flow's country is the quote's (GB); the address above is a UK billing address for this test.
  await page.getByLabel('Postal code').fill('SW1Y 4JH');
  await page.getByLabel('City').fill('London');

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm & Pay' })).toBeVisible();
  await expect(page).toHaveURL(/\/order-flow\?step=2$/);

  // Reload on step 2: still step 2, with the address in the review.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Confirm & Pay' })).toBeVisible();
  await expect(page.getByText('PO number: PO-4711')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('Thielallee 63');

  // The browser's Back returns to step 1 with the values; Forward to step 2.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('London');
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Confirm & Pay' })).toBeVisible();
  await expect(page.getByText('PO number: PO-4711')).toBeVisible();

  // The page's Back button does the same as the browser's.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('I accept the terms of sale').check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}\?key=[\w-]{43}$/);
  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(orderNumber).toMatch(/^O\d{4}-\d{5}$/);
  await expect(page.getByTestId('order-batch')).toHaveText(/^Batch 2\. Ships in [A-Z][a-z]+ \d{4}, estimated$/);

  // The guest's order page (the e-mail's link): status, lines, addresses, timeline.
  await page.getByRole('link', { name: 'Follow your order: status, documents and addresses' }).click();
  await expect(page).toHaveURL(/\/order-details\/[0-9a-f-]{36}\?key=[\w-]{43}$/);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('billing-address')).toContainText('Thielallee 63');
  await expect(page.getByTestId('po-number')).toHaveText('PO-4711');
  await expect(page.getByRole('list', { name: 'Order lines' })).toContainText('Dropwise Standard');
  await expect(page.getByRole('region', { name: 'Order Timeline' })).toContainText('Order Placed');
  await expect(page.getByRole('link', { name: 'Back to My Account' })).toHaveCount(0);

  // The quote now says Ordered, links to its order, and offers no Order Now.
  await page.goto(`/quote/${quote.reference}`);
  await expect(page.getByTestId('ordered-notice')).toContainText('Ordered');
  await expect(page.getByTestId('ordered-notice').getByRole('link', { name: orderNumber })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Order Now' })).toHaveCount(0);
  // A second order from this quote (another browser's request) is refused by the server.
  const again = await page.request.post('/api/orders', {
    data: {
      quoteReference: quote.reference,
      billing: {
        firstName: 'Otto',
        lastName: 'Hahn',
        email: 'otto@example.com',
        address: '1 Road',
        city: 'London',
        postalCode: 'SW1Y 4JH',
        country: 'GB',
      },
      acceptTerms: true,
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
    'This quote has already been ordered',
  );
});

test('the re-price link keeps every typed address and the buyer’s details through the new quote', async ({ page }) => {
  const created = await page.request.post('/api/quotes', {
    data: {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      customerInfo,
      flowType: 'quote',
    },
  });
  expect(created.status()).toBe(201);
  const { reference } = ((await created.json()) as { quote: { reference: string } }).quote;
  await page.goto(`/quote/${reference}`);
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();

  await page.getByLabel('Address', { exact: true }).fill('1 Kingsway');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Postal code').fill('WC2B 6AN');
  await page.getByLabel('Purchase order (PO) number').fill('PO-REPRICE');
  await page.getByLabel('Country', { exact: true }).selectOption('GB');
  // Continuing is refused beside the delivery country's field.
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This order was priced for Germany, not United Kingdom.' }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Re-price for this country' }).click();
  await expect(page).toHaveURL(/\/configure\?v=1&cc=GB&/);
  await expect(page.getByTestId('est-price')).toHaveText(/^£/);
  await page.getByRole('region', { name: 'Price' }).getByRole('button', { name: 'Order Now' }).click();
  await expect(page.getByLabel('Email address')).toHaveValue('lise@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Lise');
  await expect(page.getByLabel('Organization')).toHaveValue('KWI');
  await page.getByRole('button', { name: 'Create Order' }).click();

  await expect(page).toHaveURL(/\/order-flow$/);
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('1 Kingsway');
  await expect(page.getByLabel('City')).toHaveValue('London');
  await expect(page.getByLabel('Postal code')).toHaveValue('WC2B 6AN');
  await expect(page.getByLabel('Purchase order (PO) number')).toHaveValue('PO-REPRICE');
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('GB');
  await expect(page.getByText('Re-price for this country')).toHaveCount(0);
});
