/**
 * What a staff member may do in the admin, one permission per kind of power. Every admin route
 * declares the one it needs (src/server/admin/admin-route-config.ts) and one hook checks it; the
 * admin's menu reads the same list. Roles are named sets of these.
 */
export const permissions = [
  'dashboard.view',
  'orders.view',
  'orders.edit',
  'orders.delete',
  'payments.record',
  'invoices.issue',
  'quotes.view',
  'exports.csv',
  'abandoned.manage',
  'customers.view',
  /** Issue 39: add a customer to an organisation (step-up, audited; decision 0068). */
  'customers.edit',
  'catalogue.edit',
  'settings.edit',
  'profile.view',
  'profile.edit',
  'staff.manage',
  'audit.view',
  'privacy.manage',
  /** Ship an order before its balance is paid, with a recorded reason (issue 28; the Owner only). */
  'orders.override',
  /** Issue 26: each shipped instrument (serial numbers, warranty, servicing) and the service requests (RMA). */
  'instruments.view',
  'service.manage',
  /**
   * Issue 54: the batches (dates, capacity, telling holders of a new date); they carry no price, so
   * Operations runs them without the catalogue's prices (catalogue.edit).
   */
  'batches.manage',
  /**
   * Issue 54: building and shipping without money: the production list per batch, the dispatch view
   * of an order (no amounts), moving it to processing, shipped and delivered with serial numbers,
   * factory tests and tracking, the delivery note, the commercial invoice and the proof of export.
   */
  'dispatch.manage',
] as const;

export type Permission = (typeof permissions)[number];

/** The built-in roles (issue 24's table); the Owner holds every permission. */
export const roles = {
  owner: { label: 'Owner', permissions },
  sales: {
    label: 'Sales',
    permissions: [
      'dashboard.view',
      'quotes.view',
      'orders.view',
      'orders.edit',
      'abandoned.manage',
      'customers.view',
      'customers.edit',
      // Sales dispatched before issue 54 (orders.edit); they keep doing it.
      'dispatch.manage',
    ],
  },
  finance: {
    label: 'Finance',
    permissions: [
      'dashboard.view',
      'orders.view',
      'payments.record',
      'invoices.issue',
      'exports.csv',
      'profile.view',
      'customers.view',
    ],
  },
  catalogue: { label: 'Catalogue', permissions: ['dashboard.view', 'catalogue.edit', 'batches.manage'] },
  support: {
    label: 'Support',
    permissions: ['dashboard.view', 'customers.view', 'instruments.view', 'service.manage'],
  },
  /**
   * Issue 54 (decision 0077), beyond the specification's five: who builds and ships the instruments.
   * Batches, the production list, factory tests, serial numbers, delivery notes, commercial invoices
   * and proof of export; no money shown and no price changed (no orders.view, catalogue.edit,
   * payments, invoices, customer or instrument lists: those name customers).
   */
  operations: {
    label: 'Operations',
    permissions: ['dashboard.view', 'batches.manage', 'dispatch.manage'],
  },
} as const satisfies Record<string, { label: string; permissions: readonly Permission[] }>;

export type Role = keyof typeof roles;

/** The roles, in the order the admin lists them. */
export const roleNames = Object.keys(roles) as Role[];

export const isRole = (value: string): value is Role => Object.hasOwn(roles, value);

/** True when the roles grant the permission, or any one of a list of them (a route some jobs share). */
export function grants(held: readonly Role[], needed: Permission | readonly Permission[]): boolean {
  const granted = permissionsOfRoles(held);
  return typeof needed === 'string' ? granted.has(needed) : needed.some((permission) => granted.has(permission));
}

/** The permissions a set of roles grants, each once. */
export function permissionsOfRoles(held: readonly Role[]): ReadonlySet<Permission> {
  return new Set(held.flatMap((role) => roles[role].permissions));
}

/**
 * What moves money: with the setting "Require passkeys for payments" on, the step-up of routes
 * needing these accepts only a passkey, and a staff member holding one adds a passkey only with an
 * existing passkey or an Owner's approval (docs/decisions/0033).
 */
export const moneyPermissions: ReadonlySet<Permission> = new Set<Permission>(['payments.record', 'invoices.issue']);

/** True when the roles grant a permission that moves money. */
export const movesMoney = (held: readonly Role[]) =>
  [...permissionsOfRoles(held)].some((permission) => moneyPermissions.has(permission));
