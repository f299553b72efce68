import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationAnswerSchema,
  acceptInvitationRequestSchema,
  invitationPreviewSchema,
  staffMessages,
} from '../../shared/staff/staff-schemas';
import { authRefusals } from '../../shared/accounts/auth-messages';
import { passwordMessage } from '../../shared/accounts/auth-schemas';
import { acceptInvitation, invitationOfToken } from './staff';
import { badRequest, conflict } from '../http/http-error';
import { rateLimit } from '../http/rate-limit';
import { accountIdOf, createConfirmedAccount } from '../accounts/account-service';
import { hashPassword } from '../accounts/password';
import { currentUserId } from '../accounts/request-auth';
import { createSession, deleteSession, setSessionCookie } from '../accounts/session-service';

const tokenSchema = z.string().min(1).max(200);
const invalid = () => badRequest(staffMessages.invitationInvalid, { code: 'invalid_invitation' });

/**
 * Accepting a staff invitation (issue 24, docs/api/accounts.md, staff invitations): the link's page reads
 * the invitation, then the invitee chooses a password (a new account, signed in at once) or, when
 * the e-mail already has an account, signs in first and accepts. The admin opens only after they
 * set up a second factor (the admin hook needs aal2). The token travels in the body, never a URL the server logs.
 */
export async function staffInvitationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = rateLimit({ max: 10, timeWindow: '15 minutes', message: authRefusals.tooManyRequests });

  r.post(
    '/api/staff-invitations/preview',
    {
      schema: { body: z.object({ token: tokenSchema }), response: { 200: invitationPreviewSchema } },
      config: { rateLimit: limit },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const invitation = await invitationOfToken(app.db, request.body.token, app.now());
      if (!invitation) throw invalid();
      const accountId = await accountIdOf(app.db, invitation.email);
      return {
        email: invitation.email,
        roles: invitation.roles,
        expiresAt: invitation.expiresAt.toISOString(),
        accountExists: accountId !== null,
      };
    },
  );

  r.post(
    '/api/staff-invitations/accept',
    {
      schema: {
        body: acceptInvitationRequestSchema.extend({ token: tokenSchema }),
        response: { 200: acceptInvitationAnswerSchema, 201: acceptInvitationAnswerSchema },
      },
      config: { rateLimit: limit },
    },
    async (request, reply) => {
      const now = app.now();
      const invitation = await invitationOfToken(app.db, request.body.token, now);
      if (!invitation) throw invalid();
      const email = invitation.email;
      const accountId = await accountIdOf(app.db, email);
      if (accountId) {
        // An existing account accepts only from its own signed-in session (past its MFA challenge).
        const userId = currentUserId(request);
        if (!userId) throw conflict(staffMessages.invitationSignIn, { code: 'sign_in_required' });
        if (userId !== accountId) throw conflict(staffMessages.invitationOtherAccount, { code: 'other_account' });
        await app.db.transaction((tx) => acceptInvitation(tx, { token: request.body.token, userId, email, now }));
        return reply.status(200).send({ accepted: true as const, email });
      }
      const password = request.body.password;
      if (!password) throw badRequest(passwordMessage, { fields: { password: passwordMessage } });
      const passwordHash = await hashPassword(password);
      const userId = await app.db.transaction(async (tx) => {
        const created = await createConfirmedAccount(tx, { email, passwordHash, now });
        // Someone registered the address a moment ago: they sign in and accept instead.
        if (!created) throw conflict(staffMessages.invitationSignIn, { code: 'sign_in_required' });
        await acceptInvitation(tx, { token: request.body.token, userId: created, email, now });
        return created;
      });
      if (request.auth) await deleteSession(app.db, request.auth.sessionId);
      const { token, session } = await createSession(app.db, {
        userId,
        remember: false,
        now,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      setSessionCookie(request, reply, token, session);
      return reply.status(201).send({ accepted: true as const, email });
    },
  );
}
