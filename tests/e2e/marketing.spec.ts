import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { realDetails } from '../support/business-profile';

// The videos play here: the journeys' default of reduced motion (playwright.config.ts) would hold them still.
test.use({ reducedMotion: 'no-preference' });

const publicPages = [
  '/',
  '/about',
  '/careers',
  '/contact',
  '/automation',
  '/coming-soon',
  '/privacy-policy',
  '/terms-of-sale',
];

/** Answers GET /api/settings/public with the given changes, as a shop configured that way would. */
async function configureSettings(page: Page, changes: Record<string, unknown>) {
  await page.route('**/api/settings/public', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { settings: Record<string, unknown> };
    await route.fulfill({ response, json: { settings: { ...body.settings, ...changes } } });
  });
}

/** Waits until the video is playing: not paused, and its time has moved on. */
async function expectPlaying(video: Locator) {
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0), {
      message: 'the video plays',
    })
    .toBe(true);
}

/** The video plays from the shop's own origin, and that address answers 200 with a video type. */
async function expectOwnVideo(page: Page, video: Locator) {
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc)).not.toBe('');
  const source = new URL(await video.evaluate((element: HTMLVideoElement) => element.currentSrc));
  expect(source.origin).toBe(new URL(page.url()).origin);
  expect(source.pathname).toMatch(/^\/media\/[\w-]+\.(webm|mp4)$/);
  const response = await page.request.get(source.href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^video\/(webm|mp4)/);
}

