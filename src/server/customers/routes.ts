import type { FastifyInstance } from 'fastify';
import { requireUser } from '../accounts/request-auth';
import { noStoreAnswers } from '../http/no-store';
import { readableOwners } from '../organisations/organisation-access';
import { contentDisposition } from '../http/content-disposition';
import { customerStatementPdf, loadStatement, statementFilename } from './customer-statement';

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
    const scope = { kind: 'account' as const, userId: auth.userId, colleagues };
    const statement = await loadStatement(app.db, scope);
    const pdf = await customerStatementPdf(app.db, scope, now, { publicUrl: app.env.publicUrl, statement });
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition(statementFilename(now, statement.language)))
      .send(pdf);
  });
}
