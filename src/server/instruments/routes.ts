import { desc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountInstrumentsAnswerSchema, type Instrument } from '../../shared/instruments/instrument-schemas';
import { requireUser } from '../accounts/request-auth';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { noStoreAnswers } from '../http/no-store';
import { instrumentsOfOrders } from '../order-records/order-instruments';
import { readableOwners } from '../organisations/organisation-access';

/**
 * The instruments of the customer's own orders and their organisation's (decision 0068); with
 * `ownOnly`, of their own orders alone (what closing their account concerns).
 */
export async function listOwnInstruments(db: Db, userId: string, ownOnly = false): Promise<Instrument[]> {
  const own = await db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.userId, ownOnly ? [userId] : await readableOwners(db, userId)))
    .orderBy(desc(orders.createdAt));
  return instrumentsOfOrders(
    db,
    own.map((row) => row.id),
  );
}

/** GET /api/account/instruments (docs/api/accounts.md): the My Account "Instruments" tab. */
export async function accountInstrumentRoutes(app: FastifyInstance) {
  noStoreAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/account/instruments',
    {
      schema: {
        querystring: z.object({ scope: z.enum(['own']).optional() }),
        response: { 200: accountInstrumentsAnswerSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { instruments: await listOwnInstruments(app.db, auth.userId, request.query.scope === 'own') };
    },
  );
}
