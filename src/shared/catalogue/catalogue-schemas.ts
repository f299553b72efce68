import { z } from 'zod';
import { modelTranslationsSchema, optionTranslationsSchema } from './option-translations-schema';
import { modelDocumentLinkSchema } from '../instruments/model-documents';
import { countries } from '../countries';
import { customsMessages, normaliseCommodityCode } from '../customs';

/**
 * The catalogue editors' requests and answers (docs/api/admin.md, Catalogue and settings), shared by the
 * admin routes and the admin pages. Prices travel in minor units (pence, cents); the forms show
 * and take them with 2 decimals. Unlike the specification's add forms, empty names or ids and
 * negative or non-numeric prices are refused (docs/decisions/0013-catalogue-forms-refuse-bad-input.md).
 */

export const catalogueMessages = {
  configurationsLoadFailed: 'Failed to load configurations',
  accessoriesLoadFailed: 'Failed to load accessories',
  shippingLoadFailed: 'Failed to load shipping options',
  batchesLoadFailed: 'Failed to load batches',
  configurationUpdated: 'Configuration updated successfully',
  configurationUpdateFailed: 'Failed to update configuration',
  accessoryAdded: 'Accessory added successfully',
  accessoryAddFailed: 'Failed to add accessory',
  accessoryUpdated: 'Accessory updated successfully',
  accessoryUpdateFailed: 'Failed to update accessory',
  accessoryDeleted: 'Accessory deleted successfully',
  accessoryDeleteFailed: 'Failed to delete accessory',
  accessoryConfirmDelete: 'Are you sure you want to delete this accessory?',
  shippingAdded: 'Shipping option added successfully',
  shippingAddFailed: 'Failed to add shipping option',
  shippingUpdated: 'Shipping option updated successfully',
  shippingUpdateFailed: 'Failed to update shipping option',
  shippingDeleted: 'Shipping option deleted successfully',
  shippingDeleteFailed: 'Failed to delete shipping option',
  shippingConfirmDelete: 'Are you sure you want to delete this shipping option?',
  batchAdded: 'Batch added successfully',
  batchAddFailed: 'Failed to add batch',
  batchUpdated: 'Batch updated successfully',
  batchUpdateFailed: 'Failed to update batch',
  configurationNotFound: 'Configuration not found',
  accessoryNotFound: 'Accessory not found',
  shippingNotFound: 'Shipping option not found',
  batchNotFound: 'Batch not found',
  capacityBelowTaken: 'The capacity cannot be less than the places confirmed orders already hold.',
  dateChangeNotFound: 'Date change not found',
  duplicateAccessoryId: 'An accessory with this ID already exists',
  duplicateShippingId: 'A shipping option with this ID already exists',
  duplicateBatchId: 'A batch with this ID already exists',
  nameRequired: 'Name is required',
  idRequired: 'ID is required',
  idFormat: 'Use letters, digits and dashes only',
  priceNumber: 'Price must be a number',
  priceNegative: 'Price cannot be negative',
  priceTooLarge: 'Price is too large',
  priceDecimals: 'Use at most 2 decimals',
  dateFormat: 'Use a date as YYYY-MM-DD',
  countryUnknown: 'Choose countries the shop sells to',
  countriesRequired: 'Choose at least one country, or deliver to every country',
  servicingLoadFailed: 'Failed to load servicing plans',
  servicingUpdated: 'Servicing plan updated successfully',
  servicingUpdateFailed: 'Failed to update servicing plan',
  servicingNotFound: 'Servicing plan not found',
  adaptorsLoadFailed: 'Failed to load adaptors',
  adaptorUpdated: 'Adaptor updated successfully',
  adaptorUpdateFailed: 'Failed to update adaptor',
  adaptorNotFound: 'Adaptor not found',
  holdersLoadFailed: 'Failed to load syringe holders',
  holderUpdated: 'Syringe holder updated successfully',
  holderUpdateFailed: 'Failed to update syringe holder',
  holderNotFound: 'Syringe holder not found',
} as const;

/** The countries a shipping option may name: those the shop sells to (the storefront's available countries). */
export const shippingCountryCodes: readonly string[] = countries
  .filter((country) => country.available)
  .map((country) => country.code);

/** The largest price a form accepts: £10,000,000.00 in minor units. */
export const MAX_PRICE_MINOR = 1_000_000_000;

const minorPrice = z
  .number({ error: catalogueMessages.priceNumber })
  .int({ error: catalogueMessages.priceDecimals })
  .min(0, { error: catalogueMessages.priceNegative })
  .max(MAX_PRICE_MINOR, { error: catalogueMessages.priceTooLarge });

