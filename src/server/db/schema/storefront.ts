import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id, money, updatedAt } from './columns';

export const usaWaitlist = pgTable('usa_waitlist', {
  id: id(),
  /** Trimmed and lower-cased; one row per address. */
  email: text('email').notNull().unique(),
  /** SHA-256 of the one-click leave link's token (e-mailed on joining); single-purpose, no sign-in needed. */
  leaveTokenHash: text('leave_token_hash').unique(),
  /** When the person asked to leave: the retention job deletes the row 90 days later. */
  leftAt: timestamp('left_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const incompleteRegistrations = pgTable(
  'incomplete_registrations',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    organization: text('organization'),
    flowType: text('flow_type').$type<'quote' | 'order'>().notNull(),
    configuration: jsonb('configuration').$type<Record<string, unknown>>(),
    currency: text('currency'),
    totalAmount: money('total_amount'),
    stepReached: text('step_reached').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Sales follow-up of an abandoned checkout (/admin/abandoned). */
    contacted: boolean('contacted').default(false).notNull(),
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    followUpNote: text('follow_up_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('incomplete_registrations_email_idx').on(table.email)],
);

export const incompleteOrders = pgTable(
  'incomplete_orders',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    company: text('company'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country'),
    configuration: jsonb('configuration').$type<Record<string, unknown>>(),
    currency: text('currency'),
    totalAmount: money('total_amount'),
    subtotal: money('subtotal'),
    vatAmount: money('vat_amount'),
    showVat: boolean('show_vat'),
    stepReached: text('step_reached').notNull(),
    notes: text('notes'),
    sessionId: text('session_id'),
    userAgent: text('user_agent'),
    abandonmentReason: text('abandonment_reason'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).defaultNow().notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Sales follow-up of an abandoned checkout (/admin/abandoned). */
    contacted: boolean('contacted').default(false).notNull(),
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    followUpNote: text('follow_up_note'),
    createdAt: createdAt(),
  },
  (table) => [index('incomplete_orders_email_session_idx').on(table.email, table.sessionId)],
);
