import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { waitlistRequestSchema } from '../../shared/waitlist';
import { rateLimit } from '../http/rate-limit';
import { joinWaitlist } from './join-waitlist';

export async function waitlistRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/waitlist',
    {
      schema: {
        body: waitlistRequestSchema,
        response: { 201: z.object({ email: z.string() }) },
      },
      config: {
        rateLimit: rateLimit({
          max: 30,
          timeWindow: '1 hour',
          message: 'Too many requests. Please wait a moment before trying again.',
        }),
      },
    },
    async (request, reply) => {
      await joinWaitlist(app.db, request.body.email);
      return reply.status(201).send({ email: request.body.email });
    },
  );
}
