import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pollingLoop } from '../jobs/polling-loop';
import { buildDueExports } from './data-export';

declare module 'fastify' {
  interface FastifyInstance {
    /** Builds the pending data exports now (the background loop calls it; tests call it by hand). */
    buildDueExports: () => Promise<number>;
  }
}

/** Data exports are built in the background, a few seconds after they are asked for. */
async function exports(app: FastifyInstance, options: { poll: boolean; intervalMs?: number }) {
  const build = () => buildDueExports(app.db, { now: app.now, publicUrl: app.env.publicUrl, log: app.log });
  app.decorate('buildDueExports', build);
  if (!options.poll) return;
  const loop = pollingLoop({
    intervalMs: options.intervalMs ?? 5000,
    run: build,
    onError: (error) => app.log.error({ err: error }, 'data export failed'),
  });
  app.addHook('onReady', async () => loop.start());
  app.addHook('onClose', async () => loop.stop());
}

export const exportPlugin = fp(exports, { name: 'data-exports' });
