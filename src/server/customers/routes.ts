import type { FastifyInstance } from 'fastify';
import { requireUser } from '../accounts/request-auth';
import { noStoreAnswers } from '../http/no-store';
import { readableOwners } from '../organisations/organisation-access';
import { customerStatementPdf, statementFilename } from './customer-statement';

/**
 * The signed-in customer's own statement (docs/api/accounts.md): their account's orders and, for a
 * member of an organisation, its members' (decision 0068); nobody else's.
 */
export async function accountStatementRoutes(app: FastifyInstance) {
  noStoreAnswers(app);
  app.get('/api/account/statement.pdf', async (request, reply) => {
    const auth = requireUser(request);
    const now = app.now();
    const [, ...colleagues] = await readableOwners(app.db, auth.userId);
    const pdf = await customerStatementPdf(app.db, { kind: 'account', userId: auth.userId, colleagues }, now, {
      publicUrl: app.env.publicUrl,
    });
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${statementFilename(now)}"`)
      .send(pdf);
  });
}
