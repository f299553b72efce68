import { z } from 'zod';
import type { Pricing } from './types';
import { lineNamesSchema } from '../catalogue/option-translations-schema';

const supply = z.enum(['goods', 'services']);
const vatTreatment = z.enum(['standard', 'zero_rated_export', 'reverse_charge']);

const pricedLine = z.object({
  id: z.string(),
  name: z.string(),
  /** Issue 53: the line's German and French names, frozen from the catalogue (absent: English only). */
  names: lineNamesSchema.optional(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  total: z.number().int(),
  supply,
  vatTreatment,
  vatRate: z.number(),
  vat: z.number().int(),
});

const vatGroup = z.object({
  supply,
  treatment: vatTreatment,
  rate: z.number(),
  net: z.number().int(),
  vat: z.number().int(),
});

const itemsOf = <T extends z.ZodType>(line: T) =>
  z.object({
    baseConfiguration: line,
    powerAdaptor: line,
    syringeHolders: z.array(line),
    adaptors: z.array(line),
    servicing: line,
    accessories: z.array(line),
    shipping: line,
  });

const totalsShape = {
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
};

/** The answer of POST /api/pricing: the `Pricing` of the one pricing function. */
export const pricingResponseSchema = z.object({
  currency: z.enum(['GBP', 'EUR']),
  items: itemsOf(pricedLine),
  totals: z.object({ ...totalsShape, vatSummary: z.array(vatGroup) }),
});

/**
 * The pricing frozen into a quote's configuration and shown in the quote resource: the same
 * `Pricing` without its currency, which the quote carries itself.
 */
export const frozenPricingSchema = pricingResponseSchema.omit({ currency: true });
export type FrozenPricing = Omit<Pricing, 'currency'>;

/**
 * A pricing as stored in a quote's or order's configuration: quotes frozen before issue 37 have lines
 * without VAT fields and no VAT summary (read through `retaxPricing` into a `FrozenPricing`).
 */
export const storedPricingSchema = z.object({
  items: itemsOf(pricedLine.partial({ supply: true, vatTreatment: true, vatRate: true, vat: true })),
  totals: z.object({ ...totalsShape, vatSummary: z.array(vatGroup).optional() }),
});
export type StoredPricing = z.output<typeof storedPricingSchema>;
