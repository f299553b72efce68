import { z } from 'zod';
import { batchPlacesSchema } from '../batches/batch-places';

/** GET /api/admin/dashboard (docs/api.md, Admin: dashboard): the figures of the staff's first page. */

export const dashboardSchema = z.object({
  currency: z.string(),
  ordersThisMonth: z.object({ count: z.number().int(), value: z.record(z.string(), z.number().int()) }),
  depositsAwaiting: z.object({ count: z.number().int(), amount: z.record(z.string(), z.number().int()) }),
  balancesAwaiting: z.object({ count: z.number().int(), amount: z.record(z.string(), z.number().int()) }),
  /** What customers still owe, per currency, worked out as each order's ledger does (order-ledger.ts). */
  outstanding: z.object({ count: z.number().int(), amount: z.record(z.string(), z.number().int()) }),
  /** Orders whose deposit / balance invoice is unpaid past its due date. */
  depositsOverdue: z.object({ count: z.number().int() }),
  balancesOverdue: z.object({ count: z.number().int() }),
  openQuotes: z.object({ count: z.number().int(), value: z.record(z.string(), z.number().int()) }),
  quoteToOrderRate90d: z.object({ quotes: z.number().int(), converted: z.number().int(), rate: z.number() }),
  weekly: z.array(z.object({ weekStart: z.string(), quotes: z.number().int(), orders: z.number().int() })),
  /** Batches still offered whose ship date has passed: the storefront says "date to be confirmed" until staff change it. */
  batchesPastShipDate: z.array(z.object({ id: z.string(), name: z.string(), date: z.string() })),
  /** Orders delivered outside the UK without a complete proof-of-export record (issue 37): their zero rate lacks its evidence. */
  exportProofMissing: z.object({ count: z.number().int() }),
  /** Each batch's capacity, taken and free places (issue 26), in the configurator's order. */
  batchPlaces: z.array(batchPlacesSchema).optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
