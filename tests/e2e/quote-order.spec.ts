import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { defaultSelection } from '../../src/shared/pricing/pricing-fixture';
import { expect, test, waitsForTheApp } from './fixtures';

/** The configurator's default selection with the seeded catalogue, as /configure hands it over. */
const configuration = defaultSelection;
const handoff = (type: 'quote' | 'order') => ({
  type,
  configuration,
  currency: 'GBP',
  total: 488250,
  subtotal: 406875,
  vat: 81375,
  showVAT: true,
});

async function startFlow(page: Page, type: 'quote' | 'order') {
  await page.goto('/');
  await page.evaluate((data) => window.sessionStorage.setItem('quoteFlowData', JSON.stringify(data)), handoff(type));
  await page.goto('/quote-flow');
}

/** The e-mails the shop's sender wrote as .eml files (no SMTP in tests), waiting for the one wanted. */
async function findMail(dataDir: string, match: (text: string) => boolean): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const dir = join(dataDir, 'mail');
        const files = await readdir(dir).catch(() => [] as string[]);
        for (const file of files) {
          // Undo quoted-printable soft line breaks so long links read whole.
          const text = (await readFile(join(dir, file), 'utf8')).replace(/=\r?\n/g, '');
          if (match(text)) found = text;
        }
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found ?? '';
}

/** Starts where a visitor does: the configurator with its defaults, leaving by 'Generate Quote PDF'. */
async function startFromConfigurator(page: Page) {
  await page.goto('/configure');
  const priceBar = page.getByRole('region', { name: 'Price' });
  await expect(priceBar.getByTestId('est-price')).toHaveText('£4,882.50');
  await priceBar.getByRole('button', { name: 'Generate Quote PDF' }).click();
  await expect(page).toHaveURL(/\/quote-flow$/);
}