const name = z.string().trim().min(1, { error: catalogueMessages.nameRequired }).max(200);
const description = z.string().trim().max(2000).nullable();
/** An option's public id (accessory_id, shipping_id, batch id): what quotes and orders name. */
const optionId = z
  .string()
  .trim()
  .min(1, { error: catalogueMessages.idRequired })
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: catalogueMessages.idFormat });

/**
 * Customs data of goods that ship (issue 37): the commodity code (6, 8 or 10 digits; spaces and dots
 * as typed are dropped), the country of origin, the net and packed weight in grams. Each is optional
 * in a request (absent: unchanged) and null when not known.
 */
const commodityCode = z
  .string()
  .trim()
  .max(20, { error: customsMessages.commodityCode })
  .transform((value, context) => {
    if (value === '') return null;
    const code = normaliseCommodityCode(value);
    if (code === null) context.addIssue({ code: 'custom', message: customsMessages.commodityCode });
    return code;
  })
  .nullable();
const originCountry = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{2})?$/, { error: customsMessages.originCountry })
  .transform((value) => (value === '' ? null : value))
  .nullable();
const grams = z
  .number({ error: customsMessages.weight })
  .int({ error: customsMessages.weight })
  .min(0, { error: customsMessages.weight })
  .max(1_000_000, { error: customsMessages.weight })
  .nullable();
/** Issue 51: the value declared for customs of an item given at no charge, in minor units; null: not set. */
const customsValue = minorPrice.nullable();
export const customsFields = {
  commodityCode: commodityCode.optional(),
  originCountry: originCountry.optional(),
  netWeightGrams: grams.optional(),
  grossWeightGrams: grams.optional(),
  customsValueGbp: customsValue.optional(),
  customsValueEur: customsValue.optional(),
};
/** The packed weight is at least the net weight, where both are given. */
const grossNotBelowNet = (value: { netWeightGrams?: number | null; grossWeightGrams?: number | null }) =>
  value.netWeightGrams == null || value.grossWeightGrams == null || value.grossWeightGrams >= value.netWeightGrams;
const grossCheck = { error: customsMessages.grossBelowNet, path: ['grossWeightGrams'] };

/** A catalogue row's customs data as the admin reads it (null on options that do not ship: shipping, servicing). */
export const adminCustomsSchema = z.object({
  commodityCode: z.string().nullable(),
  originCountry: z.string().nullable(),
  netWeightGrams: z.number().int().nullable(),
  grossWeightGrams: z.number().int().nullable(),
  /** Issue 51: the value for customs when the item is given at no charge (minor units); null: not set. */
  customsValueGbp: z.number().int().nullable(),
  customsValueEur: z.number().int().nullable(),
});
export type AdminCustoms = z.infer<typeof adminCustomsSchema>;

export const adminConfigurationSchema = z.object({
  id: z.string(),
  configId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  priceGbp: z.number().int(),
  priceEur: z.number().int(),
  features: z.array(z.string()),
  /** Issue 53: the model's German and French name, description and features ({} until staff give them). */
  translations: modelTranslationsSchema,
  sortOrder: z.number().int(),
  updatedAt: z.string(),
  customs: adminCustomsSchema,
  /** Issue 41: the model's current software version (copied to each instrument shipped) and its datasheet and manual. */
  softwareVersion: z.string().nullable(),
  documents: z.array(modelDocumentLinkSchema),
});
export type AdminConfiguration = z.infer<typeof adminConfigurationSchema>;

export const updateConfigurationRequestSchema = z
  .object({
    name,
    description,
    priceGbp: minorPrice,
    priceEur: minorPrice,
    features: z.array(z.string().trim().min(1).max(500)).max(100),
    /** Issue 53: left out, the model keeps its translations. */
    translations: modelTranslationsSchema.optional(),
    ...customsFields,
    /** Issue 41: optional (left out, it keeps its value); '' clears it. One line, e.g. "2.4.1". */
    softwareVersion: z
      .string()
      .trim()
      .max(40, { error: 'Use up to 40 characters' })
      .regex(/^[A-Za-z0-9 ._()+-]*$/, { error: 'Use letters, digits, spaces, dots, dashes or brackets' })
      .optional(),
  })
  .refine(grossNotBelowNet, grossCheck);
export type UpdateConfigurationRequest = z.infer<typeof updateConfigurationRequestSchema>;

/** An accessory or a shipping option: the same fields under their own id name. */
export const adminOptionSchema = z.object({
  id: z.string(),
  optionId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Issue 53: its German and French name and description ({}: none yet; the editor warns). */
  translations: optionTranslationsSchema,
  priceGbp: z.number().int(),
  priceEur: z.number().int(),
  sortOrder: z.number().int(),
  updatedAt: z.string(),
  /** False once archived: not offered in the configurator, refused by the server (docs/decisions/0047). */
  active: z.boolean(),
  /** A shipping option's delivery countries; null: every country the shop sells to (and always null for the other kinds). */
  countries: z.array(z.string()).nullable(),
  /** Goods that ship (accessories, adaptors, syringe holders): their customs data; null for shipping and servicing. */
  customs: adminCustomsSchema.nullable(),
});
export type AdminOption = z.infer<typeof adminOptionSchema>;

