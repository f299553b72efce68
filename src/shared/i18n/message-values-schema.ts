import { z } from 'zod';

/**
 * A message's values as an answer carries them (issue 53, src/shared/i18n/message.ts `MessageValues`):
 * text and numbers, and raw values the reader's language writes: a country by its code, an amount in
 * minor units with its currency.
 */
export const messageValuesSchema = z.record(
  z.string(),
  z.union([
    z.string(),
    z.number(),
    z.object({ country: z.string() }),
    z.object({ amount: z.number().int(), currency: z.string() }),
  ]),
);
