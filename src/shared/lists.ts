import { z } from 'zod';
import { paymentStatusSchema } from './orders/order-schema';

/** The lists' common pieces (orders, quotes, users, customers, abandoned, service requests, audit): query, page, fallbacks. */

/** Fallback texts of the lists (spec section 2). */
export const customerFallbacks = {
  guest: 'Guest Order',
  unknownUser: 'Unknown User',
  noEmail: 'No email',
  noName: 'No name',
  notProvided: 'Not provided',
} as const;

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export const dateMessages = {
  format: 'Use a date as YYYY-MM-DD',
  calendar: 'Use a real calendar date between 1900 and 2999',
} as const;

/** A day that exists (no 2026-02-30): the text round-trips through a UTC date; years bound to what the shop can mean. */
const isCalendarDate = (value: string) => {
  const year = Number(value.slice(0, 4));
  const date = new Date(`${value}T00:00:00.000Z`);
  return year >= 1900 && year <= 2999 && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: dateMessages.format })
  .refine(isCalendarDate, { error: dateMessages.calendar });
export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Search, created date range and page: every list's query starts with these. */
export const listQueryBase = {
  search: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  from: z.preprocess(emptyToUndefined, isoDate.optional()),
  to: z.preprocess(emptyToUndefined, isoDate.optional()),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

/** The query of the users and abandoned lists: search, a status word of the list, created date range, page. */
export const adminListQuerySchema = z.object({
  ...listQueryBase,
  status: z.preprocess(emptyToUndefined, z.string().max(40).optional()),
  paymentStatus: z.preprocess(emptyToUndefined, paymentStatusSchema.optional()),
  overdue: z.preprocess(emptyToUndefined, z.enum(['deposit', 'balance']).optional()),
});
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
