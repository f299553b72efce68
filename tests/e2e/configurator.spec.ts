import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { formatMoney } from '../../src/shared/money';
import { expect, test } from './fixtures';

interface Handoff {
  type: 'quote' | 'order';
  configuration: Record<string, unknown>;
  currency: string;
  total: number;
  subtotal: number;
  vat: number;
  showVAT: boolean;
}

async function openConfigurator(page: Page) {
  await page.goto('/configure');
  await expect(page.getByRole('heading', { level: 1, name: 'Configure your Dropwise' })).toBeVisible();
  await expect(page.getByTestId('est-price')).toBeVisible();
}

const priceBar = (page: Page) => page.getByRole('region', { name: 'Price' });
const countryButton = (page: Page) => page.getByRole('button', { name: /^Delivery country/ });

async function chooseCountry(page: Page, name: string) {
  await countryButton(page).click();
  await page
    .getByRole('dialog', { name: 'Choose your delivery country' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

async function leaveWith(page: Page, button: 'Generate Quote PDF' | 'Order Now'): Promise<Handoff> {
  await priceBar(page).getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(/\/quote-flow$/);
  const stored = await page.evaluate(() => window.sessionStorage.getItem('quoteFlowData'));
  expect(stored).not.toBeNull();
  return JSON.parse(stored ?? '{}') as Handoff;
}

test.describe('configurator', () => {
  test('shows the loading states, then the specification defaults', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/products/dropwise', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/configure');
    await expect(page.getByText('Loading product configuration...')).toBeVisible();
    await expect(priceBar(page).getByText('Loading pricing...')).toBeVisible();
    await expect(priceBar(page).getByRole('button', { name: 'Order Now' })).toBeDisabled();
    release();

    await expect(page.getByRole('radio', { name: 'Dropwise Standard' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Dropwise Pro' })).not.toBeChecked();
    await expect(page.getByRole('radio', { name: 'UK plug (Type G)' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '3 mL syringe mount' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Standard ART adaptor' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Luer-lock adaptor' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: '10 x 2 mL sterile syringes' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '10 x 6 mL sterile syringes' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Quantity of 10 x 2 mL sterile syringes' })).toContainText('1');
    await expect(page.getByRole('checkbox', { name: 'Sample tube rack' })).not.toBeChecked();
    await expect(page.getByRole('radio', { name: '3-year servicing' })).toBeChecked();
    // The model cards give the terms' warranty for the plan chosen (issue 38), not a fixed "12-month warranty".
    const models = page.getByRole('radiogroup', { name: 'Model' });
    await expect(models).toContainText('Warranty: 3 years from delivery, following the 3-year servicing plan.');
    await expect(models).not.toContainText('12-month warranty');
    await expect(page.getByRole('radio', { name: 'FedEx International Priority' })).toBeChecked();
    await expect(page.getByRole('radiogroup', { name: 'Shipping' })).toContainText('Free');
    await expect(page.getByRole('group', { name: 'Number of instruments' })).toContainText('1');
    await expect(countryButton(page)).toContainText('United Kingdom');
    // Seeded at the quarter-ends after the shop started (issue 38): the month depends on the run's day.
    await expect(page.getByTestId('batch-label')).toHaveText(/^Batch 2 · est\. ships [A-Z][a-z]+ \d{4}$/);
    await expect(page.getByTestId('est-price')).toHaveText('£4,882.50');
    await expect(page.getByTestId('deposit')).toHaveText('£2,441.25');
    await expect(page.getByText('Prices include UK VAT at 20%.')).toBeVisible();
    // One statement of the terms (issue 23): the quote validity of the settings, the deposit on written confirmation.
    await expect(page.getByTestId('terms-note')).toHaveText(
      "A quote holds today's prices for 7 days from its date. A 50% deposit is invoiced on our written confirmation, payable within 14 days. The balance is invoiced when the instrument is ready and is due before dispatch.",
    );
    await expect(page.getByRole('link', { name: /Terms of Sale/ })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('target', '_blank');
  });

  test('the price in the bar equals the server price for the same selection, in the UK', async ({ page }) => {
    await openConfigurator(page);
    await page.getByRole('checkbox', { name: 'Luer-lock adaptor' }).check();
    await page.getByRole('button', { name: 'More instruments' }).click();
    await page.getByRole('checkbox', { name: 'Sample tube rack' }).check();
    await page.getByRole('button', { name: 'More of Sample tube rack' }).click();
    await page.getByRole('radio', { name: '2-year servicing' }).click();
    const shown = await page.getByTestId('est-price').textContent();

    const handoff = await leaveWith(page, 'Generate Quote PDF');
    expect(handoff).toMatchObject({ type: 'quote', currency: 'GBP', showVAT: true });
    expect(handoff.configuration).toMatchObject({
      quantity: 2,
      adaptors: ['standard-art-adaptor', 'luer-lock-adaptor'],
      servicing: '2-year',
    });
    const response = await page.request.post('/api/pricing', { data: { configuration: handoff.configuration } });
    expect(response.status()).toBe(200);
    const server = (await response.json()) as { currency: string; totals: { total: number; vat: number } };
    expect(server.totals.vat).toBeGreaterThan(0);
    expect(shown).toBe(formatMoney(server.totals.total, server.currency));
    expect(handoff.total).toBe(server.totals.total);
  });

  test('Germany switches to euros, goods zero-rated and servicing at UK VAT, and the EU plug, and matches the server price', async ({
    page,
  }) => {
    await openConfigurator(page);
    await chooseCountry(page, 'Germany');
    await expect(countryButton(page)).toContainText('Germany');
    await expect(page.getByRole('radio', { name: 'EU plug (Type C/F)' })).toBeChecked();
    await expect(page.getByTestId('est-price')).toHaveText(/^€/);
    await expect(
      page.getByText('Delivered DAP. Import VAT, and any duty, are payable by you on import.'),
    ).toBeVisible();
    await expect(page.getByText(/Zero-rated export of goods \(VAT Notice 703\)/)).toBeVisible();
    // The yearly servicing price in the visitor's currency, not the catalogue's pounds (issue 38).
    const servicing = page.getByRole('radiogroup', { name: 'Servicing' });
    await expect(servicing).toContainText('Servicing can be bought later at €498 a year.');
    await expect(servicing).not.toContainText('£');
    // The plug can still be changed by hand.
    await page.getByRole('radio', { name: 'UK plug (Type G)' }).click();
    await expect(page.getByRole('radio', { name: 'UK plug (Type G)' })).toBeChecked();
    const shown = await page.getByTestId('est-price').textContent();

    const handoff = await leaveWith(page, 'Order Now');
    // Servicing (€1,269.90) carries UK VAT until a business gives its EU VAT number at checkout (issue 37).
    expect(handoff).toMatchObject({ type: 'order', currency: 'EUR', vat: 25398, showVAT: true });
    expect(handoff.configuration).toMatchObject({ customerCountry: 'DE', powerAdaptor: 'uk-power' });
    const server = (await (
      await page.request.post('/api/pricing', { data: { configuration: handoff.configuration } })
    ).json()) as {
      currency: string;
      totals: { total: number; vat: number };
    };
    expect(server).toMatchObject({ currency: 'EUR', totals: { vat: handoff.vat } });
    expect(shown).toBe(formatMoney(server.totals.total, 'EUR'));
    // Going back before the quote flow has rendered would keep the configurator mounted (the
    // navigation is still pending); a visitor goes back from the page they see.
    await expect(page.getByRole('heading', { name: 'Order online' })).toBeVisible();

    // Back restores the configuration from the URL of /configure (issue 13).
    await page.goBack();
    await expect(countryButton(page)).toContainText('Germany');
    await expect(page.getByRole('radio', { name: 'UK plug (Type G)' })).toBeChecked();
    await chooseCountry(page, 'France');
    await chooseCountry(page, 'United Kingdom');
    await expect(page.getByRole('radio', { name: 'UK plug (Type G)' })).toBeChecked();
    await expect(page.getByTestId('est-price')).toHaveText(/^£/);
  });

  test('the gallery illustrations draw no text over another shape', async ({ page, request }) => {
    const { product } = (await (await request.get('/api/products/dropwise')).json()) as {
      product: { images: string[] };
    };
    expect(product.images.length).toBeGreaterThan(0);
    for (const image of product.images) {
      await page.goto(image);
      // Each text's rendered box against every shape's: a shape may hold a text (its panel) or stay
      // clear of it, never cut across it. Boxes are the browser's, after transforms.
      const overlaps = await page.evaluate(() => {
        const svg = document.documentElement;
        const canvas = svg.getBoundingClientRect();
        const shapes = [...svg.querySelectorAll('rect, circle, ellipse, path, line, polyline, polygon')].map(
          (shape) => ({
            tag: shape.outerHTML.slice(0, 60),
            box: shape.getBoundingClientRect(),
          }),
        );
        const found: string[] = [];
        for (const text of svg.querySelectorAll('text')) {
          const t = text.getBoundingClientRect();
          for (const { tag, box: r } of shapes) {
            if (r.width >= canvas.width && r.height >= canvas.height) continue;
            const holds = r.left <= t.left && r.right >= t.right && r.top <= t.top && r.bottom >= t.bottom;
            const crosses = t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom;
            if (crosses && !holds) found.push(`"${text.textContent ?? ''}" overlaps ${tag}`);
          }
        }
        return found;
      });
      expect(overlaps, image).toEqual([]);
    }
  });

  test.describe('USA waitlist', () => {
    // Chromium reports the repeated sign-up's 409 answer as a console error; it is expected here.
    test.use({ allowConsoleErrors: ['status of 409'] });

    test('the USA keeps the country and opens the waitlist, which stores the e-mail', async ({ page }) => {
      await openConfigurator(page);
      await chooseCountry(page, 'Germany');
      await chooseCountry(page, 'United States');
      const dialog = page.getByRole('dialog', { name: 'Join the USA waitlist' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Please enter your email address.');
      await expect(page.getByText('Email required')).toBeVisible();

      const email = `waitlist-${Date.now()}@example.com`;
      await dialog.getByLabel('Email address').fill(`  ${email.toUpperCase()} `);
      await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(page.getByRole('dialog', { name: "You're on the list!" })).toBeVisible();
      await expect(page.getByText('Successfully added to waitlist!')).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).first().click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(countryButton(page)).toContainText('Germany');
      await expect(page.getByTestId('est-price')).toHaveText(/^€/);

      // The address was stored lower-cased: the same one again is refused as already signed up.
      await chooseCountry(page, 'United States');
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(page.getByText('Already signed up')).toBeVisible();
      await expect(page.getByText('This email is already on our USA waitlist.')).toBeVisible();
    });
  });

  test('Your Country Not Listed? opens the international enquiry with its e-mail link', async ({ page }) => {
    await openConfigurator(page);
    await page.getByRole('button', { name: 'Your Country Not Listed?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Country Not Listed?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Email / })).toHaveAttribute(
      'href',
      /^mailto:sales@.*subject=International%20Enquiry/,
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the 3 mL syringe mount cannot be unticked', async ({ page }) => {
    await openConfigurator(page);
    const mount = page.getByRole('checkbox', { name: '3 mL syringe mount' });
    await expect(mount).toBeChecked();
    await expect(mount).toBeDisabled();
    await mount.click({ force: true });
    await expect(mount).toBeChecked();
    await expect(page.getByRole('region', { name: 'Syringe holders' })).toContainText('Always included.');
  });

  test('a free accessory is capped at 1 with its message', async ({ page }) => {
    await openConfigurator(page);
    const before = await page.getByTestId('est-price').textContent();
    await page.getByRole('checkbox', { name: 'Printed quick-start card' }).check();
    const stepper = page.getByRole('group', { name: 'Quantity of Printed quick-start card' });
    await expect(stepper).toContainText('1');
    await page.getByRole('button', { name: 'More of Printed quick-start card' }).click();
    await expect(stepper).toContainText('1');
    await expect(page.getByRole('alert').filter({ hasText: 'Max 1 for free items' })).toBeVisible();
    await expect(page.getByTestId('est-price')).toHaveText(before ?? '');
  });

  test('minus at quantity 1 removes an accessory', async ({ page }) => {
    await openConfigurator(page);
    await page.getByRole('button', { name: 'More of 10 x 6 mL sterile syringes' }).click();
    const stepper = page.getByRole('group', { name: 'Quantity of 10 x 6 mL sterile syringes' });
    await expect(stepper).toContainText('2');
    await page.getByRole('button', { name: 'Fewer of 10 x 6 mL sterile syringes' }).click();
    await expect(stepper).toContainText('1');
    await page.getByRole('button', { name: 'Remove 10 x 6 mL sterile syringes' }).click();
    await expect(page.getByRole('checkbox', { name: '10 x 6 mL sterile syringes' })).not.toBeChecked();
    await expect(stepper).toHaveCount(0);
    // £4,882.50 less £22 + 20% VAT
    await expect(page.getByTestId('est-price')).toHaveText('£4,856.10');
  });

  test('the instrument quantity never goes below 1', async ({ page }) => {
    await openConfigurator(page);
    const quantity = page.getByRole('group', { name: 'Number of instruments' });
    const fewer = page.getByRole('button', { name: 'Fewer instruments' });
    await expect(fewer).toBeDisabled();
    await page.getByRole('button', { name: 'More instruments' }).click();
    await expect(quantity).toContainText('2');
    await fewer.click();
    await expect(quantity).toContainText('1');
    await expect(fewer).toBeDisabled();
    await fewer.click({ force: true });
    await expect(quantity).toContainText('1');
  });

  test('the gallery wraps around and the price breakdown opens on tap', async ({ page }) => {
    await openConfigurator(page);
    const gallery = page.getByRole('region', { name: 'Product images' });
    await expect(gallery.getByRole('img').first()).toHaveAttribute('alt', 'Dropwise instrument, image 1 of 3');
    await gallery.getByRole('button', { name: 'Previous image' }).click();
    await expect(gallery.getByRole('img').first()).toHaveAttribute('alt', 'Dropwise instrument, image 3 of 3');
    await gallery.getByRole('button', { name: 'Next image' }).click();
    await expect(gallery.getByRole('img').first()).toHaveAttribute('alt', 'Dropwise instrument, image 1 of 3');
    await gallery.getByRole('button', { name: 'Show image 2' }).click();
    await expect(gallery.getByRole('img').first()).toHaveAttribute('src', '/media/instrument-three-quarter.svg');

    await priceBar(page)
      .getByRole('button', { name: /show the price breakdown/ })
      .click();
    const breakdown = page.getByRole('dialog', { name: 'Price breakdown' });
    await expect(breakdown).toContainText('Dropwise Standard');
    await expect(breakdown).toContainText('VAT (20%)');
    await expect(breakdown).toContainText('£813.75');
    await page.keyboard.press('Escape');
    await expect(breakdown).toBeHidden();
    // With a mouse, hovering the price opens it too, and clicking then keeps it open.
    await page.mouse.move(0, 0);
    await priceBar(page).getByTestId('est-price').hover();
    await expect(breakdown).toBeVisible();
    await priceBar(page).getByTestId('est-price').click();
    await expect(breakdown).toBeVisible();
  });

  test('the keyboard reaches and changes the options', async ({ page }) => {
    await openConfigurator(page);
    const standard = page.getByRole('radio', { name: 'Dropwise Standard' });
    await standard.focus();
    // Arrow keys move between the cards (Radix also checks on arrow focus, but only while the key is down); Space selects.
    await page.keyboard.press('ArrowRight');
    const pro = page.getByRole('radio', { name: 'Dropwise Pro' });
    await expect(pro).toBeFocused();
    await page.keyboard.press('Space');
    await expect(pro).toBeChecked();
    await expect(standard).not.toBeChecked();
    // The country list opens from the keyboard on the current country; arrows move, Enter chooses.
    await countryButton(page).focus();
    await page.keyboard.press('Enter');
    const countryList = page.getByRole('dialog', { name: 'Choose your delivery country' });
    await expect(countryList.getByRole('button', { name: /^United Kingdom/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(countryList.getByRole('button', { name: /^Austria/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(countryList).toBeHidden();
    await expect(countryButton(page)).toContainText('Austria');
    await expect(page.getByTestId('est-price')).toHaveText(/^€/);
    const rack = page.getByRole('checkbox', { name: 'Sample tube rack' });
    await rack.focus();
    await page.keyboard.press('Space');
    await expect(rack).toBeChecked();
  });

  test('on a phone the price bar never hides the last of the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openConfigurator(page);
    // Scrolled to the very end, the bar rests above the footer instead of covering it.
    await expect(page.getByRole('region', { name: 'Terms' })).toBeAttached();
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
        }),
      )
      .toBe(true);
    const barBox = await priceBar(page).boundingBox();
    const footerBox = await page.getByRole('contentinfo').boundingBox();
    expect(barBox && footerBox).toBeTruthy();
    expect((barBox?.y ?? 0) + (barBox?.height ?? 0)).toBeLessThanOrEqual((footerBox?.y ?? 0) + 1);
    // While scrolling through the options, the bar stays in view at the bottom.
    await page.evaluate(() => window.scrollTo(0, 600));
    const stuck = await priceBar(page).boundingBox();
    expect(Math.round((stuck?.y ?? 0) + (stuck?.height ?? 0))).toBe(844);
  });

  test('no serious accessibility violations on /configure', async ({ page }) => {
    test.setTimeout(120_000);
    await openConfigurator(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  test.describe('failures', () => {
    test.use({ allowConsoleErrors: ['status of 500', 'status of 404'] });

    test('a failed product load shows the error', async ({ page }) => {
      await page.route('**/api/products/dropwise', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal_error', message: 'Unexpected error occurred' } }),
        }),
      );
      await page.goto('/configure');
      await expect(page.getByRole('alert')).toContainText('Failed to load product configuration');
      await expect(page.getByRole('alert')).toContainText('Unexpected error occurred');
      await expect(priceBar(page).getByText('Loading pricing...')).toBeVisible();
    });

    test('a flag that fails to load shows a grey box with the code', async ({ page }) => {
      await page.route(/\/assets\/gb-[^/]*\.svg$/, (route) => route.fulfill({ status: 404, body: '' }));
      await openConfigurator(page);
      await expect(countryButton(page).locator('[data-flag-fallback="GB"]')).toHaveText('GB');
    });
  });
});
