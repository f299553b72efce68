import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCustomerListQuerySchema,
  adminCustomerPageSchema,
  customerDetailSchema,
  customerKeySchema,
  customerKindLabels,
} from '../../shared/customers/customer-schemas';
import { customerFallbacks } from '../../shared/lists';
import { adminOf, adminRoute, requirePermission } from './admin-route-config';
import { csvDate } from '../reporting/accounting-export';
import { fallback } from '../db/list-sql';
import { customerBatches, listCustomers, loadCustomer } from '../customers/customers';
import { csvMoney } from '../../shared/csv';
import { sendCsv } from './csv-export';

/** The shop's currencies, one "Total ordered" column each in the CSV. */
const csvCurrencies = ['GBP', 'EUR'] as const;

/** The customer list, its CSV and a customer's page (issue 24): Owner, Sales, Finance and Support view them. */
export async function adminCustomerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/customers',
    {
      config: adminRoute('customers.view'),
      schema: { querystring: adminCustomerListQuerySchema, response: { 200: adminCustomerPageSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listCustomers(app.db, request.query);
    },
  );

  // An export of personal data, held to the orders CSV's rule: CSV exports are Finance's and the Owner's.
  r.get(
    '/customers.csv',
    { config: adminRoute('exports.csv'), schema: { querystring: adminCustomerListQuerySchema } },
    async (request, reply) => {
      requirePermission(adminOf(request), 'customers.view');
      return sendCsv(
        reply,
        'customers.csv',
        [
          'Customer',
          'Kind',
          'E-mail',
          'Organisation',
          'Country',
          'Quotes',
          'Orders',
          ...csvCurrencies.map((currency) => `Total ordered ${currency} (excl. cancelled)`),
          'Last activity',
        ],
        customerBatches(app.db, request.query),
        (row) => [
          fallback(row.name, row.kind === 'guest' ? customerFallbacks.guest : customerFallbacks.noName),
          customerKindLabels[row.kind],
          fallback(row.email, customerFallbacks.noEmail),
          fallback(row.organisation, customerFallbacks.notProvided),
          row.country ?? '',
          row.quotes,
          row.orders,
          ...csvCurrencies.map((currency) =>
            csvMoney(row.totals.find((total) => total.currency === currency)?.amount ?? 0),
          ),
          csvDate(row.lastActivityAt),
        ],
      );
    },
  );

  r.get(
    '/customers/:key',
    {
      config: adminRoute('customers.view'),
      schema: { params: z.object({ key: customerKeySchema }), response: { 200: customerDetailSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return loadCustomer(app.db, request.params.key, app.now());
    },
  );
}
