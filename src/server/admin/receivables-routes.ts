import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerKeySchema } from '../../shared/customers/customer-schemas';
import { agedDebtAnswerSchema, agedDebtQuerySchema } from '../../shared/reporting/receivables-schemas';
import { customerStatementPdf, loadStatement, statementFilename } from '../customers/customer-statement';
import { contentDisposition } from '../http/content-disposition';
import { scopeOfKey } from '../customers/customers';
import { agedDebtCsvHeader, agedDebtCsvRows, loadAgedDebt } from '../reporting/aged-debt';
import { adminOf, adminRoute, requirePermission } from './admin-route-config';
import { sendCsv } from './csv-export';

/** Receivables (issue 36): the aged-debt report and its CSV, and a customer's statement PDF. */
export async function adminReceivablesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A view of the orders' money: whoever sees orders (Owner, Sales, Finance).
  r.get(
    '/receivables/aged-debt',
    {
      config: adminRoute('orders.view'),
      schema: { querystring: agedDebtQuerySchema, response: { 200: agedDebtAnswerSchema } },
    },
    async (request) => loadAgedDebt(app.db, app.now(), request.query),
  );

  // An export, held to the invoice register's rule (exports.csv), of what the report shows (orders.view).
  r.get(
    '/receivables/aged-debt.csv',
    { config: adminRoute('exports.csv'), schema: { querystring: agedDebtQuerySchema } },
    async (request, reply) => {
      requirePermission(adminOf(request), 'orders.view');
      const report = await loadAgedDebt(app.db, app.now(), request.query);
      async function* once() {
        yield agedDebtCsvRows(report);
      }
      return sendCsv(reply, `aged-debt-${report.asOf}.csv`, agedDebtCsvHeader, once(), (cells) => cells);
    },
  );

  r.get(
    '/customers/:key/statement.pdf',
    { config: adminRoute('customers.view'), schema: { params: z.object({ key: customerKeySchema }) } },
    async (request, reply) => {
      const now = app.now();
      const scope = await scopeOfKey(app.db, request.params.key);
      const statement = await loadStatement(app.db, scope);
      const pdf = await customerStatementPdf(app.db, scope, now, {
        mustExist: true,
        publicUrl: app.env.publicUrl,
        statement,
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition(statementFilename(now, statement.language)))
        .send(pdf);
    },
  );
}
