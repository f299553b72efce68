import { z } from 'zod';
import { MAX_ACCESSORY_QUANTITY, MAX_INSTRUMENT_QUANTITY } from './configuration-limits';

export { MAX_ACCESSORY_QUANTITY, MAX_INSTRUMENT_QUANTITY } from './configuration-limits';

const optionId = z.string().trim().min(1).max(100);

const wholeQuantity = (max: number, what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int({ error: `${what} must be a whole number` })
    .min(1, { error: `${what} must be at least 1` })
    .max(max, { error: `${what} cannot be more than ${max}` });

/** The specification's Selected configuration, validated alike in the browser and on the server. */
export const selectedConfigurationSchema = z.object({
  /** The configuration (model) id, e.g. 'dropwise-standard'. */
  model: optionId,
  /** Mirrors `model`; kept because the specification names both. */
  configuration: optionId.optional(),
  powerAdaptor: optionId,
  quantity: wholeQuantity(MAX_INSTRUMENT_QUANTITY, 'Quantity'),
  accessories: z.array(optionId).max(50),
  accessoryQuantities: z.record(optionId, wholeQuantity(MAX_ACCESSORY_QUANTITY, 'Accessory quantity')),
  adaptors: z.array(optionId).max(50),
  syringeHolders: z.array(optionId).max(50),
  servicing: optionId,
  shipping: optionId,
  /** Required while the product has batches: checked against the catalogue by validateSelection (issue 34). */
  batch: optionId.nullable().optional(),
  customerCountry: z.string().trim().toUpperCase().length(2, { error: 'Country must be a two-letter code' }),
});

export type SelectedConfiguration = z.infer<typeof selectedConfigurationSchema>;
