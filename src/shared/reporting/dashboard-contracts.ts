import { z } from 'zod';
import type { Permission } from '../staff/permissions';
import { batchPlacesSchema } from '../batches/batch-places';

/**
 * GET /api/admin/dashboard (docs/api.md, Admin: dashboard): the figures of the staff's first page.
 * Issue 54: each role's dashboard holds the figures of its job and nothing else; a figure the caller's
 * permissions do not cover is left out of the answer (not zeroed), so Support and Operations receive
 * no money at all. Which permission opens which figure: `dashboardFigures`.
 */

export const dashboardSchema = z.object({
  currency: z.string(),
  ordersThisMonth: z.object({ count: z.number().int(), value: z.record(z.string(), z.number().int()) }).optional(),
  depositsAwaiting: z.object({ count: z.number().int(), amount: z.record(z.string(), z.number().int()) }).optional(),
  balancesAwaiting: z.object({ count: z.number().int(), amount: z.record(z.string(), z.number().int()) }).optional(),
  /** What customers still owe, per currency, worked out as each order's ledger does (order-ledger.ts). */
  outstanding: z.object({ count: z.number().int(), amount: z.record(z.string(), z.number().int()) }).optional(),
  /** Orders whose deposit / balance invoice is unpaid past its due date. */
  depositsOverdue: z.object({ count: z.number().int() }).optional(),
  balancesOverdue: z.object({ count: z.number().int() }).optional(),
  openQuotes: z.object({ count: z.number().int(), value: z.record(z.string(), z.number().int()) }).optional(),
  quoteToOrderRate90d: z.object({ quotes: z.number().int(), converted: z.number().int(), rate: z.number() }).optional(),
  weekly: z.array(z.object({ weekStart: z.string(), quotes: z.number().int(), orders: z.number().int() })).optional(),
  /** Batches still offered whose ship date has passed: the storefront says "date to be confirmed" until staff change it. */
  batchesPastShipDate: z.array(z.object({ id: z.string(), name: z.string(), date: z.string() })).optional(),
  /** Orders delivered outside the UK without a complete proof-of-export record (issue 37): their zero rate lacks its evidence. */
  exportProofMissing: z.object({ count: z.number().int() }).optional(),
  /** Each batch's capacity, taken and free places (issue 26), in the configurator's order. */
  batchPlaces: z.array(batchPlacesSchema).optional(),
  /**
   * Issue 54, Operations' job: orders confirmed and waiting to go into production, in production, and
   * shipped but not yet delivered, with their instruments. Counts only.
   */
  production: z
    .object({
      toStart: z.object({ orders: z.number().int(), instruments: z.number().int() }),
      inProduction: z.object({ orders: z.number().int(), instruments: z.number().int() }),
      inTransit: z.object({ orders: z.number().int() }),
    })
    .optional(),
  /**
   * Issue 54, Support's job: open service requests by step, and chargeable repairs received whose
   * repair quote is not yet accepted and paid in full. Counts only.
   */
  service: z
    .object({
      requested: z.number().int(),
      authorised: z.number().int(),
      received: z.number().int(),
      awaitingRepairPayment: z.number().int(),
    })
    .optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The dashboard's figures and the permissions that open each (any one of them). */
export const dashboardFigures = {
  ordersThisMonth: ['orders.view'],
  depositsAwaiting: ['orders.view'],
  balancesAwaiting: ['orders.view'],
  outstanding: ['orders.view'],
  depositsOverdue: ['orders.view'],
  balancesOverdue: ['orders.view'],
  openQuotes: ['quotes.view'],
  quoteToOrderRate90d: ['quotes.view'],
  weekly: ['quotes.view'],
  batchesPastShipDate: ['batches.manage', 'dispatch.manage', 'orders.view'],
  batchPlaces: ['batches.manage', 'dispatch.manage', 'orders.view'],
  exportProofMissing: ['dispatch.manage', 'orders.view'],
  production: ['dispatch.manage'],
  service: ['service.manage'],
} as const satisfies Record<Exclude<keyof Dashboard, 'currency'>, readonly Permission[]>;
