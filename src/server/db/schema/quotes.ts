import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id, updatedAt } from './columns';

import type { QuoteStatus } from '../../../shared/orders/order-status';

export type { QuoteStatus } from '../../../shared/orders/order-status';

export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** {quoteNumberPrefix}{YYYY}-{NNNN}; the year makes it unique per year. */
    quoteNumber: text('quote_number').notNull().unique(),
    /** The shareable reference of /quote/{reference}: at least 128 random bits, URL-safe. */
    quoteReference: text('quote_reference').notNull().unique(),
    currency: text('currency').notNull(),
    status: text('status').$type<QuoteStatus>().notNull().default('sent'),
    /** The selection, customerInfo and the server's pricing, frozen at creation. */
    configuration: jsonb('configuration').$type<Record<string, unknown>>().notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('quotes_user_id_idx').on(table.userId),
    index('quotes_created_at_idx').on(table.createdAt),
    index('quotes_status_created_at_idx').on(table.status, table.createdAt),
  ],
);
