import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { defaultSystemSettings } from '../../shared/settings';

// Pages laid out as the build writes them (scripts/prerender.mjs with src/web/lib/head-tags.ts):
// a head of escaped tags and the page's own boot script.
const defaultDescription =
  'A benchtop instrument for sterile, controlled-rate, drop-wise addition of media with integrated mixing.';
const page = (title: string) => `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <title>${title}</title>
    <meta name="description" content="${defaultDescription}" />
    <meta property="og:site_name" content="Dropwise Labs" />
    <meta property="og:title" content="${title}" />
    <meta property="og:description" content="${defaultDescription}" />
    <meta property="og:url" content="%PUBLIC_URL%/" />
    <meta name="twitter:title" content="${title}" />
  </head>
  <body>
    <div id="root"><h1>Dropwise</h1></div>
    <script data-entry="/assets/index.js">window.boot()</script>
  </body>
</html>
`;
const webDir = mkdtempSync(join(tmpdir(), 'dropwise-site-head-'));
const pagesDir = join(webDir, 'pages');
mkdirSync(pagesDir);
const pages = {
  '/': page('Dropwise | Sterile, controlled-rate drop-wise addition'),
  '/configure': page('Configure your Dropwise | Dropwise Labs'),
  // Not prerendered: served the app shell.
  '/admin': page('Dropwise | Sterile, controlled-rate drop-wise addition'),
};
writeFileSync(join(pagesDir, 'index.html'), pages['/']);
writeFileSync(join(pagesDir, 'configure.html'), pages['/configure']);
writeFileSync(join(pagesDir, 'shell.html'), pages['/admin']);

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const count = (text: string, part: string) => text.split(part).length - 1;

describe('Site Name and Site Description settings in served pages', () => {
  const t = useTestApp({ web: { webDir, pagesDir } });

  it('go into the head as literal, escaped text: replacement patterns and markup add no tag or attribute', async () => {
    const admin = await createAdminSession(t);
    const hostile = [
      '$&',
      '$`',
      "$'",
      '$1',
      '$2',
      '"><script>alert(1)</script>',
      // The audit's proof: a meta refresh put into every page.
      '0;url=http://127.0.0.1:3231/pwned$2 http-equiv=$2refresh',
    ];
    try {
      for (const text of hostile) {
        const siteName = `Acme ${text} Lab`;
        const siteDescription = `Drops ${text} done right`;
        const saved = await t.put(
          '/api/admin/settings',
          { ...defaultSystemSettings, siteName, siteDescription },
          { cookie: admin.cookie },
        );
        expect(saved.statusCode, saved.body).toBe(200);
        for (const [path, built] of Object.entries(pages)) {
          const served = await t.get(path);
          const where = `${path} with ${text}`;
          expect(served.statusCode, where).toBe(200);
          // The business profile's data block (profile-html.ts) is the one addition to a served page.
          const html = served.body.replace(
            /<script type="application\/json" id="business-profile">[^<]*<\/script>/,
            '',
          );
          expect(html, where).toContain(`<meta property="og:site_name" content="${escapeHtml(siteName)}" />`);
          expect(html, where).toContain(`<meta name="description" content="${escapeHtml(siteDescription)}" />`);
          expect(html, where).toMatch(
            path === '/configure'
              ? `<title>Configure your Dropwise | ${escapeHtml(siteName)}</title>`
              : `<title>${escapeHtml(siteName)} | Sterile, controlled-rate drop-wise addition</title>`,
          );
          // The same tags and attributes as built: no new '<' or '"', no refresh, one script.
          expect(count(html, '<'), where).toBe(count(built, '<'));
          expect(count(html, '"'), where).toBe(count(built, '"'));
          expect(count(html, '<script'), where).toBe(1);
          expect(html, where).not.toMatch(/http-equiv="?refresh/);
        }
      }
    } finally {
      await t.put('/api/admin/settings', defaultSystemSettings, { cookie: admin.cookie });
    }
  });
});
