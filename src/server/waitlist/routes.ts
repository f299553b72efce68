import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  waitlistLeaveMessages,
  waitlistLeaveRequestSchema,
  waitlistRefusals,
  waitlistRequestSchema,
} from '../../shared/waitlist';
import { notFound } from '../http/http-error';
import { rateLimit } from '../http/rate-limit';
import { joinWaitlist, leaveWaitlist } from './join-waitlist';

const limit = rateLimit({
  max: 30,
  timeWindow: '1 hour',
  message: waitlistRefusals.tooMany,
});

export async function waitlistRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/waitlist',
    {
      schema: {
        body: waitlistRequestSchema,
        response: { 201: z.object({ email: z.string() }) },
      },
      config: { rateLimit: limit },
    },
    async (request, reply) => {
      await joinWaitlist(app.db, request.body.email, { publicUrl: app.env.publicUrl, now: app.now() });
      return reply.status(201).send({ email: request.body.email });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/waitlist/leave',
    {
      schema: { body: waitlistLeaveRequestSchema, response: { 200: z.object({ message: z.string() }) } },
      config: { rateLimit: limit },
    },
    async (request) => {
      if (!(await leaveWaitlist(app.db, request.body.token, app.now())))
        throw notFound(waitlistRefusals.invalid, { code: 'invalid_link' });
      return { message: waitlistLeaveMessages.left };
    },
  );
}
