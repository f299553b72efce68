import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../http/http-error';
import { authRefusals } from '../../shared/accounts/auth-messages';
import type { Role } from '../../shared/staff/permissions';
import { resolveSession, SESSION_COOKIE } from './session-service';

/** Who is calling: set from the session cookie by the accounts feature, null for a guest. */
export interface RequestAuth {
  userId: string;
  sessionId: string;
  email: string;
  aal: 'aal1' | 'aal2';
  isAdmin: boolean;
  /** The staff roles held (issue 24): what the admin hook checks a route's permission against. */
  roles: Role[];
  /** The user has a verified MFA factor, so an aal1 session may only reach the challenge. */
  hasVerifiedFactor: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
    /** Set when the cookie named a session past its 24-hour end (so the answer can say so). */
    authProblem: 'too_old' | null;
  }
}

/**
 * Gives every request `request.auth`: the session cookie is resolved on API requests (the web
 * pages need no session on the server). Other features only read it, through `currentUserId`.
 */
async function requestAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorateRequest('authProblem', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const resolved = await resolveSession(app.db, token, app.now());
    if (resolved.state === 'too_old') request.authProblem = 'too_old';
    if (resolved.state !== 'active') return;
    request.auth = {
      userId: resolved.session.userId,
      sessionId: resolved.session.id,
      email: resolved.email,
      aal: resolved.session.aal,
      isAdmin: resolved.isAdmin,
      roles: resolved.roles,
      hasVerifiedFactor: resolved.hasVerifiedFactor,
    };
  });
}

export const requestAuthPlugin = fp(requestAuth, { name: 'request-auth' });

/** True when the caller still has to pass the MFA challenge. */
const needsMfa = (auth: RequestAuth) => auth.aal === 'aal1' && auth.hasVerifiedFactor;

/**
 * The signed-in user's id, or null for a guest. A session still waiting for its MFA challenge
 * counts as a guest, so a password alone never reaches a customer's data.
 */
export function currentUserId(request: FastifyRequest): string | null {
  const auth = request.auth;
  return auth && !needsMfa(auth) ? auth.userId : null;
}

/** Any session, including one that still has to pass the MFA challenge (401 otherwise). */
export function requireSession(request: FastifyRequest): RequestAuth {
  if (!request.auth) {
    throw unauthorized(request.authProblem === 'too_old' ? authRefusals.sessionTooOld : authRefusals.noSession);
  }
  return request.auth;
}

/** A signed-in user who has passed MFA where they have it (401, or 403 `mfa_required`). */
export function requireUser(request: FastifyRequest): RequestAuth {
  const auth = requireSession(request);
  if (needsMfa(auth)) throw forbidden(authRefusals.mfaRequired, { code: 'mfa_required' });
  return auth;
}

/**
 * The guard of every admin route: an admin (`is_admin`) on an `aal2` session. Use it as a
 * preHandler (`{ preHandler: requireAdmin }`) or call it in a handler.
 */
export async function requireAdmin(request: FastifyRequest): Promise<RequestAuth> {
  const auth = requireSession(request);
  if (!auth.isAdmin) throw forbidden(authRefusals.notAdmin);
  if (auth.aal !== 'aal2') throw forbidden(authRefusals.adminMfaRequired, { code: 'mfa_required' });
  return auth;
}

/** The staff member behind a request the admin wing's guard has passed. */
export function adminOf(request: FastifyRequest): RequestAuth {
  const auth = request.auth;
  if (!auth) throw new Error('admin route reached without the guard');
  return auth;
}
