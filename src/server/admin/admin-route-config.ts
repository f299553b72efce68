import type { FastifyRequest } from 'fastify';
import { adminMessages } from '../../shared/admin/admin-schemas';
import { rateLimit } from '../http/rate-limit';

/** Counted per admin (the guard has run: `request.auth` is an admin's). */
const perAdmin = (namespace: string) => (request: FastifyRequest) =>
  `admin:${namespace}:${request.auth?.userId ?? request.ip}`;

/** The wing's rate limits per admin: 120 requests a minute, the users list 10 (spec section 9), step-up 10. */
export const adminLimit = {
  standard: {
    rateLimit: rateLimit({ max: 120, timeWindow: 60_000, message: adminMessages.tooMany, key: perAdmin('any') }),
  },
  users: {
    rateLimit: rateLimit({ max: 10, timeWindow: 60_000, message: adminMessages.usersTooMany, key: perAdmin('users') }),
  },
  stepUp: {
    rateLimit: rateLimit({
      max: 10,
      timeWindow: 60_000,
      message: 'Too many attempts. Please wait before trying again.',
      key: perAdmin('step-up'),
    }),
  },
};

/** The admin behind a guarded request. */
export function adminOf(request: FastifyRequest) {
  const auth = request.auth;
  if (!auth) throw new Error('admin route reached without the guard');
  return auth;
}
