import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Who is calling: set from the session cookie by the accounts feature, null for a guest. */
export interface RequestAuth {
  userId: string;
  sessionId: string;
  email: string;
  aal: 'aal1' | 'aal2';
  isAdmin: boolean;
  /** The user has a verified MFA factor, so an aal1 session may only reach the challenge. */
  hasVerifiedFactor: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/**
 * Gives every request `request.auth` (null until a session is resolved). The accounts feature
 * resolves the session cookie into it; other features only read it, through `currentUserId`.
 */
async function requestAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
}

export const requestAuthPlugin = fp(requestAuth, { name: 'request-auth' });

/** The signed-in user's id, or null for a guest. */
export function currentUserId(request: FastifyRequest): string | null {
  return request.auth?.userId ?? null;
}
