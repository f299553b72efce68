import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createScheduler, type DailyJob, type Scheduler } from './scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily jobs (retention; others register theirs with `app.scheduler.register`). */
    scheduler: Scheduler;
  }
}

/**
 * The shop's daily jobs, started with the app and stopped on shutdown. The features' jobs come in
 * as `jobs` from src/server/app.ts (infrastructure imports no feature); others may register theirs
 * with `app.scheduler.register` before the app is ready; `run: false` (tests) leaves them to be run by hand.
 */
async function jobs(app: FastifyInstance, options: { run: boolean; jobs?: DailyJob[]; intervalMs?: number }) {
  const scheduler = createScheduler({ db: app.db, log: app.log, now: app.now });
  for (const job of options.jobs ?? []) scheduler.register(job);
  app.decorate('scheduler', scheduler);
  if (!options.run) return;
  app.addHook('onReady', async () => scheduler.start(options.intervalMs));
  app.addHook('onClose', async () => scheduler.stop());
}

export const jobsPlugin = fp(jobs, { name: 'jobs' });
