import type { FastifyRequest } from 'fastify';
import { type Permission, permissionsOfRoles } from '../../shared/staff/permissions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route outside the admin wing that shows staff holding this permission what its owner sees
     * (`config: { staffRead: 'orders.view' }`); the authorization matrix is generated from it.
     */
    staffRead?: Permission;
  }
}

/**
 * True when the caller may read this route's record as staff (security finding F1): a staff member
 * at aal2 whose roles grant the permission the route declares in `config.staffRead`, the one the
 * admin wing asks for the same record. Anyone else is treated as any other caller who does not own
 * it. A route that asks without declaring the permission fails loudly, so none lets staff through
 * outside the matrix.
 */
export function staffMayRead(request: FastifyRequest): boolean {
  const permission = request.routeOptions.config.staffRead;
  if (!permission)
    throw new Error(`${request.routeOptions.url ?? request.url} asks staffMayRead without config.staffRead`);
  const auth = request.auth;
  return auth !== null && auth.isAdmin && auth.aal === 'aal2' && permissionsOfRoles(auth.roles).has(permission);
}
