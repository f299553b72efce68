import { z } from 'zod';
import type { BatchShip } from './ship-date';

/** A quote's or order's batch as the API gives it: `shipDate` null means "date to be confirmed". */
export const batchShipSchema: z.ZodType<BatchShip> = z.object({
  id: z.string(),
  name: z.string(),
  shipDate: z.string().nullable(),
});
