import { z } from 'zod';
import { foreignShopCurrencies } from '../orders/gbp-figures';

/**
 * Monthly exchange rates (/admin/exchange-rates, `…/api/admin/exchange-rates`): units of a currency
 * per £1 for a calendar month, entered by staff or imported from HMRC's monthly file (XML or CSV).
 */
export const exchangeRateMessages = {
  month: 'Enter a month as YYYY-MM',
  currency: `Rates are kept for the currencies the shop sells in: ${foreignShopCurrencies.join(', ')}`,
  rate: 'Enter the units of the currency per £1, a positive number with up to 6 decimals (e.g. 1.1456)',
  fileEmpty: 'Choose HMRC’s monthly rates file (XML or CSV)',
  fileTooLarge: 'The file is larger than 200 KB; HMRC’s monthly file is about 40 KB',
  saved: 'Rate saved',
  imported: 'Rates imported',
} as const;

/** The largest file the import takes, in characters (HMRC's monthly XML is about 40 KB). */
export const RATE_FILE_MAX = 200_000;

export const rateMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: exchangeRateMessages.month });
export const rateCurrencySchema = z
  .string()
  .refine((code) => foreignShopCurrencies.includes(code), { error: exchangeRateMessages.currency });
export const rateValueSchema = z
  .number({ error: exchangeRateMessages.rate })
  .positive({ error: exchangeRateMessages.rate })
  .max(99_999_999, { error: exchangeRateMessages.rate })
  .refine((rate) => Math.abs(Math.round(rate * 1e6) - rate * 1e6) < 1e-6, { error: exchangeRateMessages.rate });

export const exchangeRateListQuerySchema = z.object({
  month: z.preprocess((value) => (value === '' ? undefined : value), rateMonthSchema.optional()),
});

export const exchangeRateSchema = z.object({
  id: z.string(),
  month: z.string(),
  currency: z.string(),
  rate: z.number(),
  source: z.enum(['hmrc', 'manual']),
  /** Who entered or imported it, by e-mail (null once that account is gone). */
  enteredBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const exchangeRateListAnswerSchema = z.object({
  items: z.array(exchangeRateSchema),
  /** The currencies a rate is kept for (the ones the shop sells in besides GBP). */
  currencies: z.array(z.string()),
});

export const putExchangeRateRequestSchema = z.object({ rate: rateValueSchema });
export const exchangeRateAnswerSchema = z.object({ rate: exchangeRateSchema });

export const importExchangeRatesRequestSchema = z.object({
  /** The file's text: HMRC's monthly XML or CSV. */
  file: z
    .string()
    .min(1, { error: exchangeRateMessages.fileEmpty })
    .max(RATE_FILE_MAX, { error: exchangeRateMessages.fileTooLarge }),
});
export const importExchangeRatesAnswerSchema = z.object({
  month: z.string(),
  format: z.enum(['xml', 'csv']),
  /** The rates kept (the shop's currencies), with the rate they replaced, if any. */
  imported: z.array(z.object({ currency: z.string(), rate: z.number(), previous: z.number().nullable() })),
  /** How many of the file's rates were left out because the shop does not sell in that currency. */
  ignored: z.number().int(),
});
export type ImportExchangeRatesAnswer = z.infer<typeof importExchangeRatesAnswerSchema>;