test.describe('quotes and orders', () => {
  test('guest journey: configure → quote flow → quote page → shared link → order → confirmation, with e-mails', async ({
    page,
    browser,
    shop,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await startFromConfigurator(page);

    await expect(page.getByRole('heading', { name: 'Generate Your Quote' })).toBeVisible();
    await expect(page.getByText('Step 1 of 2')).toBeVisible();
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await page.getByLabel('Email address').fill('ada@');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(next).toBeDisabled();
    await page.getByLabel('Email address').fill('ada.lovelace@example.com');
    await expect(next).toBeEnabled();
    await next.click();

    await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
    await page.getByLabel('First name').fill('Ada1');
    await page.getByLabel('Last name').focus();
    await expect(
      page.getByText('First name must be 1-100 characters and contain only letters, spaces, hyphens, and apostrophes'),
    ).toBeVisible();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByRole('button', { name: 'Create Quote' }).click();
    await expect(page.getByText('Valid organization name is required (1-200 characters)')).toBeVisible();
    await page.getByLabel('Organization').fill('Analytical Engines Ltd.');
    await page.getByRole('button', { name: 'Create Quote' }).click();

    await expect(page).toHaveURL(/\/quote\/[A-Za-z0-9_-]{24,}$/);
    await expect(page.getByText('Quote created successfully!')).toBeVisible();
    const heading = page.getByRole('heading', { level: 1, name: /^Quote Q\d{4}-\d{4}$/ });
    await expect(heading).toBeVisible();
    const quoteNumber = (await heading.textContent())?.replace('Quote ', '') ?? '';
    await expect(page.getByTestId('quote-total')).toHaveText('£4,882.50');
    await expect(page.getByRole('cell', { name: 'Included' }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Free' }).first()).toBeVisible();
    await expect(page.getByTestId('expiry-notice')).toHaveAttribute('data-expired', 'false');
    await expect(page.getByText('Ada Lovelace')).toBeVisible();
    await expect(page.getByRole('heading', { name: "What's Next?" })).toBeVisible();
    await expect(page.getByText('Quote created successfully!')).toBeHidden({ timeout: 7000 });
    const quoteUrl = page.url();

    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(quoteUrl);
    await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 4000 });

    const contact = page.getByRole('link', { name: 'Contact Us About This Quote' });
    const mailto = decodeURIComponent((await contact.getAttribute('href')) ?? '');
    expect(mailto).toContain(quoteNumber);
    expect(mailto).toContain(quoteUrl);
    expect(mailto).toContain('£4,882.50');

    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Print/Save Quote' }).click();
    const popup = await popupPromise;
    await expect(popup.locator('body')).toContainText('QUOTATION');
    await expect(popup.locator('body')).toContainText(quoteNumber);
    await expect(popup.locator('body')).toContainText('£4,882.50');
    // The same document model as the PDF: its bank account and warranty lines (checked against the PDF below).
    const printedText = (await popup.locator('body').innerText()).replace(/\s+/g, ' ');
    await popup.close();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const download = await downloadPromise;
    const pdfPath = await download.path();
    expect((await readFile(pdfPath)).subarray(0, 4).toString()).toBe('%PDF');
    const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain(quoteNumber);
    expect(pdfText).toContain('£4,882.50');
    const pdfLines = pdfText.split('\n').map((line) => line.trim().replace(/\s+/g, ' '));
    const bankAndWarranty = pdfLines.filter((line) => /^(Sort code|Account number|Warranty:)/.test(line));
    expect(bankAndWarranty.length).toBeGreaterThanOrEqual(3);
    for (const line of bankAndWarranty) expect(printedText).toContain(line);

    // The share link, opened by a colleague in a browser that has never seen the flow.
    const colleague = await browser.newContext({ baseURL: shop.baseURL });
    const shared = waitsForTheApp(await colleague.newPage());
    const problems: string[] = [];
    shared.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    shared.on('pageerror', (error) => problems.push(error.message));
    await shared.goto(quoteUrl);
    await expect(shared.getByRole('heading', { level: 1, name: `Quote ${quoteNumber}` })).toBeVisible();
    await expect(shared.getByText('Quote created successfully!')).toBeHidden();
    await shared.getByRole('button', { name: 'Order Now' }).click();

    await expect(shared).toHaveURL(/\/order-flow$/);
    await expect(shared.getByText('Step 1 of 2')).toBeVisible();
    await expect(shared.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
    await expect(shared.getByLabel('First name')).toHaveValue('Ada');
    await expect(shared.getByLabel('Email')).toHaveValue('ada.lovelace@example.com');
    await shared.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(shared.getByText('Address is required')).toBeVisible();
    await shared.getByLabel('Address', { exact: true }).fill('12 St James Square');
    await shared.getByLabel('City').fill('London');
    await shared.getByLabel('Postal code').fill('SW1Y 4JH');
    await shared.getByLabel('Phone (optional)').fill('+44 20 7946 0000');
    await shared.getByRole('button', { name: 'Continue to Payment' }).click();

    await expect(shared.getByText('Step 2 of 2')).toBeVisible();
    await expect(shared.getByRole('heading', { name: 'Confirm & Pay' })).toBeVisible();
    await expect(shared.getByTestId('review-total')).toHaveText('£4,882.50');
    await expect(shared.getByText('Deposit by invoice')).toBeVisible();
    await expect(shared.getByRole('radio', { name: /Card payment/ })).toBeDisabled();
    await shared.getByRole('button', { name: 'Back' }).click();
    await expect(shared.getByLabel('City')).toHaveValue('London');
    await shared.getByRole('button', { name: 'Continue to Payment' }).click();
    await shared.getByLabel('I accept the terms of sale').check();
    await shared.getByRole('button', { name: 'Place Order' }).click();

    await expect(shared).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}\?key=[\w-]{43}$/);
    await expect(shared.getByText('Order placed successfully!')).toBeVisible();
    await expect(shared.getByRole('heading', { name: 'Order Received' })).toBeVisible();
    const orderNumber = (await shared.getByTestId('order-number').textContent()) ?? '';
    expect(orderNumber).toMatch(/^O\d{4}-\d{5}$/);
    await expect(shared.getByTestId('order-total')).toHaveText('£4,882.50');
    await expect(shared.getByText('Pending', { exact: true })).toBeVisible();
    await expect(shared.getByText('£2,441.25')).toBeVisible();
    // The terms as src/shared/terms.ts says them: binding on written confirmation, the deposit due then.
    await expect(
      shared.getByText('We will confirm your order in writing within 48 hours; from then on it binds you and us.'),
    ).toBeVisible();
    await expect(
      shared.getByText('A 50% deposit is invoiced on our written confirmation, payable within 14 days.', {
        exact: false,
      }),
    ).toBeVisible();
    expect(await shared.evaluate(() => window.sessionStorage.getItem('orderFlowData'))).toBeNull();
    expect(problems).toEqual([]);
    await colleague.close();

    const quoteMail = await findMail(
      shop.dataDir,
      (text) => text.includes(quoteNumber) && /To: .*ada\.lovelace@example\.com/.test(text),
    );
    expect(quoteMail).toContain(quoteUrl);
    const orderMail = await findMail(
      shop.dataDir,
      (text) => text.includes(orderNumber) && /To: .*ada\.lovelace@example\.com/.test(text),
    );
    expect(orderMail).toContain('We have received your order');
    const adminMail = await findMail(shop.dataDir, (text) => text.includes(`New order ${orderNumber}`));
    // The staff alert address of the business profile (tests/support/business-profile.ts, issue 38).
    expect(adminMail).toMatch(/To: .*orders@fjordlight\.test/);
  });

  test('an expired quote shows a red notice and a disabled Order Now', async ({ page }) => {
    const created = await page.request.post('/api/quotes', {
      data: {
        configuration,
        customerInfo: { email: 'late@example.com', firstName: 'Grace', lastName: 'Hopper', organization: 'Navy Labs' },
        flowType: 'quote',
      },
    });
    expect(created.status()).toBe(201);
    const { quote } = (await created.json()) as { quote: { reference: string; validUntil: string } };
    // Eight days on in the browser: the quote's valid_until (7 days, set by the server) is past.
    await page.clock.setFixedTime(new Date(Date.parse(quote.validUntil) + 24 * 3600 * 1000));
    await page.goto(`/quote/${quote.reference}`);
    const notice = page.getByTestId('expiry-notice');
    await expect(notice).toHaveAttribute('data-expired', 'true');
    await expect(notice).toContainText('This quote expired on');
    await expect(notice).toHaveClass(/text-red-800/);
    expect(await notice.evaluate((element) => getComputedStyle(element).color)).not.toBe('rgb(0, 0, 0)');
    await expect(page.getByRole('button', { name: 'Order Now' })).toBeDisabled();
  });

  test('a quote the server reports as expired shows the red notice (PostgreSQL only: the test moves valid_until in the database)', async ({
    page,
    shop,
  }) => {
    test.skip(
      !shop.databaseUrl,
      'The embedded database cannot be reached while the shop runs; the browser-clock test above covers PGlite.',
    );
    const created = await page.request.post('/api/quotes', {
      data: {
        configuration,
        customerInfo: {
          email: 'older@example.com',
          firstName: 'Marie',
          lastName: 'Curie',
          organization: 'Radium Institute',
        },
        flowType: 'quote',
      },
    });
    const { quote } = (await created.json()) as { quote: { reference: string } };
    const client = new pg.Client({ connectionString: shop.databaseUrl });
    await client.connect();
    try {
      await client.query(`update quotes set valid_until = now() - interval '1 day' where quote_reference = $1`, [
        quote.reference,
      ]);
    } finally {
      await client.end();
    }
    const read = await page.request.get(`/api/quotes/${quote.reference}`);
    expect(((await read.json()) as { quote: { status: string } }).quote.status).toBe('expired');
    await page.goto(`/quote/${quote.reference}`);
    await expect(page.getByTestId('expiry-notice')).toHaveAttribute('data-expired', 'true');
    await expect(page.getByRole('button', { name: 'Order Now' })).toBeDisabled();
  });

  test('the flows without stored data go to /configure', async ({ page }) => {
    await page.goto('/quote-flow');
    await expect(page).toHaveURL(/\/configure$/);
    await page.goto('/order-flow');
    await expect(page).toHaveURL(/\/configure$/);
  });

  test.describe('missing records', () => {
    test.use({ allowConsoleErrors: ['404'] });
    test('an unknown quote and an unknown order say so', async ({ page }) => {
      await page.goto('/quote/no-such-quote-reference-here');
      await expect(page.getByRole('heading', { name: 'Quote not found' })).toBeVisible();
      await page.goto('/order-confirmation/3f1c9a2e-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/my-account');
    });
  });

  test('"Order online" creates the quote and continues to the order flow with the details filled in', async ({
    page,
  }) => {
    await startFlow(page, 'order');
    await expect(page.getByRole('heading', { name: 'Order online' })).toBeVisible();
    await page.getByLabel('Email address').fill('grace@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Organization').fill('Navy Labs');
    await page.getByRole('button', { name: 'Create Order' }).click();
    await expect(page).toHaveURL(/\/order-flow$/);
    await expect(page.getByLabel('Last name')).toHaveValue('Hopper');
    await expect(page.getByLabel('Company (optional)')).toHaveValue('Navy Labs');
    expect(await page.evaluate(() => window.sessionStorage.getItem('quoteFlowData'))).toBeNull();
  });
});
