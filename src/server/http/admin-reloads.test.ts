import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { clientRoutePatterns } from '../../shared/routes';

// Laid out as scripts/prerender.mjs writes them: the app shell has an empty root (the client renders
// into it), the 404 page a rendered one (the client hydrates it). An admin path served the 404 page
// is what answered HTTP 404 and then React error #418 (hydrating the not-found markup as an admin screen).
const webDir = mkdtempSync(join(tmpdir(), 'dropwise-admin-reloads-'));
const pagesDir = join(webDir, 'pages');
mkdirSync(pagesDir);
const html = (root: string) =>
  `<!doctype html><html lang="en-GB"><head><title>Dropwise</title></head><body><div id="root">${root}</div></body></html>`;
writeFileSync(join(pagesDir, 'shell.html'), html(''));
writeFileSync(join(pagesDir, '404.html'), html('<h1>Page not found</h1>'));
writeFileSync(join(webDir, 'index.html'), html(''));

const withParams = (pattern: string) => pattern.replace(/:[^/]+/g, 'Q2026-1234');
const adminPatterns = clientRoutePatterns.filter((pattern) => pattern === '/admin' || pattern.startsWith('/admin/'));
const adminAppPaths = [
  ...readFileSync(new URL('../../web/admin/admin-app.tsx', import.meta.url), 'utf8').matchAll(/\{\s*path: '([^'*]+)'/g),
].map((match) => `/admin/${match[1]}`);

describe('reloading an admin screen (issue 28)', () => {
  const t = useTestApp({ web: { webDir, pagesDir } });

  it.each([...new Set([...adminPatterns, ...adminAppPaths])].map(withParams))(
    '%s answers 200 with the app shell',
    async (path) => {
      const response = await t.get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('Page not found');
    },
  );

  it('serves /admin/abandoned, with a trailing slash and a query too, as the shell', async () => {
    for (const path of ['/admin/abandoned', '/admin/abandoned/', '/admin/abandoned?page=2&status=open']) {
      const response = await t.get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
    expect((await t.get('/admin/no-such-screen')).statusCode).toBe(404);
  });
});
