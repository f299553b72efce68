import { Writable } from 'node:stream';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { defaultHead, type HeadData, headTagsHtml } from './lib/head-tags';
import { HeadCollectorContext } from './lib/page-head';
import { PublicOriginContext } from './lib/public-origin';
import { setPublicProfile } from './lib/public-profile';
import { exampleBusinessProfile, publicProfileOf } from '../shared/business-profile';
import { tokenProfile } from '../shared/profile-tokens';
import { loadCatalogue } from './i18n/catalogue';
import { languageOfPath, prerenderIn } from './i18n/language';

// The business profile's texts are tokens in the built pages; the server fills in the profile in force.
setPublicProfile(tokenProfile(publicProfileOf(exampleBusinessProfile)));

export { prerenderedPaths } from '../shared/routes';
export { bootScript } from '../shared/boot-script';

export const PUBLIC_URL_TOKEN = '%PUBLIC_URL%';

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    stream
      .pipe(
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders one page to HTML at build time, waiting for its lazy code, with the head tags it declared. */
export async function renderPage(path: string): Promise<{ html: string; head: string; language: string }> {
  const collector: { head?: HeadData } = {};
  // The German and French home pages (/de, /fr) are written in their language; every other page in English.
  const language = languageOfPath(path);
  if (language) prerenderIn(language, await loadCatalogue(language));
  else prerenderIn('en');
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PublicOriginContext.Provider value={PUBLIC_URL_TOKEN}>
        <HeadCollectorContext.Provider value={collector}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </HeadCollectorContext.Provider>
      </PublicOriginContext.Provider>
    </StrictMode>,
    // Never outline a large Suspense boundary: outlining adds inline <script>s, which the CSP forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await streamToString(prelude);
  return { html, head: headTagsHtml(collector.head ?? { ...defaultHead, path }), language: language ?? 'en-GB' };
}

/** The head of the app shell served for client routes that are not prerendered; the page sets its own once loaded. */
export function shellHead(): string {
  return headTagsHtml(defaultHead, PUBLIC_URL_TOKEN, { canonical: false });
}
