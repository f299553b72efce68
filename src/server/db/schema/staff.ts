import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Role } from '../../../shared/staff/permissions';
import { users } from './accounts';
import { createdAt, id } from './columns';

/**
 * The roles of a staff member (issue 24): one row per role held. `profiles.is_admin` still says
 * "staff"; what they may do is the union of these roles' permissions (src/shared/staff/permissions.ts).
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.role] }),
    check(
      'staff_roles_role_check',
      sql`${table.role} in ('owner', 'sales', 'finance', 'catalogue', 'support', 'operations')`,
    ),
  ],
);

/**
 * An Owner's invitation of a new staff member: the link's token is kept only as a SHA-256 hash,
 * works once (accepted_at) and until expires_at (72 hours), unless revoked.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: id(),
    /** Stored trimmed and lower-cased. */
    email: text('email').notNull(),
    /** The invitee's name as the Owner typed it (issue 38): the profile takes it on acceptance. Null on older invitations. */
    firstName: text('first_name'),
    lastName: text('last_name'),
    roles: jsonb('roles').$type<Role[]>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('staff_invitations_email_idx').on(table.email)],
);
