import { z } from 'zod';
import type { Pricing } from './types';

const pricedLine = z.object({
  id: z.string(),
  name: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  total: z.number().int(),
});

/** The answer of POST /api/pricing: the `Pricing` of the one pricing function. */
export const pricingResponseSchema = z.object({
  currency: z.enum(['GBP', 'EUR']),
  items: z.object({
    baseConfiguration: pricedLine,
    powerAdaptor: pricedLine,
    syringeHolders: z.array(pricedLine),
    adaptors: z.array(pricedLine),
    servicing: pricedLine,
    accessories: z.array(pricedLine),
    shipping: pricedLine,
  }),
  totals: z.object({
    basePrice: z.number().int(),
    accessoryTotal: z.number().int(),
    adaptorTotal: z.number().int(),
    syringeHolderTotal: z.number().int(),
    powerAdaptorTotal: z.number().int(),
    shippingTotal: z.number().int(),
    servicingTotal: z.number().int(),
    subtotal: z.number().int(),
    vat: z.number().int(),
    total: z.number().int(),
    deposit: z.number().int(),
    showVAT: z.boolean(),
  }),
});

/**
 * The pricing frozen into a quote's configuration and shown in the quote resource: the same
 * `Pricing` without its currency, which the quote carries itself.
 */
export const frozenPricingSchema = pricingResponseSchema.omit({ currency: true });
export type FrozenPricing = Omit<Pricing, 'currency'>;
