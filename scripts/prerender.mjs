// Renders the public pages to HTML at build time (dist/pages), so their first paint needs no JavaScript.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.cwd();
// The stylesheet is inlined (the CSP allows inline styles, not scripts): one round trip less before
// the first paint on a slow connection. Its font URLs are absolute (/assets/...), so they still resolve.
// The Latin face of Inter is preloaded from the head, so it is usually there before the first layout
// and text is not set twice (with its metric-matched fallback first, src/web/styles.css); measured
// with Lighthouse, the swap was the cause of every public page's layout shift (issue 27).
const template = readFileSync(join(root, 'dist/web/index.html'), 'utf8').replace(
  /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/,
  (_tag, href) => {
    const css = readFileSync(join(root, 'dist/web', href), 'utf8');
    const latinFont = /\/assets\/inter-latin-wght-normal-[\w-]+\.woff2/.exec(css)?.[0];
    const preload = latinFont ? `<link rel="preload" href="${latinFont}" as="font" type="font/woff2" crossorigin>` : '';
    return `${preload}<style>${css}</style>`;
  },
);
const { renderPage, shellHead, prerenderedPaths, bootScript } = await import(
  pathToFileURL(join(root, 'dist/prerender/entry-server.js')).href
);

const outDir = join(root, 'dist/pages');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

// No <link rel="modulepreload"> for a page's own lazy chunk: measured with Lighthouse (mobile, 3 runs)
// it moved hydration into the first seconds and cost the home page 5-10 performance points (TBT).
const fileFor = (path) => (path === '/' ? 'index.html' : `${path.slice(1).replaceAll('/', '__')}.html`);
const fill = (head, html, language = 'en-GB') =>
  template
    .replace('<html lang="en-GB">', `<html lang="${language}">`)
    .replace('<!--app-head-->', head)
    .replace('<!--app-html-->', html);

// A prerendered page paints without the app: its entry script (and the chunks Vite preloads for it)
// is started by the inline boot script after the first frame, so the first paint never waits for
// JavaScript; until the whole page reacts, the boot script holds taps and replays them
// (src/shared/boot-script.ts; the CSP allows it by its hash).
const deferEntry = (html) =>
  html
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(
      /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
      (_tag, src) => `<script data-entry="${src}">${bootScript}</script>`,
    );

for (const path of prerenderedPaths) {
  const page = await renderPage(path);
  // The German and French home pages (/de, /fr) carry their language on <html>.
  writeFileSync(join(outDir, fileFor(path)), deferEntry(fill(page.head, page.html, page.language)));
}
const notFound = await renderPage('/__page-not-found__');
writeFileSync(join(outDir, '404.html'), deferEntry(fill(notFound.head, notFound.html)));
writeFileSync(join(outDir, 'shell.html'), fill(shellHead(), ''));
console.log(`Prerendered ${prerenderedPaths.length} pages, the 404 page and the app shell into dist/pages`);
