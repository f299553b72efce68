import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inviteStaffRequestSchema,
  staffAnswerSchema,
  staffInvitationAnswerSchema,
  staffMemberAnswerSchema,
  staffRolesRequestSchema,
} from '../../shared/admin/staff-schemas';
import { adminOf, adminRoute } from './admin-route-config';
import {
  deactivateStaff,
  inviteStaff,
  listInvitations,
  listStaff,
  resendInvitation,
  revokeInvitation,
  setStaffRoles,
} from './staff';

const idParams = z.object({ id: z.uuid() });

/** The Staff page (issue 24): staff and their roles, role changes, deactivation and invitations; Owners only. */
export async function adminStaffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/staff',
    { config: adminRoute('staff.manage'), schema: { response: { 200: staffAnswerSchema } } },
    async () => ({ staff: await listStaff(app.db), invitations: await listInvitations(app.db, app.now()) }),
  );

  r.put(
    '/staff/:id/roles',
    {
      config: adminRoute('staff.manage', { stepUp: true }),
      schema: { params: idParams, body: staffRolesRequestSchema, response: { 200: staffMemberAnswerSchema } },
    },
    async (request) => {
      const admin = adminOf(request);
      await app.db.transaction((tx) =>
        setStaffRoles(tx, {
          admin,
          userId: request.params.id,
          roles: request.body.roles,
          now: app.now(),
          publicUrl: app.env.publicUrl,
        }),
      );
      const member = (await listStaff(app.db)).find((m) => m.id === request.params.id);
      if (!member) throw new Error('staff member vanished');
      return { member };
    },
  );

  r.post(
    '/staff/:id/deactivate',
    {
      config: adminRoute('staff.manage', { stepUp: true }),
      schema: { params: idParams, response: { 200: z.object({ deactivated: z.literal(true) }) } },
    },
    async (request) => {
      const admin = adminOf(request);
      await app.db.transaction((tx) => deactivateStaff(tx, { admin, userId: request.params.id, now: app.now() }));
      return { deactivated: true as const };
    },
  );

  r.post(
    '/staff/invitations',
    {
      config: adminRoute('staff.manage', { stepUp: true }),
      schema: { body: inviteStaffRequestSchema, response: { 201: staffInvitationAnswerSchema } },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      const invitation = await app.db.transaction((tx) =>
        inviteStaff(tx, { admin, ...request.body, now: app.now(), publicUrl: app.env.publicUrl }),
      );
      return reply.status(201).send({ invitation });
    },
  );

  r.post(
    '/staff/invitations/:id/resend',
    {
      config: adminRoute('staff.manage'),
      schema: { params: idParams, response: { 200: staffInvitationAnswerSchema } },
    },
    async (request) => {
      const admin = adminOf(request);
      const invitation = await app.db.transaction((tx) =>
        resendInvitation(tx, { admin, id: request.params.id, now: app.now(), publicUrl: app.env.publicUrl }),
      );
      return { invitation };
    },
  );

  r.delete(
    '/staff/invitations/:id',
    {
      config: adminRoute('staff.manage', { stepUp: true }),
      schema: { params: idParams, response: { 200: staffInvitationAnswerSchema } },
    },
    async (request) => {
      const admin = adminOf(request);
      const invitation = await app.db.transaction((tx) =>
        revokeInvitation(tx, { admin, id: request.params.id, now: app.now() }),
      );
      return { invitation };
    },
  );
}
