import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../shared/reporting/dashboard-contracts';
import { loadDashboard } from '../reporting/dashboard';
import { adminRoute } from './admin-route-config';

/** The dashboard's figures (docs/api, Admin: dashboard). */
export async function adminDashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/dashboard',
    { config: adminRoute('dashboard.view'), schema: { response: { 200: dashboardSchema } } },
    async () => loadDashboard(app.db, app.now()),
  );
}
