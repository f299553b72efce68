import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { selectedConfigurationSchema } from '../../shared/configuration';
import { pricingResponseSchema } from '../../shared/pricing/pricing-schema';
import { priceSelection } from './price-selection';

export async function pricingRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/pricing',
    {
      schema: {
        body: z.object({ configuration: selectedConfigurationSchema }),
        response: { 200: pricingResponseSchema },
      },
    },
    async (request) => {
      const { pricing } = await priceSelection(app.db, request.body.configuration);
      return pricing;
    },
  );
}
