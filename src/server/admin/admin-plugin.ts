import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../accounts/request-auth';
import { adminAbandonedRoutes } from './abandoned-routes';
import { adminCatalogueRoutes } from './catalogue-routes';
import { adminInvoiceRoutes } from './invoice-routes';
import { adminOrderRoutes } from './order-routes';
import { adminOverviewRoutes } from './overview-routes';
import { adminSettingsRoutes } from './settings-routes';
import { adminUserRoutes } from './user-routes';

/**
 * The admin wing, `/api/admin/*` (docs/api.md, Admin): one guard for every route (an admin on an
 * aal2 session), each route rate-limited per admin. Other admin features (catalogue, settings,
 * invoices) register their route files here.
 */
async function adminWing(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });
  await app.register(adminOverviewRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminInvoiceRoutes);
  await app.register(adminCatalogueRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminAbandonedRoutes);
}

export async function adminRoutes(app: FastifyInstance) {
  await app.register(adminWing, { prefix: '/api/admin' });
}
