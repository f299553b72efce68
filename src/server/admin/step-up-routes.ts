import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passkeyAssertionRequestSchema } from '../../shared/accounts/passkey-contracts';
import { stepUpRequestSchema } from '../../shared/admin/admin-schemas';
import { relyingPartyOf } from '../accounts/passkey-service';
import { adminOf, adminRoute } from './admin-route-config';
import { stepUp, stepUpWithPasskey } from './step-up';

/** Step-up, with an authenticator code or a passkey: every staff member uses it before a guarded action. */
export async function adminStepUpRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const steppedUp = { 200: z.object({ steppedUpUntil: z.string() }) };

  r.post(
    '/step-up',
    { config: adminRoute('staff', { limit: 'stepUp' }), schema: { body: stepUpRequestSchema, response: steppedUp } },
    async (request) => {
      const { until } = await stepUp(app.db, adminOf(request), request.body.code, app.now());
      return { steppedUpUntil: until };
    },
  );

  const rp = relyingPartyOf(app.env.publicUrl);
  r.post(
    '/step-up/passkey',
    {
      config: adminRoute('staff', { limit: 'stepUp' }),
      schema: { body: passkeyAssertionRequestSchema, response: steppedUp },
    },
    async (request) => {
      const { until } = await stepUpWithPasskey(app.db, rp, adminOf(request), request.body, app.now());
      return { steppedUpUntil: until };
    },
  );
}
