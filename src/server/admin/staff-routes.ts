import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inviteStaffRequestSchema,
  staffAnswerSchema,
  staffInvitationAnswerSchema,
  staffMemberAnswerSchema,
  staffListQuerySchema,
  staffRolesRequestSchema,
} from '../../shared/staff/staff-schemas';
import { customerFallbacks } from '../../shared/lists';
import { roles } from '../../shared/staff/permissions';
import { csvDate } from '../reporting/accounting-export';
import { fallback } from '../db/list-sql';
import { sendCsv } from './csv-export';
import { adminOf, adminRoute } from './admin-route-config';
import {
  deactivateStaff,
  inviteStaff,
  listInvitations,
  listStaff,
  staffBatches,
  staffMemberById,
  resendInvitation,
  revokeInvitation,
  setStaffRoles,
} from '../staff/staff';

const idParams = z.object({ id: z.uuid() });

/** The Staff page (issue 24): staff and their roles (a list with search, pages and CSV), role changes, deactivation and invitations; Owners only. */
export async function adminStaffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/staff',
    {
      config: adminRoute('staff.manage'),
      schema: { querystring: staffListQuerySchema, response: { 200: staffAnswerSchema } },
    },
    async (request) => ({
      ...(await listStaff(app.db, request.query)),
      invitations: await listInvitations(app.db, app.now()),
    }),
  );

  r.get(
    '/staff.csv',
    { config: adminRoute('staff.manage'), schema: { querystring: staffListQuerySchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        'staff.csv',
        ['Name', 'E-mail', 'Roles', 'Two-factor', 'Staff since'],
        staffBatches(app.db, request.query),
        (member) => [
          fallback(member.name, customerFallbacks.noName),
          member.email,
          member.roles.map((role) => roles[role].label).join(', '),
          member.mfaEnabled ? 'On' : 'Not set up yet',
          csvDate(member.createdAt),
        ],
      ),
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
      const member = await staffMemberById(app.db, request.params.id);
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
