import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { matchesClientRoute } from '../../shared/routes';
import type { PublicBusinessProfile } from '../../shared/business-profile';
import type { SystemSettings } from '../../shared/settings';
import type { Db } from '../db/client';
import { applyProfile } from './profile-html';
import { applySiteHead, descriptionOf } from './site-head';

export interface WebAppOptions {
  /** The Vite build (dist/web). */
  webDir: string;
  /** Pages rendered at build time (dist/pages), named after their path (index.html, about.html), plus 404.html and shell.html. */
  pagesDir: string;
  publicUrl: string;
  /** The Site Name and Site Description now (the cached System Settings; src/server/app.ts passes them). */
  readSettings: (db: Db) => Promise<Pick<SystemSettings, 'siteName' | 'siteDescription'>>;
  /** The public part of the business profile in force (src/server/app.ts passes it; http imports no feature). */
  readProfile: (db: Db) => Promise<PublicBusinessProfile>;
}

const PUBLIC_URL_TOKEN = /%PUBLIC_URL%/g;

export function pageFileName(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.slice(1).replaceAll('/', '__')}.html`;
}

/**
 * Serves the browser app: hashed assets with a year's cache, prerendered HTML for public pages,
 * the app shell for the other client routes, and the 404 page with a real 404 status.
 */
async function webApp(app: FastifyInstance, options: WebAppOptions) {
  // A function, so a `$` in PUBLIC_URL is never read as a replacement pattern.
  const fill = (html: string) => html.replace(PUBLIC_URL_TOKEN, () => options.publicUrl);
  const pages = new Map<string, string>();
  if (existsSync(options.pagesDir)) {
    for (const file of readdirSync(options.pagesDir)) {
      if (file.endsWith('.html')) pages.set(file, fill(readFileSync(join(options.pagesDir, file), 'utf8')));
    }
  }
  // The app shell for client routes that are not prerendered (shell.html has the default head filled in).
  const shell = pages.get('shell.html') ?? fill(readFileSync(join(options.webDir, 'index.html'), 'utf8'));
  const notFoundPage = pages.get('404.html') ?? shell;
  const defaultDescription = descriptionOf(shell);

  await app.register(fastifyStatic, {
    root: options.webDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.startsWith(join(options.webDir, 'assets'));
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api') return reply.callNotFound();
    if (pathname === '/home') return reply.redirect('/', 301);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    if (!matchesClientRoute(pathname)) {
      request.log.info({ path: pathname }, 'page not found');
      const profile = await options.readProfile(app.db);
      return reply.status(404).send(applyProfile(notFoundPage, profile));
    }
    const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // The Site Name and Site Description settings in the head (src/server/http/site-head.ts).
    // The business profile in force in the footer, contact page and structured data (profile-html.ts).
    const [settings, profile] = await Promise.all([options.readSettings(app.db), options.readProfile(app.db)]);
    const page = applySiteHead(pages.get(pageFileName(normalised)) ?? shell, settings, defaultDescription);
    return reply.send(applyProfile(page, profile));
  });
}

export const webAppPlugin = fp(webApp, { name: 'web-app' });
