import type { FastifyInstance } from 'fastify';
import { requireUser } from '../accounts/request-auth';
import { noStoreAnswers } from '../http/no-store';
import { customerStatementPdf, statementFilename } from './customer-statement';

/** The signed-in customer's own statement (docs/api/accounts.md): their account's orders, nobody else's. */
export async function accountStatementRoutes(app: FastifyInstance) {
  noStoreAnswers(app);
  app.get('/api/account/statement.pdf', async (request, reply) => {
    const auth = requireUser(request);
    const now = app.now();
    const pdf = await customerStatementPdf(app.db, { kind: 'account', userId: auth.userId }, now, {
      publicUrl: app.env.publicUrl,
    });
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${statementFilename(now)}"`)
      .send(pdf);
  });
}
