import type { FastifyRequest } from 'fastify';
import { userMessages } from '../../shared/staff/user-schemas';
import { adminMessages } from '../../shared/admin/admin-schemas';
import { type Permission, grants, permissionsOfRoles } from '../../shared/staff/permissions';
import type { RequestAuth } from '../accounts/request-auth';
import { forbidden } from '../http/http-error';
import { rateLimit } from '../http/rate-limit';

/**
 * What an admin route needs, declared in its route options and checked by the wing's one hook
 * (admin-plugin.ts): a staff member at aal2 holding `permission`, and with `stepUp` a fresh
 * authenticator code within the last 5 minutes. `'staff'` is for what every staff member uses
 * (the step-up itself); a list is any one of them (issue 54: a delivery note is Sales' and Operations'
 * alike). `passkeyStepUp` marks a step-up route that guards money without needing a
 * money permission (the bank accounts, approving a passkey): it is held to the money routes' rule,
 * a passkey step-up only while "Require passkeys for payments" is on (step-up.ts).
 */
export interface AdminRouteNeeds {
  permission: Permission | readonly Permission[] | 'staff';
  stepUp: boolean;
  passkeyStepUp?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    admin?: AdminRouteNeeds;
  }
}

/** Counted per admin (the guard has run: `request.auth` is an admin's). */
const perAdmin = (namespace: string) => (request: FastifyRequest) =>
  `admin:${namespace}:${request.auth?.userId ?? request.ip}`;

/** The wing's rate limits per admin: 120 requests a minute, the users list 10 (spec section 9), step-up 10. */
const adminLimit = {
  standard: rateLimit({ max: 120, timeWindow: 60_000, message: adminMessages.tooMany, key: perAdmin('any') }),
  users: rateLimit({ max: 10, timeWindow: 60_000, message: userMessages.usersTooMany, key: perAdmin('users') }),
  stepUp: rateLimit({
    max: 10,
    timeWindow: 60_000,
    message: 'Too many attempts. Please wait before trying again.',
    key: perAdmin('step-up'),
  }),
};

/**
 * An admin route's `config`: what it needs and its rate limit, e.g.
 * `{ config: adminRoute('payments.record', { stepUp: true }) }`.
 */
export function adminRoute(
  permission: AdminRouteNeeds['permission'],
  options: { stepUp?: boolean; passkeyStepUp?: boolean; limit?: keyof typeof adminLimit } = {},
) {
  return {
    admin: {
      permission,
      stepUp: options.stepUp ?? false,
      ...(options.passkeyStepUp ? { passkeyStepUp: true } : {}),
    },
    rateLimit: adminLimit[options.limit ?? 'standard'],
  };
}

/** True when the staff member's roles let them through a route needing `needs` (the wing's one hook). */
export const allowedBy = (roles: RequestAuth['roles'], needs: Pick<AdminRouteNeeds, 'permission'>) =>
  needs.permission === 'staff' || grants(roles, needs.permission);

/** The admin behind a guarded request (written once in accounts, where feature code that takes a request reads it). */
export { adminOf } from '../accounts/request-auth';

/** True when the staff member's roles grant the permission. */
export const holds = (auth: Pick<RequestAuth, 'roles'>, permission: Permission) =>
  permissionsOfRoles(auth.roles).has(permission);

/**
 * For the few routes where one field needs more than the route's permission (an order edit that
 * touches its payment fields): 403 `no_access` unless the roles grant it.
 */
export function requirePermission(auth: Pick<RequestAuth, 'roles'>, permission: Permission) {
  if (!holds(auth, permission)) throw forbidden(adminMessages.noAccess, { code: 'no_access' });
}
