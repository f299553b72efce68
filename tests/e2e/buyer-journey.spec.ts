import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const priceBar = (page: Page) => page.getByRole('region', { name: 'Price' });
const countryButton = (page: Page) => page.getByRole('button', { name: /^Delivery country/ });

async function openConfigurator(page: Page, path = '/configure') {
  await page.goto(path);
  await expect(page.getByTestId('est-price')).toBeVisible();
}

async function expectConfigured(page: Page, price: string) {
  await expect(countryButton(page)).toContainText('Germany');
  await expect(page.getByRole('radio', { name: 'Dropwise Pro' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Luer-lock adaptor' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Sample tube rack' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Number of instruments' })).toContainText('2');
  await expect(page.getByRole('radio', { name: '1-year servicing' })).toBeChecked();
  await expect(page.getByTestId('est-price')).toHaveText(price);
}

test.describe('the configuration lives in the URL', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('Back from the flow, a reload and the copied link restore it exactly', async ({ page, context }) => {
    await openConfigurator(page);
    await expect(page).toHaveURL(/\/configure$/);
    await countryButton(page).click();
    await page.getByRole('dialog', { name: 'Choose your delivery country' }).getByRole('button', { name: /^Germany/ }).click();
    await page.getByRole('radio', { name: 'Dropwise Pro' }).check();
    await page.getByRole('checkbox', { name: 'Luer-lock adaptor' }).check();
    await page.getByRole('checkbox', { name: 'Sample tube rack' }).check();
    await page.getByRole('button', { name: 'More instruments' }).click();
    await page.getByRole('radio', { name: '1-year servicing' }).check();
    await expect(page).toHaveURL(/[?&]m=dropwise-pro(&|$)/);
    await expect(page).toHaveURL(/[?&]cc=DE(&|$)/);
    const price = (await page.getByTestId('est-price').textContent()) ?? '';
    expect(price).toMatch(/^€/);

    await priceBar(page).getByRole('button', { name: 'Order Now' }).click();
    await expect(page).toHaveURL(/\/quote-flow$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/configure\?v=1&/);
    await expectConfigured(page, price);

    await page.reload();
    await expectConfigured(page, price);

    await page.getByRole('button', { name: 'Copy configuration link' }).click();
    await expect(page.getByText('Link copied.')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain('/configure?v=1&');

    const other = await context.newPage();
    await other.goto(link);
    await expect(other.getByTestId('est-price')).toBeVisible();
    await expectConfigured(other, price);
    await other.close();
  });

  test('a link with options the shop does not offer keeps the rest and says what was left out', async ({ page }) => {
    await openConfigurator(page, '/configure?v=1&cc=FR&m=dropwise-pro&ad=standard-art-adaptor,laser-guide&q=3');
    await expect(countryButton(page)).toContainText('France');
    await expect(page.getByRole('radio', { name: 'Dropwise Pro' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Number of instruments' })).toContainText('3');
    await expect(page.getByRole('status').filter({ hasText: 'no longer offered' })).toContainText('laser-guide');
  });
});

test('the country list jumps to the typed letters', async ({ page }) => {
  await openConfigurator(page);
  await countryButton(page).click();
  const list = page.getByRole('dialog', { name: 'Choose your delivery country' });
  await expect(list.getByRole('button', { name: /^United Kingdom/ })).toBeFocused();
  await page.keyboard.type('ger');
  await expect(list.getByRole('button', { name: /^Germany/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(countryButton(page)).toContainText('Germany');
});
