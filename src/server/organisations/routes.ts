import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRefusals } from '../../shared/accounts/auth-messages';
import { passwordDescriptor } from '../../shared/accounts/auth-schemas';
import {
  acceptOrganisationInvitationAnswerSchema,
  acceptOrganisationInvitationRequestSchema,
  createOrganisationRequestSchema,
  inviteMemberRequestSchema,
  memberRoleRequestSchema,
  organisationAnswerSchema,
  organisationInvitationPreviewSchema,
  organisationInvitationSchema,
  organisationRefusals,
} from '../../shared/accounts/organisation-schemas';
import { accountIdOf, createConfirmedAccount } from '../accounts/account-service';
import { joinGuestOrders } from '../accounts/join-guest-orders';
import { hashPassword } from '../accounts/password';
import { currentUserId, requireUser } from '../accounts/request-auth';
import { createSession, deleteSession, setSessionCookie } from '../accounts/session-service';
import { badRequest, conflict } from '../http/http-error';
import { noStoreAnswers } from '../http/no-store';
import { rateLimit } from '../http/rate-limit';
import { einvoiceDeliveryRequestSchema } from '../../shared/einvoice/einvoice-delivery';
import {
  acceptMemberInvitation,
  changeMemberRole,
  createOrganisation,
  invitationOfToken,
  inviteMember,
  leaveOrganisation,
  loadOrganisation,
  removeMember,
  revokeMemberInvitation,
  setOrganisationEInvoiceDelivery,
} from './organisations';

/** Invitations per owner (and per client without a session): a team, not a mailing list. */
export const INVITATIONS_PER_HOUR = 10;

const memberParams = z.object({ userId: z.uuid() });
const invitationParams = z.object({ id: z.uuid() });
const tokenSchema = z.string().min(1).max(200);
const invalid = () => badRequest(organisationRefusals.invitationInvalid, { code: 'invalid_invitation' });

/**
 * My Account's Organisation tab (issue 39, docs/api/accounts.md): the customer's organisation, its
 * creation, and the owner's management of its members and invitations. Every answer is the
 * organisation as the caller now sees it.
 */
