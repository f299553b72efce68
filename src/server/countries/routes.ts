import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countries } from '../../shared/countries';

const countriesResponse = z.object({
  countries: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      currency: z.enum(['GBP', 'EUR', 'USD']),
      symbol: z.enum(['£', '€', '$']),
      showVAT: z.boolean(),
      available: z.boolean(),
    }),
  ),
});

export async function countriesRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/countries', { schema: { response: { 200: countriesResponse } } }, async () => ({
      countries: [...countries],
    }));
}
