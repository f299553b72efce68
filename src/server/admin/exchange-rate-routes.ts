import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exchangeRateAnswerSchema,
  exchangeRateListAnswerSchema,
  exchangeRateListQuerySchema,
  importExchangeRatesAnswerSchema,
  importExchangeRatesRequestSchema,
  putExchangeRateRequestSchema,
  rateCurrencySchema,
  rateMonthSchema,
} from '../../shared/reporting/exchange-rate-schemas';
import { foreignShopCurrencies } from '../../shared/orders/gbp-figures';
import { auditedChange } from '../audit/audited-change';
import {
  exchangeRateById,
  importExchangeRates,
  listExchangeRates,
  parseRatesFile,
  putExchangeRate,
} from '../reporting/exchange-rates';
import { adminRoute } from './admin-route-config';

/**
 * Monthly exchange rates (docs/api/admin.md, Exchange rates): read with the invoice register's
 * permission; a rate is a money figure (every EUR document's GBP equivalent comes from it), so
 * entering or importing one takes the invoice-issuing permission, a fresh second factor, and is audited.
 */
export async function adminExchangeRateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/exchange-rates',
    {
      config: adminRoute('exports.csv'),
      schema: { querystring: exchangeRateListQuerySchema, response: { 200: exchangeRateListAnswerSchema } },
    },
    async (request) => ({
      items: await listExchangeRates(app.db, request.query),
      currencies: [...foreignShopCurrencies],
    }),
  );

  r.put(
    '/exchange-rates/:month/:currency',
    {
      config: adminRoute('invoices.issue', { stepUp: true }),
      schema: {
        params: z.object({ month: rateMonthSchema, currency: rateCurrencySchema }),
        body: putExchangeRateRequestSchema,
        response: { 200: exchangeRateAnswerSchema },
      },
    },
    async (request) => {
      const { month, currency } = request.params;
      const id = await auditedChange(app, request, async (tx, now, admin) => {
        const saved = await putExchangeRate(tx, {
          month,
          currency,
          rate: request.body.rate,
          source: 'manual',
          adminId: admin.userId,
          now,
        });
        return {
          result: saved.row.id,
          audit: {
            action: 'exchange_rate.update',
            entityType: 'exchange_rate',
            entityId: month,
            before: saved.before === null ? null : { currency, rate: saved.before },
            after: { currency, rate: request.body.rate, source: 'manual' },
          },
        };
      });
      const rate = await exchangeRateById(app.db, id);
      if (!rate) throw new Error('The saved rate is gone');
      return { rate };
    },
  );

  r.post(
    '/exchange-rates/import',
    {
      config: adminRoute('invoices.issue', { stepUp: true }),
      schema: { body: importExchangeRatesRequestSchema, response: { 200: importExchangeRatesAnswerSchema } },
    },
    async (request) => {
      // Read before the transaction: a bad file is a 400 that writes nothing.
      const file = parseRatesFile(request.body.file);
      const imported = await auditedChange(app, request, async (tx, now, admin) => {
        const rows = await importExchangeRates(tx, file, admin.userId, now);
        return {
          result: rows,
          audit: {
            action: 'exchange_rate.import',
            entityType: 'exchange_rate',
            entityId: file.month,
            before: Object.fromEntries(rows.map((row) => [row.currency, row.previous])),
            after: {
              ...Object.fromEntries(rows.map((row) => [row.currency, row.rate])),
              source: 'hmrc',
              format: file.format,
            },
          },
        };
      });
      return { month: file.month, format: file.format, imported, ignored: file.ignored };
    },
  );
}
