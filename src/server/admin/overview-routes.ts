import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditPageSchema,
  auditQuerySchema,
  dashboardSchema,
  stepUpRequestSchema,
} from '../../shared/admin/admin-schemas';
import { adminOf, adminRoute } from './admin-route-config';
import { listAudit } from './audit-log';
import { loadDashboard } from './dashboard';
import { passkeyAssertionRequestSchema } from '../../shared/accounts/passkey-contracts';
import { relyingPartyOf } from '../accounts/passkey-service';
import { stepUp, stepUpWithPasskey } from './step-up';

/** The dashboard, the audit log (read only: no update or delete route) and step-up (a code or a passkey). */
export async function adminOverviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/dashboard',
    { config: adminRoute('dashboard.view'), schema: { response: { 200: dashboardSchema } } },
    async () => loadDashboard(app.db, app.now()),
  );

  r.get(
    '/audit',
    { config: adminRoute('audit.view'), schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => listAudit(app.db, request.query),
  );

  r.post(
    '/step-up',
    {
      config: adminRoute('staff', { limit: 'stepUp' }),
      schema: { body: stepUpRequestSchema, response: { 200: z.object({ steppedUpUntil: z.string() }) } },
    },
    async (request) => {
      const { until } = await stepUp(app.db, adminOf(request), request.body.code, app.now());
      return { steppedUpUntil: until };
    },
  );

  const rp = relyingPartyOf(app.env.publicUrl);
  r.post(
    '/step-up/passkey',
    {
      config: adminRoute('staff', { limit: 'stepUp' }),
      schema: { body: passkeyAssertionRequestSchema, response: { 200: z.object({ steppedUpUntil: z.string() }) } },
    },
    async (request) => {
      const { until } = await stepUpWithPasskey(app.db, rp, adminOf(request), request.body, app.now());
      return { steppedUpUntil: until };
    },
  );
}
