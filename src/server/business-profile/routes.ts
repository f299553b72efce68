import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessProfileDetailsSchema } from '../../shared/business-profile-schemas';
import { publicProfileOf } from '../../shared/business-profile';
import { getBusinessProfile } from './profile-service';

/** The company's public details (no bank accounts): what the footer, contact page and structured data show. */
export async function businessProfileRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/business-profile',
      { schema: { response: { 200: z.object({ profile: businessProfileDetailsSchema }) } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return { profile: publicProfileOf(await getBusinessProfile(app.db)) };
      },
    );
}