test.describe('home page', () => {
  test('shows the nine sections in order, prerendered', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('Commonly Asked Questions');
    expect(html).toContain('73% more consistent');

    await page.goto('/');
    const sections = await page.locator('main > section').allTextContents();
    const expected = [
      'Configure Now',
      'Reduce inconsistency',
      'Fits in your existing workflow',
      'Works with existing sterile consumables',
      'Maximise team productivity',
      'How does it work',
      'Specifications',
      'Commonly Asked Questions',
      'Start automating today',
    ];
    expect(sections).toHaveLength(expected.length);
    expected.forEach((text, index) => expect(sections[index]).toContain(text));

    const hero = page.locator('main > section').first();
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(hero).toContainText('£2,850 / €3,340');
    await expect(hero.getByRole('link', { name: 'Configure Now' })).toHaveAttribute('href', '/configure');
    await expect(hero.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', /^mailto:sales@/);
    await expect(hero.getByRole('button', { name: 'Watch Video' })).toBeVisible();

    const consistency = page.locator('main > section').nth(1);
    await expect(consistency).toContainText('±25 mOsm/kg/s');
    await expect(consistency).toContainText('±6.6 mOsm/kg/s');
    await expect(consistency).toContainText('2.5 mL water plus 2.5 mL 50% NaCl added over 3 minutes');
    await expect(consistency.getByRole('img', { name: /Manual addition varies/ })).toBeVisible();

    const specifications = page.locator('main > section').nth(6);
    for (const fact of [
      '0.5–15 mL/min',
      '0–1500 RPM',
      '210 × 100 × 300 mm',
      '1.5 kg',
      '24 V mains adaptor',
      'OLED',
      'EN IEC 61326-1:2021',
    ]) {
      await expect(specifications).toContainText(fact);
    }
    await expect(specifications).toContainText('12 months');

    // Every image has its size set, and only the hero image loads eagerly.
    const images = await page.locator('main img').evaluateAll((elements) =>
      elements.map((element) => ({
        width: element.getAttribute('width'),
        height: element.getAttribute('height'),
        loading: element.getAttribute('loading'),
      })),
    );
    expect(images.every((image) => image.width && image.height)).toBe(true);
    expect(images[0]?.loading).toBeNull();
    expect(images.slice(1).every((image) => image.loading === 'lazy')).toBe(true);
  });

  test('the ROI calculator follows the section 9 formula as the sliders move by keyboard', async ({ page }) => {
    await page.goto('/');
    const minutes = page.getByLabel('Minutes per manual addition');
    const procedures = page.getByLabel('Procedures per day');
    const hours = page.getByTestId('roi-hours');
    const saving = page.getByTestId('roi-saving');
    await expect(minutes).toHaveValue('4');
    await expect(procedures).toHaveValue('4');
    // (4 − 0.5) × 4 × 320 / 60 = 74.67 hours; × £45 = £3,360.
    await expect(hours).toHaveText('74.7');
    await expect(saving).toHaveText('£3,360');

    await minutes.focus();
    await page.keyboard.press('ArrowRight');
    await expect(minutes).toHaveValue('4.5');
    // (4.5 − 0.5) × 4 × 320 / 60 = 85.33 hours; × £45 = £3,840.
    await expect(hours).toHaveText('85.3');
    await expect(saving).toHaveText('£3,840');

    await page.keyboard.press('End');
    await procedures.focus();
    await page.keyboard.press('End');
    await expect(minutes).toHaveValue('15');
    await expect(procedures).toHaveValue('20');
    // (15 − 0.5) × 20 × 320 / 60 = 1,546.67 hours; × £45 = £69,600.
    await expect(hours).toHaveText('1,546.7');
    await expect(saving).toHaveText('£69,600');
    await expect(page.getByRole('img', { name: /Hours a year: 1,600 by hand, 53.3 with Dropwise/ })).toBeVisible();
  });

  test('the FAQ keeps one item open at a time and can close it', async ({ page }) => {
    await page.goto('/');
    const faq = page.locator('main > section').nth(7);
    const first = faq.locator('details').nth(0);
    const second = faq.locator('details').nth(1);
    await expect(faq.locator('details[open]')).toHaveCount(0);

    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first.getByText('between 0.5 and 15 mL/min')).toBeVisible();

    await second.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('open', '');
    await expect(first).not.toHaveAttribute('open');
    await expect(faq.locator('details[open]')).toHaveCount(1);

    await second.locator('summary').click();
    await expect(faq.locator('details[open]')).toHaveCount(0);
  });

  test('Watch Video plays the product video from the shop itself in the modal, with controls, and closes', async ({
    page,
  }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Watch Video' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Dropwise in action' });
    await expect(dialog).toBeVisible();
    await expect(dialog).not.toContainText('not available yet');
    await expect(dialog.locator('iframe')).toHaveCount(0);
    const video = dialog.getByLabel('Dropwise product video');
    await expect(video).toHaveJSProperty('autoplay', true);
    await expect(video).toHaveJSProperty('controls', true);
    await expectPlaying(video);
    await expectOwnVideo(page, video);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(page.locator('video[aria-label="Dropwise product video"]')).toHaveCount(0);
  });

  test('the hero and both comparison videos loop, muted, from the shop itself, over their posters', async ({
    page,
    request,
  }) => {
    // Poster first: the prerendered page has no video, so the hero's poster is the first paint.
    const html = await (await request.get('/')).text();
    expect(html).not.toContain('<video');

    await page.goto('/');
    const hero = page.locator('main > section').first();
    await expect(hero.getByRole('img', { name: /The Dropwise instrument/ })).toBeVisible();
    const heroVideo = hero.locator('video');
    await expectPlaying(heroVideo);
    await expect(heroVideo).toHaveJSProperty('muted', true);
    await expect(heroVideo).toHaveJSProperty('loop', true);
    await expect(heroVideo).toHaveJSProperty('controls', false);
    await expectOwnVideo(page, heroVideo);

    // The comparison's videos are added as they come near the view (decision 0087).
    const consistency = page.locator('main > section').nth(1);
    const loops = consistency.locator('video');
    await consistency.scrollIntoViewIfNeeded();
    await expect(loops).toHaveCount(2);
    for (const loop of [loops.first(), loops.last()]) {
      await expectPlaying(loop);
      await expect(loop).toHaveJSProperty('muted', true);
      await expect(loop).toHaveJSProperty('loop', true);
      await expectOwnVideo(page, loop);
    }
    await expect(consistency.getByRole('img', { name: /Manual addition: media added by hand/ })).toBeVisible();
    await expect(consistency.getByRole('img', { name: /Automated addition: the instrument/ })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("the consistency chart's axis labels are rendered at 11 px or more", async ({ page }) => {
      await page.goto('/');
      const chart = page.getByRole('img', { name: /^Manual addition varies/ });
      await chart.scrollIntoViewIfNeeded();
      const labels = chart.locator('text');
      await expect(labels).toHaveText([
        '-30',
        '-15',
        '0',
        '+15',
        '+30',
        '0 s',
        '1 min',
        '2 min',
        '3 min',
        '±25 manual',
        '±6.6 Dropwise',
      ]);
      const chartWidth = (await chart.boundingBox())?.width ?? 0;
      expect(chartWidth).toBeLessThan(375);
      for (const label of await labels.all()) {
        const rendered = await label.evaluate((text: SVGTextElement) => {
          const svg = text.ownerSVGElement;
          // Font sizes in an SVG are user units: the rendered size is the computed one times the drawing's scale.
          const scale = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
          return {
            fontPx: Number.parseFloat(getComputedStyle(text).fontSize) * scale,
            boxHeight: text.getBoundingClientRect().height,
          };
        });
        const name = (await label.textContent()) ?? '';
        expect(rendered.fontPx, name).toBeGreaterThanOrEqual(11);
        expect(rendered.boxHeight, name).toBeGreaterThanOrEqual(11);
      }
    });
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('the loops stay still on their posters, and the modal video waits paused for its play button', async ({
      page,
    }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Watch Video' }).click();
      const dialog = page.getByRole('dialog', { name: 'Dropwise in action' });
      const video = dialog.getByLabel('Dropwise product video');
      await expect(video).toBeVisible();
      await expect(video).toHaveJSProperty('controls', true);
      await expect(video).toHaveJSProperty('autoplay', false);
      await expect(video).toHaveJSProperty('paused', true);
      await expectOwnVideo(page, video);

      // The visitor presses play: it plays.
      await video.evaluate((element: HTMLVideoElement) => element.play());
      await expectPlaying(video);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // The page is hydrated (the dialog opened), and no looping video moves: the posters show.
      const hero = page.locator('main > section').first();
      await expect(hero.getByRole('img', { name: /The Dropwise instrument/ })).toBeVisible();
      await expect(page.getByRole('img', { name: /Manual addition: media added by hand/ })).toBeVisible();
      await expect(page.locator('main video')).toHaveCount(0);
    });
  });

  test.describe('with a video configured', () => {
    test.use({ allowHosts: ['www.youtube-nocookie.com'] });

    test('Watch Video embeds the configured player instead of the own video while open, and removes it on close', async ({
      page,
    }) => {
      const embedUrl = 'https://www.youtube-nocookie.com/embed/dropwise-demo';
      await configureSettings(page, {
        videos: {
          heroLoopUrl: '/media/hero-loop.webm',
          manualAdditionUrl: '/media/manual-addition.webm',
          automatedAdditionUrl: '/media/automated-addition.webm',
          explainerUrl: '/media/explainer.webm',
          embedUrl,
        },
      });
      // The server allows a configured embed's origin in frame-src; this run's shop has none configured.
      await page.route('**/', async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const response = await route.fetch();
        const csp = response.headers()['content-security-policy'] ?? '';
        await route.fulfill({
          response,
          headers: {
            ...response.headers(),
            'content-security-policy': csp.replace('frame-src', 'frame-src https://www.youtube-nocookie.com'),
          },
        });
      });
      const settingsLoaded = page.waitForResponse('**/api/settings/public');
      await page.goto('/');
      await settingsLoaded;

      await page.getByRole('button', { name: 'Watch Video' }).click();
      const dialog = page.getByRole('dialog', { name: 'Dropwise in action' });
      const player = dialog.locator('iframe[title="Dropwise product video"]');
      await expect(player).toHaveAttribute('src', `${embedUrl}?autoplay=1`);
      await expect(dialog.locator('video')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Close video' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('iframe[title="Dropwise product video"]')).toHaveCount(0);
    });
  });
});

