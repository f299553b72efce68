import { adminQuoteRoutes } from './quote-routes';
import type { FastifyInstance } from 'fastify';
import { adminMessages } from '../../shared/admin/admin-schemas';
import { requireAdmin } from '../accounts/request-auth';
import { forbidden } from '../http/http-error';
import { allowedBy } from './admin-route-config';
import { requireStepUp } from './step-up';
import { adminAbandonedRoutes } from './abandoned-routes';
import { adminBusinessProfileRoutes } from './business-profile-routes';
import { adminSupplierPackRoutes } from './supplier-pack-routes';
import { adminCatalogueRoutes } from './catalogue-routes';
import { adminCustomerRoutes } from './customer-routes';
import { adminOrganisationRoutes } from './organisation-routes';
import { adminInvoiceRoutes } from './invoice-routes';
import { adminExchangeRateRoutes } from './exchange-rate-routes';
import { adminOrderRoutes } from './order-routes';
import { adminDispatchRoutes } from './dispatch-routes';
import { adminInstrumentRoutes } from './instrument-routes';
import { adminAuditRoutes } from './audit-routes';
import { adminDashboardRoutes } from './dashboard-routes';
import { adminStepUpRoutes } from './step-up-routes';
import { adminServiceRoutes } from './service-routes';
import { adminSessionRoutes } from './session-routes';
import { adminPrivacyRoutes } from './privacy-routes';
import { adminReminderRoutes } from './reminder-routes';
import { adminReceiptRoutes } from './receipt-routes';
import { adminReceivablesRoutes } from './receivables-routes';
import { adminSettingsRoutes } from './settings-routes';
import { adminStaffRoutes } from './staff-routes';
import { adminUserRoutes } from './user-routes';

/**
 * The admin wing, `/api/admin/*` (docs/api/admin.md). Every route declares what it needs in its
 * options (`config: adminRoute(permission, { stepUp })`, admin-route-config.ts) and this one guard
 * checks it: a staff member on an aal2 session, holding the permission through their roles (staff_roles), and where declared a fresh
 * code. A route that declares nothing is refused, so a forgotten declaration fails closed.
 */
async function adminWing(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const auth = await requireAdmin(request);
    const needs = request.routeOptions.config.admin;
    if (!needs) throw forbidden(adminMessages.noAccess, { code: 'no_access' });
    if (!allowedBy(auth.roles, needs)) {
      throw forbidden(adminMessages.noAccess, { code: 'no_access' });
    }
    if (needs.stepUp) await requireStepUp(app, request, auth);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });
  await app.register(adminDashboardRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminStepUpRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminDispatchRoutes);
  await app.register(adminQuoteRoutes);
  await app.register(adminInstrumentRoutes);
  await app.register(adminInvoiceRoutes);
  await app.register(adminExchangeRateRoutes);
  await app.register(adminCatalogueRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminAbandonedRoutes);
  await app.register(adminCustomerRoutes);
  await app.register(adminOrganisationRoutes);
  await app.register(adminStaffRoutes);
  await app.register(adminSessionRoutes);
  await app.register(adminBusinessProfileRoutes);
  await app.register(adminSupplierPackRoutes);
  await app.register(adminPrivacyRoutes);
  await app.register(adminServiceRoutes);
  await app.register(adminReminderRoutes);
  await app.register(adminReceiptRoutes);
  await app.register(adminReceivablesRoutes);
}

export async function adminRoutes(app: FastifyInstance) {
  await app.register(adminWing, { prefix: '/api/admin' });
}
