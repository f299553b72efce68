import { z } from 'zod';

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
