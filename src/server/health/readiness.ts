import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { outboxBacklog } from '../mail/outbox';

const CHECK_TIMEOUT_MS = 2000;

export type CheckState = 'ok' | 'failing' | 'not_configured';

export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; redis: CheckState; outbox: CheckState };
  outbox: { pending: number; overdue: number; failed: number } | null;
}

function withTimeout<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Whether this process can serve: the database answers, Redis answers (when set), the outbox moves. */
export async function checkReadiness(deps: { db: Db; redis: Redis | undefined; now: Date }): Promise<Readiness> {
  const [database, outbox, redis] = await Promise.all([
    withTimeout(deps.db.execute(sql`select 1`)).then(
      () => 'ok' as const,
      () => 'failing' as const,
    ),
    withTimeout(outboxBacklog(deps.db, deps.now)).catch(() => null),
    deps.redis
      ? withTimeout(deps.redis.ping(), 500).then(
          () => 'ok' as const,
          () => 'failing' as const,
        )
      : Promise.resolve('not_configured' as const),
  ]);
  const outboxState: CheckState = outbox && outbox.overdue === 0 ? 'ok' : 'failing';
  const checks = { database, redis, outbox: outboxState };
  return { ready: Object.values(checks).every((state) => state !== 'failing'), checks, outbox };
}
