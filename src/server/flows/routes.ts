import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flowProgressRequestSchema, orderFlowRefusals } from '../../shared/order-flow';
import { quoteFlowRefusals } from '../../shared/quotes/quote-messages';
import { flowEmailRequestSchema, QUOTE_FLOW_HOURLY_LIMIT } from '../../shared/quotes/quote-schemas';
import { currentUserId } from '../accounts/request-auth';
import { perClientAndEmail, rateLimit } from '../http/rate-limit';
import { recordOrderProgress } from './record-order-progress';
import { recordRegistrationStep } from './record-registration-step';

const accepted = z.object({ ok: z.literal(true) });

/** E-mail steps from one client across every address: a flow or two per quote, not a list of addresses. */
export const FLOW_EMAILS_PER_CLIENT = { max: 60, timeWindow: '1 hour' } as const;

/** The flows' step logging (incomplete registrations and orders); the browser ignores their failures. */
export async function flowRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/flows/email',
    {
      schema: { body: flowEmailRequestSchema, response: { 202: accepted } },
      ...perClientAndEmail(app, {
        namespace: 'flow-email',
        message: quoteFlowRefusals.emailStepRateLimited,
        perClient: FLOW_EMAILS_PER_CLIENT,
        perEmail: { max: QUOTE_FLOW_HOURLY_LIMIT, timeWindow: '1 hour' },
      }),
    },
    async (request, reply) => {
      const { email, flowType, configuration } = request.body;
      try {
        await recordRegistrationStep(app.db, {
          email: email.toLowerCase(),
          flowType,
          stepReached: 'email',
          userId: currentUserId(request),
          configuration,
          now: app.now(),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'logging the incomplete registration failed');
      }
      return reply.status(202).send({ ok: true as const });
    },
  );

  routes.post(
    '/api/flows/progress',
    {
      schema: { body: flowProgressRequestSchema, response: { 202: accepted } },
      config: {
        rateLimit: rateLimit({ max: 600, timeWindow: '1 hour', message: orderFlowRefusals.progressRateLimited }),
      },
    },
    async (request, reply) => {
      try {
        await recordOrderProgress(app.db, {
          ...request.body,
          userId: currentUserId(request),
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
          now: app.now(),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'logging the incomplete order failed');
      }
      return reply.status(202).send({ ok: true as const });
    },
  );
}
