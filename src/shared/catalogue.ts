import { z } from 'zod';
import { modelDocumentLinkSchema } from './instruments/model-documents';
import { modelTranslationsSchema, optionTranslationsSchema } from './catalogue/option-translations-schema';

/** A catalogue price in minor units per currency. */
export const priceSchema = z.object({ GBP: z.number().int(), EUR: z.number().int() });

const option = {
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: priceSchema,
  /** Issue 53: the German and French name and description staff gave it (absent: none; English shows). */
  translations: optionTranslationsSchema.optional(),
};

export const configurationOptionSchema = z.object({
  ...option,
  /** Issue 53: a model's translations carry its features too. */
  translations: modelTranslationsSchema.optional(),
  features: z.array(z.string()),
  /** Issue 41: the model's datasheet and user manual, when staff have uploaded them. */
  documents: z.array(modelDocumentLinkSchema).optional(),
});
export const catalogueOptionSchema = z.object(option);
/** `countries`: the country codes the option delivers to, or null for every country the shop sells to. */
export const shippingOptionSchema = z.object({ ...option, countries: z.array(z.string()).nullable() });
export const powerAdaptorOptionSchema = z.object({ ...option, region: z.string() });
export const servicingOptionSchema = z.object({
  ...option,
  discountPercentage: z.number().int().nullable(),
  warrantyYears: z.number().int(),
});
export const batchOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string().nullable(),
  /** Marked sold out by staff, or full: its capacity is taken (issue 26). */
  soldOut: z.boolean(),
  /**
   * Places still free when the capacity is limited; the storefront API gives it only when few
   * remain (the batchFewPlacesThreshold setting), so "N places left" shows then. Absent or null: no figure.
   */
  placesLeft: z.number().int().nullable().optional(),
  /**
   * Its date has passed (issue 38): it takes no new quotes or orders until staff re-date it, and the
   * configurator offers the next batch. Absent: open.
   */
  datePassed: z.boolean().optional(),
});

/** The product as the storefront loads it (GET /api/products/:key). Options carry their spec id as `id`. */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  configurations: z.array(configurationOptionSchema),
  accessories: z.array(catalogueOptionSchema),
  adaptors: z.array(catalogueOptionSchema),
  syringeHolders: z.array(catalogueOptionSchema),
  powerAdaptors: z.array(powerAdaptorOptionSchema),
  shipping: z.array(shippingOptionSchema),
  servicing: z.array(servicingOptionSchema),
  batches: z.array(batchOptionSchema),
});

export type Product = z.infer<typeof productSchema>;
export type CatalogueOption = z.infer<typeof catalogueOptionSchema>;
export type ConfigurationOption = z.infer<typeof configurationOptionSchema>;
export type ShippingOption = z.infer<typeof shippingOptionSchema>;
export type PowerAdaptorOption = z.infer<typeof powerAdaptorOptionSchema>;
export type ServicingOption = z.infer<typeof servicingOptionSchema>;
export type BatchOption = z.infer<typeof batchOptionSchema>;

export { isFree, REQUIRED_SYRINGE_HOLDER } from './catalogue-rules';
