import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { freshProofRequestSchema } from '../../shared/accounts/passkey-contracts';
import { adminListQuerySchema } from '../../shared/lists';
import {
  adminUserPageSchema,
  adminUserSchema,
  updateUserRequestSchema,
  userMessages,
} from '../../shared/staff/user-schemas';
import { staffMessages } from '../../shared/staff/staff-schemas';
import { profileOf } from '../accounts/account-service';
import { resetFactors, verifySecondFactorProof } from '../accounts/mfa-service';
import {
  approvePasskeyRegistration,
  PASSKEY_APPROVAL_MS,
  passkeyProof,
  relyingPartyOf,
} from '../accounts/passkey-service';
import { conflict, notFound } from '../http/http-error';
import { adminOf, adminRoute } from './admin-route-config';
import { listUsers } from '../staff/user-list';
import { auditedChange } from '../audit/audited-change';
import { deactivateStaff } from '../staff/staff';

const idParams = z.object({ id: z.uuid() });

export async function adminUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rp = relyingPartyOf(app.env.publicUrl);

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
        const target = await profileOf(tx, id);
        if (!target) throw notFound(userMessages.userNotFound);
        if (request.body.isAdmin) {
          // Staff join by invitation, with their roles and their own sign-in (issue 24).
          if (!target.isAdmin) throw conflict(staffMessages.inviteInstead, { code: 'invite_instead' });
        } else if (target.isAdmin) {
          if (target.id === admin.userId) throw conflict(userMessages.selfDemotion, { code: 'self_demotion' });
          // Revoking admin rights is deactivation: no roles, every session ended, audited.
          await deactivateStaff(tx, { admin, userId: id, now: app.now() });
        }
        return { user: { id, email: target.email, isAdmin: target.isAdmin && request.body.isAdmin } };
      });
    },
  );

  /**
   * A lost phone: removes every second factor of another user. The caller's own go through My
   * Account (DELETE /api/auth/factors/{id}), so a hijacked session cannot swap them here. The call
   * itself carries the caller's fresh code or passkey assertion (verifySecondFactorProof, as that
   * route asks), which a step-up minutes earlier does not replace; the user's sessions end and they
   * are e-mailed, in the transaction of the removal.
   */
  r.delete(
    '/users/:id/factors',
    {
      config: adminRoute('staff.manage'),
      schema: {
        params: idParams,
        body: freshProofRequestSchema.optional(),
        response: { 200: z.object({ removed: z.number().int() }) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const { id } = request.params;
      const now = app.now();
      if (id === admin.userId) throw conflict(userMessages.ownFactors, { code: 'own_factors' });
      if (!(await profileOf(app.db, id))) throw notFound(userMessages.userNotFound);
      const assertion = request.body?.passkey;
      await verifySecondFactorProof(app.db, {
        userId: admin.userId,
        code: request.body?.code,
        passkey: assertion && passkeyProof(app.db, rp, { ...admin, assertion, now }),
        now,
      });
      return auditedChange(app, request, async (tx, now) => {
        const target = await profileOf(tx, id);
        if (!target) throw notFound(userMessages.userNotFound);
        const { removed, sessionsEnded } = await resetFactors(tx, id, now);
        return {
          result: { removed: removed.length },
          audit: {
            action: 'user.reset_factors',
            entityType: 'user',
            entityId: id,
            before: {
              email: target.email,
              factors: removed.length,
              verifiedFactors: removed.filter((factor) => factor.status === 'verified').length,
            },
            after: { email: target.email, factors: 0, sessionsEnded },
          },
        };
      });
    },
  );

  /**
   * An Owner lets another staff member register one passkey within 24 hours without proving an
   * existing one, while passkeys are required for payments (docs/decisions/0033); the registration
   * uses it up. Its step-up is held to the money routes' rule (a passkey only while the setting is on).
   */
  r.post(
    '/users/:id/passkey-approval',
    {
      config: adminRoute('staff.manage', { stepUp: true, passkeyStepUp: true }),
      schema: { params: idParams, response: { 201: z.object({ approvedUntil: z.string() }) } },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      const { id } = request.params;
      if (id === admin.userId) throw conflict(userMessages.ownPasskeyApproval, { code: 'own_passkey_approval' });
      const until = await auditedChange(app, request, async (tx, now) => {
        const until = new Date(now.getTime() + PASSKEY_APPROVAL_MS);
        const target = await approvePasskeyRegistration(tx, id, until);
        if (!target?.isAdmin) throw notFound(staffMessages.notStaff);
        return {
          result: until,
          audit: {
            action: 'staff.passkey_approval',
            entityType: 'user',
            entityId: id,
            before: null,
            after: { email: target.email, approvedUntil: until.toISOString() },
          },
        };
      });
      return reply.status(201).send({ approvedUntil: until.toISOString() });
    },
  );
}
