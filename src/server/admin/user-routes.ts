import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminListQuerySchema,
  adminMessages,
  adminUserPageSchema,
  adminUserSchema,
  updateUserRequestSchema,
} from '../../shared/admin/admin-schemas';
import { mfaFactors, profiles } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import { adminOf, adminRoute } from './admin-route-config';
import { listUsers } from './admin-lists';
import { writeAudit } from './audit-log';
import { deactivateStaff } from './staff';
import { staffMessages } from '../../shared/admin/staff-schemas';

const idParams = z.object({ id: z.uuid() });

export async function adminUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users',
    {
      config: adminRoute('staff.manage', { limit: 'users' }),
      schema: { querystring: adminListQuerySchema, response: { 200: adminUserPageSchema } },
    },
    async (request) => listUsers(app.db, request.query),
  );

  r.patch(
    '/users/:id',
    {
      config: adminRoute('staff.manage', { stepUp: true }),
      schema: {
        params: idParams,
        body: updateUserRequestSchema,
        response: { 200: z.object({ user: adminUserSchema.pick({ id: true, email: true, isAdmin: true }) }) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const { id } = request.params;
      return app.db.transaction(async (tx) => {
        const [target] = await tx.select().from(profiles).where(eq(profiles.id, id));
        if (!target) throw notFound(adminMessages.userNotFound);
        if (request.body.isAdmin) {
          // Staff join by invitation, with their roles and their own sign-in (issue 24).
          if (!target.isAdmin) throw conflict(staffMessages.inviteInstead, { code: 'invite_instead' });
        } else if (target.isAdmin) {
          if (target.id === admin.userId) throw conflict(adminMessages.selfDemotion, { code: 'self_demotion' });
          // Revoking admin rights is deactivation: no roles, every session ended, audited.
          await deactivateStaff(tx, { admin, userId: id, now: app.now() });
        }
        return { user: { id, email: target.email, isAdmin: target.isAdmin && request.body.isAdmin } };
      });
    },
  );

  r.delete(
    '/users/:id/factors',
    {
      config: adminRoute('staff.manage', { stepUp: true }),
      schema: { params: idParams, response: { 200: z.object({ removed: z.number().int() }) } },
    },
    async (request) => {
      const admin = adminOf(request);
      const { id } = request.params;
      return app.db.transaction(async (tx) => {
        const [target] = await tx.select().from(profiles).where(eq(profiles.id, id));
        if (!target) throw notFound(adminMessages.userNotFound);
        const removed = await tx
          .delete(mfaFactors)
          .where(and(eq(mfaFactors.userId, id)))
          .returning({ id: mfaFactors.id, status: mfaFactors.status });
        await writeAudit(tx, {
          admin,
          action: 'user.reset_factors',
          entityType: 'user',
          entityId: id,
          before: {
            email: target.email,
            factors: removed.length,
            verifiedFactors: removed.filter((factor) => factor.status === 'verified').length,
          },
          after: { email: target.email, factors: 0 },
          now: app.now(),
        });
        return { removed: removed.length };
      });
    },
  );
}
