import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id } from './columns';

/**
 * Every admin write, append-only: who, when, which entity, the values before and after. The entity
 * is named by type and id without a foreign key, so a deleted order's entries remain; the admin's
 * e-mail is copied so an entry still says who after the account is gone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt),
    index('audit_log_entity_idx').on(table.entityType, table.entityId, table.createdAt),
    index('audit_log_admin_idx').on(table.adminId, table.createdAt),
  ],
);