test.describe('navigation and footer links', () => {
  // The contact page embeds the open map.
  test.use({ allowHosts: ['www.openstreetmap.org'] });

  const footerLinks = [
    ['Home', '/'],
    ['Custom Automation', '/automation'],
    ['About', '/about'],
    ['Contact', '/contact'],
    ['Privacy policy', '/privacy-policy'],
    ['Terms of sale', '/terms-of-sale'],
  ] as const;
  const navLinks = [
    ['Custom Automation', '/automation'],
    ['About', '/about'],
    ['Careers', '/careers'],
    ['Contact', '/contact'],
    ['Customer Login', '/login'],
    ['Configure Now', '/configure'],
  ] as const;

  test('every footer link reaches its page', async ({ page }) => {
    for (const [name, path] of footerLinks) {
      await page.goto('/about');
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '' : path}/?$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('every navigation link reaches its page', async ({ page }) => {
    for (const [name, path] of navLinks) {
      await page.goto('/careers');
      await page.getByRole('banner').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    for (const [name, path] of [
      ['Dropwise instrument', '/'],
      ['Coming soon', '/coming-soon'],
    ] as const) {
      await page.goto('/about');
      await page.getByRole('button', { name: 'Products' }).click();
      await page.getByRole('banner').getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '' : path}/?$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
});

test.describe('marketing pages', () => {
  test.use({ allowHosts: ['www.openstreetmap.org'] });

  test('each page has its own title, description and canonical link, prerendered', async ({ page, request }) => {
    const titles = new Set<string>();
    for (const path of publicPages) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/<h1[ >]/);
      // The terms' figures are in the prerendered page, before any script runs.
      if (path === '/terms-of-sale') expect(html).toContain('7 days</strong>');
      await page.goto(path);
      const title = await page.title();
      // Each title names the product or, on the company's own pages, the company (the business profile).
      expect(title, path).toMatch(new RegExp(`Dropwise|${realDetails.tradingName}`));
      titles.add(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${new URL(page.url()).origin}${path}`,
      );
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/media\/og-image\.png$/);
    }
    expect(titles.size).toBe(publicPages.length);
  });

  test('the contact page shows the company details and the open map', async ({ page }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    // The journeys' shop runs with a filled-in business profile (tests/e2e/fixtures.ts).
    await expect(main).toContainText(realDetails.officeHours);
    await expect(main).toContainText(realDetails.legalName);
    await expect(main).toContainText('within 24 hours');
    await expect(main).toContainText('Lancaster');
    await expect(main).toContainText('company number');
    await expect(main.getByRole('link', { name: /^sales@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(main.getByRole('link', { name: /^\+44/ })).toHaveAttribute('href', /^tel:/);
    await expect(main.locator('iframe')).toHaveAttribute(
      'src',
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/,
    );
  });

  // A full axe scan of every public page, one journey a page, so the two workers share the scans.
  for (const path of publicPages) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
        );
      expect(serious).toEqual([]);
    });
  }
});

// The legal pages' texts (versions, sections, figures, back links) and the automation page's services
// are checked in src/web/legal/legal-pages.test.tsx; here, what the running shop adds to them.
test.describe('legal pages', () => {
  test('the terms state the quote validity the shop is configured with', async ({ page }) => {
    await configureSettings(page, { autoQuoteExpiry: 14 });
    await page.goto('/terms-of-sale');
    await expect(page.getByTestId('quote-validity')).toHaveText('14 days');
  });
});