export async function accountOrganisationRoutes(app: FastifyInstance) {
  noStoreAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = async (request: FastifyRequest) => ({
    organisation: await loadOrganisation(app.db, requireUser(request).userId, app.now()),
  });

  r.get('/api/account/organisation', { schema: { response: { 200: organisationAnswerSchema } } }, answer);

  r.post(
    '/api/account/organisation',
    { schema: { body: createOrganisationRequestSchema, response: { 201: organisationAnswerSchema } } },
    async (request, reply) => {
      const auth = requireUser(request);
      await app.db.transaction((tx) =>
        createOrganisation(tx, { userId: auth.userId, name: request.body.name, now: app.now() }),
      );
      return reply.status(201).send(await answer(request));
    },
  );

  r.post(
    '/api/account/organisation/invitations',
    {
      schema: {
        body: inviteMemberRequestSchema,
        response: { 201: z.object({ invitation: organisationInvitationSchema }) },
      },
      config: {
        rateLimit: rateLimit({
          max: INVITATIONS_PER_HOUR,
          timeWindow: '1 hour',
          message: organisationRefusals.tooManyInvitations,
          key: (request) => `organisation-invite:${request.auth?.userId ?? request.ip}`,
        }),
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const invitation = await app.db.transaction((tx) =>
        inviteMember(tx, { userId: auth.userId, ...request.body, now: app.now(), publicUrl: app.env.publicUrl }),
      );
      return reply.status(201).send({ invitation });
    },
  );

  r.delete(
    '/api/account/organisation/invitations/:id',
    { schema: { params: invitationParams, response: { 200: organisationAnswerSchema } } },
    async (request) => {
      const auth = requireUser(request);
      await app.db.transaction((tx) =>
        revokeMemberInvitation(tx, { userId: auth.userId, invitationId: request.params.id, now: app.now() }),
      );
      return answer(request);
    },
  );

  r.put(
    '/api/account/organisation/members/:userId/role',
    { schema: { params: memberParams, body: memberRoleRequestSchema, response: { 200: organisationAnswerSchema } } },
    async (request) => {
      const auth = requireUser(request);
      await app.db.transaction((tx) =>
        changeMemberRole(tx, {
          userId: auth.userId,
          memberId: request.params.userId,
          role: request.body.role,
          now: app.now(),
        }),
      );
      return answer(request);
    },
  );

  // Issue 52: how the organisation's invoices are e-mailed (PDF, with the XRechnung or the Factur-X XML).
  r.put(
    '/api/account/organisation/einvoice-delivery',
    { schema: { body: einvoiceDeliveryRequestSchema, response: { 200: organisationAnswerSchema } } },
    async (request) => {
      const auth = requireUser(request);
      await app.db.transaction((tx) =>
        setOrganisationEInvoiceDelivery(tx, {
          userId: auth.userId,
          einvoiceDelivery: request.body.einvoiceDelivery,
          now: app.now(),
        }),
      );
      return answer(request);
    },
  );

  r.post(
    '/api/account/organisation/leave',
    { schema: { response: { 200: organisationAnswerSchema } } },
    async (request) => {
      const auth = requireUser(request);
      await app.db.transaction((tx) => leaveOrganisation(tx, { userId: auth.userId }));
      return answer(request);
    },
  );

  r.delete(
    '/api/account/organisation/members/:userId',
    { schema: { params: memberParams, response: { 200: organisationAnswerSchema } } },
    async (request) => {
      const auth = requireUser(request);
      await app.db.transaction((tx) => removeMember(tx, { userId: auth.userId, memberId: request.params.userId }));
      return answer(request);
    },
  );
}

/**
 * Accepting an organisation invitation (docs/api/accounts.md): the link's page reads it, then the
 * invitee signs in with the invited address and accepts, or, when the address has no account,
 * chooses a password: the e-mailed link proves the mailbox, so the account is confirmed at once
 * (and guest orders placed with the address join it). The token travels in the body, never a URL the server logs.
 */
export async function organisationInvitationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = rateLimit({ max: 10, timeWindow: '15 minutes', message: authRefusals.tooManyRequests });

  r.post(
    '/api/organisation-invitations/preview',
    {
      schema: { body: z.object({ token: tokenSchema }), response: { 200: organisationInvitationPreviewSchema } },
      config: { rateLimit: limit },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const found = await invitationOfToken(app.db, request.body.token, app.now());
      if (!found) throw invalid();
      return {
        organisationName: found.organisationName,
        email: found.invitation.email,
        role: found.invitation.role,
        expiresAt: found.invitation.expiresAt.toISOString(),
        accountExists: (await accountIdOf(app.db, found.invitation.email)) !== null,
      };
    },
  );

  r.post(
    '/api/organisation-invitations/accept',
    {
      schema: {
        body: acceptOrganisationInvitationRequestSchema.extend({ token: tokenSchema }),
        response: { 200: acceptOrganisationInvitationAnswerSchema, 201: acceptOrganisationInvitationAnswerSchema },
      },
      config: { rateLimit: limit },
    },
    async (request, reply) => {
      const now = app.now();
      const { token } = request.body;
      const found = await invitationOfToken(app.db, token, now);
      if (!found) throw invalid();
      const { email } = found.invitation;
      const organisationName = found.organisationName;
      const accountId = await accountIdOf(app.db, email);
      if (accountId) {
        const userId = currentUserId(request);
        if (!userId) throw conflict(organisationRefusals.invitationSignIn, { code: 'sign_in_required' });
        if (userId !== accountId)
          throw conflict(organisationRefusals.invitationOtherAccount, { code: 'other_account' });
        await app.db.transaction((tx) => acceptMemberInvitation(tx, { token, userId, email, now }));
        return reply.status(200).send({ accepted: true as const, email, organisationName });
      }
      const password = request.body.password;
      if (!password) throw badRequest(passwordDescriptor, { fields: { password: passwordDescriptor } });
      const passwordHash = await hashPassword(password);
      const userId = await app.db.transaction(async (tx) => {
        const created = await createConfirmedAccount(tx, {
          email,
          passwordHash,
          now,
          language: request.body.language,
        });
        // Someone registered the address a moment ago: they sign in and accept instead.
        if (!created) throw conflict(organisationRefusals.invitationSignIn, { code: 'sign_in_required' });
        await acceptMemberInvitation(tx, { token, userId: created, email, now });
        await joinGuestOrders(tx, { userId: created, now, publicUrl: app.env.publicUrl });
        return created;
      });
      if (request.auth) await deleteSession(app.db, request.auth.sessionId);
      const { token: sessionToken, session } = await createSession(app.db, {
        userId,
        remember: false,
        now,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      setSessionCookie(request, reply, sessionToken, session);
      return reply.status(201).send({ accepted: true as const, email, organisationName });
    },
  );
}
