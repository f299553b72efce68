import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = build()
      .catch((error: unknown) => app.log.error({ err: error }, 'data export failed'))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, options.intervalMs ?? 5000);
        timer.unref();
      });
  };
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}

export const exportPlugin = fp(exports, { name: 'data-exports' });
