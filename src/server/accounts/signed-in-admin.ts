import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSession, SESSION_COOKIE } from './session-service';

/** True for an admin who has passed MFA (API requests have `request.auth`; pages resolve the cookie here). */
export async function isSignedInAdmin(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  if (request.auth) return request.auth.isAdmin && request.auth.aal === 'aal2';
  if (request.url.startsWith('/api/')) return false;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return false;
  const resolved = await resolveSession(app.db, token, app.now());
  return resolved.state === 'active' && resolved.isAdmin && resolved.session.aal === 'aal2';
}
