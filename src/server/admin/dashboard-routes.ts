import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../shared/reporting/dashboard-contracts';
import { loadRoleDashboard } from '../reporting/dashboard';
import { adminOf, adminRoute } from './admin-route-config';

/** The dashboard's figures (docs/api, Admin: dashboard): those of the caller's job (issue 54). */
export async function adminDashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/dashboard',
    { config: adminRoute('dashboard.view'), schema: { response: { 200: dashboardSchema } } },
    async (request) => loadRoleDashboard(app.db, app.now(), adminOf(request).roles),
  );
}
