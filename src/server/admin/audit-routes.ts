import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../shared/audit/audit-contracts';
import { listAudit } from '../audit/audit-log';
import { adminRoute } from './admin-route-config';

/** The audit log, read only: there is no route to change or delete an entry. */
export async function adminAuditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/audit',
    { config: adminRoute('audit.view'), schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => listAudit(app.db, request.query),
  );
}
