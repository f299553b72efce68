import { expect, test } from './fixtures';

test.describe('site layout', () => {
  // The contact page, reached from the footer, embeds the open map.
  test.use({ allowHosts: ['www.openstreetmap.org'] });

  test('home page shows the navigation, footer and structured data', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Dropwise/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Custom Automation' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Customer Login' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Configure Now' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(footer.getByRole('link', { name: /^\+44/ })).toHaveAttribute('href', /^tel:/);
    await expect(footer).toContainText('Lancaster');
    await expect(footer).toContainText('company number');

    const canonical = page.locator('link[rel="canonical"]');
    await expect(canonical).toHaveAttribute('href', `${new URL(page.url()).origin}/`);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = blocks.map((block) => (JSON.parse(block) as { '@type': string })['@type']);
    expect(types).toEqual(['Organization', 'WebSite', 'Product', 'WebPage', 'BreadcrumbList']);
    const product = blocks.map((block) => JSON.parse(block)).find((block) => block['@type'] === 'Product');
    expect(product.offers).toMatchObject({ price: '2850', priceCurrency: 'GBP' });
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Dropwise/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /drop-wise/);
  });

  test('the mobile menu opens and closes on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(mobileNav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the mobile menu and puts focus back on its toggle', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    // Keys are not held for replay before hydration (taps are): wait until the page reacts.
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole('link', { name: 'About' }).focus();
    await page.keyboard.press('Escape');
    await expect(mobileNav).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a footer link leads to its page, scrolled to the top', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test.describe('missing pages', () => {
    // Chromium reports the document's own 404 status as a console error.
    test.use({ allowConsoleErrors: ['status of 404 (Not Found)'] });

    test('an unknown path shows the 404 page with a 404 status', async ({ page }) => {
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await expect(page.getByText('404', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
      await expect.poll(() => warnings).toContain('404: no page at /no-such-page');
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });

  test('/home redirects to the home page', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the products menu works from the keyboard', async ({ page }) => {
    await page.goto('/');
    const products = page.getByRole('button', { name: 'Products' });
    await products.focus();
    await page.keyboard.press('Enter');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Dropwise instrument' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
  });
});
