import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../../shared/escape-html';
import { matchesClientRoute } from '../../shared/routes';
import type { Db } from '../db/client';
import { serviceUnavailable } from './http-error';

/** The answer to a storefront write while Maintenance Mode is on. */
export const MAINTENANCE_MESSAGE = 'The shop is down for maintenance. Please try again later.';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * API writes that stay open, by the route the router matched (never the raw URL, which can be
 * percent-encoded): the admin portal, signing in (not signing up) with its MFA steps, the first-admin set-up.
 */
function isOpenApiWrite(route: string | undefined): boolean {
  if (route === undefined) return false;
  if (route.startsWith('/api/admin/') || route.startsWith('/api/setup/')) return true;
  return route.startsWith('/api/auth/') && route !== '/api/auth/signup';
}

/** A page path as the browser means it: decoded, without repeated or trailing slashes. */
export function normalisePath(rawPath: string): string {
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape stays as written; such a path matches no page.
  }
  return path.replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/';
}

/** Pages that stay open so an admin can sign in and switch maintenance off. */
function isOpenPage(path: string): boolean {
  return path === '/login' || path === '/setup' || path === '/admin' || path.startsWith('/admin/');
}

/** The maintenance page: plain HTML with no script, so it costs the visitor nothing to load. */
export function maintenancePage(siteName: string): string {
  const name = escapeHtml(siteName || 'Dropwise');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Down for maintenance | ${name}</title>
</head>
<body style="font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f8fafc; color: #0f172a;">
<main style="max-width: 32rem; padding: 2rem; text-align: center;">
<h1>Down for maintenance</h1>
<p>${name} is down for maintenance. Please try again later.</p>
</main>
</body>
</html>
`;
}

/** What the maintenance gate asks of features; src/server/app.ts passes them (http imports no feature). */
export interface MaintenanceOptions {
  /** Maintenance Mode and the Site Name, from the cached System Settings. */
  readSettings: (db: Db) => Promise<{ maintenanceMode: boolean; siteName: string }>;
  /** Whether the request is an admin's, who keeps the whole shop. */
  isAdmin: (app: FastifyInstance, request: FastifyRequest) => Promise<boolean>;
}

/**
 * Maintenance Mode (System Settings): visitors who are not admins get the maintenance page (503)
 * on every storefront page and 503 from every storefront write; admins keep the whole shop, and
 * everyone keeps sign-in, the admin portal and `/api/health`. Reads the cached settings, whose
 * change version makes a switch on any process count at the next request; requests that can
 * never be refused (assets, API reads) skip even that.
 */
async function maintenance(app: FastifyInstance, options: MaintenanceOptions) {
  app.addHook('onRequest', async (request, reply) => {
    const isWrite = WRITE_METHODS.has(request.method);
    // Writes are refused unless the matched route is an open one, so no spelling of a path (encoded,
    // doubled slashes, a trailing dot) slips past; pages are judged on their normalised path.
    const path = normalisePath(request.url.split('?')[0] ?? '/');
    const guarded = isWrite
      ? !isOpenApiWrite(request.routeOptions.url)
      : (request.method === 'GET' || request.method === 'HEAD') &&
        !path.startsWith('/api/') &&
        matchesClientRoute(path) &&
        !isOpenPage(path);
    if (!guarded) return;
    const settings = await options.readSettings(app.db);
    if (!settings.maintenanceMode || (await options.isAdmin(app, request))) return;
    const headers = { 'retry-after': '600', 'cache-control': 'no-store' };
    if (isWrite) throw serviceUnavailable(MAINTENANCE_MESSAGE, { code: 'maintenance', headers });
    return reply.status(503).headers(headers).type('text/html; charset=utf-8').send(maintenancePage(settings.siteName));
  });
}

export const maintenancePlugin = fp(maintenance, { name: 'maintenance', dependencies: ['request-auth'] });
