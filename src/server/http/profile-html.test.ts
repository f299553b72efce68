import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { realDetails } from '../../../tests/support/business-profile';
import { useTestApp } from '../../../tests/support/test-app';
// The test builds pages as scripts/prerender.mjs does, with the app's own server entry; the server code never imports it.
// eslint-disable-next-line import-x/no-restricted-paths -- a test of the build's output, not server code
import { renderPage } from '../../web/entry-server';
import { renderQuoteDocument } from '../quotes/quote-document';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';

// The pages as the build writes them: rendered by the app's own server entry (with the profile's
// tokens, src/shared/profile-tokens.ts) into the index.html template.
const webDir = mkdtempSync(join(tmpdir(), 'dropwise-profile-html-'));
const pagesDir = join(webDir, 'pages');
mkdirSync(pagesDir);
const template = (head: string, html: string) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="UTF-8" />${head}</head><body><div id="root">${html}</div></body></html>`;
const built = {
  contact: await renderPage('/contact'),
  home: await renderPage('/'),
  about: await renderPage('/about'),
  careers: await renderPage('/careers'),
};
writeFileSync(join(pagesDir, 'contact.html'), template(built.contact.head, built.contact.html));
writeFileSync(join(pagesDir, 'about.html'), template(built.about.head, built.about.html));
writeFileSync(join(pagesDir, 'careers.html'), template(built.careers.head, built.careers.html));
writeFileSync(join(pagesDir, 'index.html'), template(built.home.head, built.home.html));
writeFileSync(join(pagesDir, 'shell.html'), template('', ''));

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'profile-pdf-')), 'quote.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

describe('a business profile change shows without a rebuild', () => {
  const t = useTestApp({ web: { webDir, pagesDir }, now: new Date('2026-11-20T10:00:00.000Z') });

  it('fills the built footer, contact page and structured data with the profile in force, then with the change', async () => {
    // The built pages hold no company details of their own.
    expect(built.contact.html).not.toContain('00000000');
    const before = await t.get('/contact');
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('company number 00000000');
    expect(before.body).toContain('sales@dropwise-labs.example');
    expect(before.body).not.toMatch(/[\uE000\uE001]/);

    const admin = await createAdminSession(t);
    const saved = await t.put(
      '/api/admin/business-profile',
      { ...realDetails, officeHours: 'Mon-Thu 8:30-16:30 UK & "bank holidays"' },
      { cookie: admin.cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const contact = (await t.get('/contact')).body.replaceAll('<!-- -->', '');
    expect(contact).not.toContain('00000000');
    expect(contact).toContain('Fjordlight Instruments Ltd');
    expect(contact).toContain('company number 12345678');
    expect(contact).toContain('href="tel:+441615550199"');
    expect(contact).toContain('href="mailto:sales@fjordlight.test"');
    expect(contact).toContain('7 Canal Street');
    // Text typed in the admin is escaped in the page, never markup.
    expect(contact).toMatch(/Mon-Thu 8:30-16:30 UK &amp; (&quot;|")bank holidays(&quot;|")/);
    // The client's first render reads the same profile from the page.
    expect(contact).toContain('<script type="application/json" id="business-profile">');

    const home = (await t.get('/')).body.replaceAll('<!-- -->', '');
    const jsonLd = [...home.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
    );
    const organisation = jsonLd.find((block) => block['@type'] === 'Organization');
    expect(organisation).toMatchObject({
      legalName: 'Fjordlight Instruments Ltd',
      telephone: '+44 161 555 0199',
      email: 'sales@fjordlight.test',
      address: { streetAddress: '7 Canal Street', addressLocality: 'Manchester' },
    });
    // The footer of every page.
    expect(home).toContain('Fjordlight Instruments Ltd. Registered in England and Wales, company number 12345678.');
  });

  it('the About, Careers and contact pages, their titles and the structured data name the profile’s company, town and map (issue 38)', async () => {
    for (const page of [built.about, built.careers, built.contact, built.home])
      expect(`${page.head}${page.html}`).not.toMatch(/Lancaster|Dropwise Labs/);
    const admin = await createAdminSession(t);
    const saved = await t.put(
      '/api/admin/business-profile',
      { ...realDetails, registeredAddress: realDetails.tradingAddress },
      { cookie: admin.cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);

    // React separates adjacent text nodes with <!-- --> in the served HTML.
    const about = (await t.get('/about')).body.replaceAll('<!-- -->', '');
    expect(about).toContain('<title>About us | Fjordlight</title>');
    expect(about).toContain('Fjordlight was founded in 2019 in Manchester, United Kingdom');
    const careers = (await t.get('/careers')).body.replaceAll('<!-- -->', '');
    expect(careers).toContain('<title>Careers | Fjordlight</title>');
    expect(careers).toContain('a small, growing team in Manchester');
    const contact = (await t.get('/contact')).body.replaceAll('<!-- -->', '');
    expect(contact).toContain('Contact Fjordlight in Manchester, United Kingdom');
    expect(contact).toContain('https://www.openstreetmap.org/?mlat=53.4794&amp;mlon=-2.2453#map=16/53.4794/-2.2453');
    const home = (await t.get('/')).body.replaceAll('<!-- -->', '');
    expect(home).toContain('"name":"Fjordlight"');
    expect(home).toContain('"foundingDate":"2019"');
    expect(home).toContain('"addressLocality":"Manchester"');
    for (const page of [about, careers, contact, home]) {
      expect(page).not.toContain('Lancaster');
      expect(page).not.toContain('Dropwise Labs');
      expect(page).not.toContain('.example');
    }
  });

  it('draws a new quote PDF with the profile in force', async () => {
    const quoted = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: {
        email: 'pdf@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        organization: 'AE',
        country: 'GB',
      },
      flowType: 'quote',
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quote = (quoted.json() as { quote: QuoteResource }).quote;
    const text = pdfText(
      await renderQuoteDocument(t.db, quote.reference, t.clock.now, {
        customerText: false,
        publicUrl: t.env.publicUrl,
      }),
    );
    expect(text).toContain('Fjordlight Instruments Ltd');
    expect(text).toContain('company number 12345678');
    expect(text).not.toContain('company number 00000000');
  });
});