export const createOptionRequestSchema = z.object({
  optionId,
  name,
  description,
  /** Issue 53: left out, the option keeps its translations. */
  translations: optionTranslationsSchema.optional(),
  priceGbp: minorPrice,
  priceEur: minorPrice,
});
export type CreateOptionRequest = z.infer<typeof createOptionRequestSchema>;

export const updateOptionRequestSchema = createOptionRequestSchema.omit({ optionId: true });
export type UpdateOptionRequest = z.infer<typeof updateOptionRequestSchema>;

/** Goods that ship (accessories, adaptors, syringe holders) also take their customs data. */
export const createGoodsRequestSchema = createOptionRequestSchema
  .extend(customsFields)
  .refine(grossNotBelowNet, grossCheck);
export const updateGoodsRequestSchema = updateOptionRequestSchema
  .extend(customsFields)
  .refine(grossNotBelowNet, grossCheck);
export type UpdateGoodsRequest = z.input<typeof updateGoodsRequestSchema>;

/** A shipping option's countries: some of the shop's countries, or null for all of them. */
const shippingCountries = z
  .array(z.enum(shippingCountryCodes as [string, ...string[]], { error: catalogueMessages.countryUnknown }))
  .min(1, { error: catalogueMessages.countriesRequired })
  .max(shippingCountryCodes.length)
  .transform((codes) => [...new Set(codes)])
  .nullable();

/** A shipping option also takes its countries (absent: all) and, when edited, its on/off switch (absent: unchanged). */
export const createShippingRequestSchema = createOptionRequestSchema.extend({
  countries: shippingCountries.optional(),
});
export const updateShippingRequestSchema = updateOptionRequestSchema.extend({
  countries: shippingCountries.optional(),
  active: z.boolean().optional(),
});
export type UpdateShippingRequest = z.input<typeof updateShippingRequestSchema>;

/** What a delete did: removed, or archived because a quote or order names the option. */
export const deleteOptionResponseSchema = z.object({ outcome: z.enum(['deleted', 'archived']) });

export const adminBatchSchema = z.object({
  id: z.string(),
  batchId: z.string(),
  name: z.string(),
  date: z.string().nullable(),
  soldOut: z.boolean(),
  sortOrder: z.number().int(),
  updatedAt: z.string(),
  /** Instruments it can build (null: not limited), those confirmed orders hold, and what is free. */
  capacity: z.number().int().nullable(),
  taken: z.number().int(),
  free: z.number().int().nullable(),
  /** Its latest date change whose holders have not been e-mailed yet, with how many hold places. */
  pendingDateChange: z
    .object({
      id: z.string(),
      oldDate: z.string().nullable(),
      newDate: z.string().nullable(),
      holders: z.number().int(),
    })
    .nullable(),
});
export type AdminBatch = z.infer<typeof adminBatchSchema>;

/** A batch's capacity in instruments; null: not limited. */
const batchCapacity = z.number().int().min(0).max(100000).nullable();

const batchDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: catalogueMessages.dateFormat })
  .nullable();

export const createBatchRequestSchema = z.object({
  batchId: optionId,
  name,
  date: batchDate,
  soldOut: z.boolean().default(false),
  capacity: batchCapacity.default(null),
});
export type CreateBatchRequest = z.input<typeof createBatchRequestSchema>;

/** Any of name, date, sold out and position (0 is first; the others move to make room). */
export const updateBatchRequestSchema = z.object({
  name: name.optional(),
  date: batchDate.optional(),
  soldOut: z.boolean().optional(),
  capacity: batchCapacity.optional(),
  position: z.number().int().min(0).max(1000).optional(),
});
export type UpdateBatchRequest = z.infer<typeof updateBatchRequestSchema>;

export const configurationListSchema = z.object({ items: z.array(adminConfigurationSchema) });
export const optionListSchema = z.object({ items: z.array(adminOptionSchema) });
export const batchListSchema = z.object({ items: z.array(adminBatchSchema) });

/** POST /api/admin/batches/:batchId/date-changes/:changeId/notify: how many holders were e-mailed. */
export const notifyBatchHoldersResponseSchema = z.object({ notified: z.number().int(), alreadySent: z.boolean() });

/** "12.34" or 12.34 (pounds or euros) to minor units; NaN when it is not a number with at most 2 decimals. */
export function toMinorUnits(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return text.startsWith('-') ? -minor : minor;
}

/** Minor units as the forms show them: 2 decimals, no symbol. */
export const fromMinorUnits = (minor: number) => (minor / 100).toFixed(2);
