import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileAnswerSchema } from '../../shared/accounts/account-contracts';
import { profileUpdateSchema } from '../../shared/accounts/auth-schemas';
import { noStoreAnswers } from '../http/no-store';
import { getProfile, updateProfile } from './account-service';
import { requireUser } from './request-auth';

/** The signed-in customer's own profile (docs/api/accounts.md); their orders are in orders/account-orders.ts. */
export async function accountRoutes(app: FastifyInstance) {
  noStoreAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/account/profile', { schema: { response: { 200: profileAnswerSchema } } }, async (request) => {
    const auth = requireUser(request);
    return { profile: await getProfile(app.db, auth.userId) };
  });

  r.put(
    '/api/account/profile',
    { schema: { body: profileUpdateSchema, response: { 200: profileAnswerSchema } } },
    async (request) => {
      const auth = requireUser(request);
      return { profile: await updateProfile(app.db, auth.userId, request.body, app.now()) };
    },
  );
}
