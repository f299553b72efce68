import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createVatRegistries, type VatRegistries } from '../vat-registry/vat-registry';
import { pollingLoop } from '../jobs/polling-loop';
import { checkDueVatNumbers, enqueueVatNumberChecks } from './vat-number-checks';

declare module 'fastify' {
  interface FastifyInstance {
    vatNumberChecks: {
      registries: VatRegistries;
      /** Queues new orders' checks and asks the registries about those due (the loop calls it; tests call it). */
      runDue(): Promise<number>;
      /** Runs one queued check now (staff's "Check again"). */
      checkNow(checkId: string): Promise<number>;
    };
  }
}

export interface VatChecksOptions {
  poll: boolean;
  intervalMs?: number;
  /** The shop's own GB VAT number for HMRC's consultation number (app.ts reads the business profile). */
  hmrcRequesterVrn?: () => Promise<string | null>;
  /** The registries to use instead of those configured by the environment (tests of the interface). */
  registries?: VatRegistries;
}

/**
 * The buyers' VAT numbers checked with VIES or HMRC in the background (issue 37), never during
 * checkout: each process looks every 30 seconds for orders whose number has no check yet and for
 * checks due again, and stores each answer as the order's evidence. Off for a registry whose address
 * is not configured.
 */
async function vatChecks(app: FastifyInstance, options: VatChecksOptions) {
  const { env } = app;
  const registries =
    options.registries ??
    createVatRegistries({
      ...(env.VIES_API_URL
        ? {
            vies: {
              baseUrl: env.VIES_API_URL,
              ...(env.VIES_REQUESTER_VAT_NUMBER ? { requester: env.VIES_REQUESTER_VAT_NUMBER } : {}),
              timeoutMs: env.VAT_REGISTRY_TIMEOUT_MS,
              now: app.now,
            },
          }
        : {}),
      ...(env.HMRC_API_URL && env.HMRC_CLIENT_ID && env.HMRC_CLIENT_SECRET
        ? {
            hmrc: {
              baseUrl: env.HMRC_API_URL,
              clientId: env.HMRC_CLIENT_ID,
              clientSecret: env.HMRC_CLIENT_SECRET,
              requesterVrn: options.hmrcRequesterVrn ?? (async () => null),
              timeoutMs: env.VAT_REGISTRY_TIMEOUT_MS,
              now: app.now,
            },
          }
        : {}),
    });
  const job = { db: app.db, registries, now: app.now, log: app.log };
  const runDue = async () => {
    await enqueueVatNumberChecks(job);
    return checkDueVatNumbers(job);
  };
  app.decorate('vatNumberChecks', {
    registries,
    runDue,
    checkNow: (checkId: string) => checkDueVatNumbers(job, { checkId }),
  });
  if (!options.poll || registries.configured.length === 0) return;
  const loop = pollingLoop({
    intervalMs: options.intervalMs ?? 30_000,
    run: runDue,
    onError: (error) => app.log.error({ err: error }, 'VAT number checks failed'),
  });
  app.addHook('onReady', async () => loop.start());
  app.addHook('onClose', async () => loop.stop());
}

export const vatChecksPlugin = fp(vatChecks, { name: 'vat-number-checks' });
