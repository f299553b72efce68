import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { type PollingLoop, pollingLoop } from './polling-loop';

/** What a daily job reports: counts per kind, never personal data (they go to the log and the audit register). */
export type JobResult = Record<string, number>;

export interface DailyJob {
  /** Unique, stable: the claim row is (name, day). */
  name: string;
  /** Runs inside the claiming transaction: its writes and the claim commit together, or neither. */
  run(tx: Db, now: Date): Promise<JobResult>;
  /**
   * Whether the day's run may happen yet (issue 51: payment reminders wait for the hour staff set).
   * Asked before the day is claimed: a check before it claims nothing, so a later check runs the job.
   */
  ready?(db: Db, now: Date): Promise<boolean>;
}

export interface SchedulerOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** The app's clock (tests move it). */
  now: () => Date;
}

export type RunOutcome =
  { ran: true; result: JobResult } | { ran: false; reason: 'already_ran' | 'running_elsewhere' | 'not_yet' };

/** A job name as an advisory-lock key (a stable 32-bit hash). */
function lockKey(name: string): number {
  let hash = 0;
  for (const char of `job:${name}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/**
 * Daily jobs that run once per UTC day whatever the number of app processes, on PGlite and
 * PostgreSQL alike. Each process checks on an interval; the first to insert the (job, day) row of
 * `job_runs` runs the job in that same transaction. A process that finds another holding the job's
 * advisory lock skips at once instead of waiting; one that loses the insert race waits for the
 * winner's commit, then sees the day as done. A failed run rolls its claim back, so the next check retries.
 */
export function createScheduler(options: SchedulerOptions) {
  const jobs = new Map<string, DailyJob>();
  let loop: PollingLoop | undefined;

  async function runJob(job: DailyJob): Promise<RunOutcome> {
    const now = options.now();
    const day = now.toISOString().slice(0, 10);
    return options.db.transaction(async (tx) => {
      const [lock] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${lockKey(job.name)}) as locked`,
      );
      if (!lock?.locked) return { ran: false, reason: 'running_elsewhere' } as const;
      if (job.ready && !(await job.ready(tx, now))) return { ran: false, reason: 'not_yet' } as const;
      const claimed = await queryRows<{ job: string }>(
        tx,
        sql`insert into job_runs (job, day, started_at) values (${job.name}, ${day}, ${now})
            on conflict (job, day) do nothing returning job`,
      );
      if (claimed.length === 0) return { ran: false, reason: 'already_ran' } as const;
      const result = await job.run(tx, now);
      await tx.execute(
        sql`update job_runs set finished_at = ${options.now()}, result = ${JSON.stringify(result)}::jsonb
            where job = ${job.name} and day = ${day}`,
      );
      options.log.info({ job: job.name, day, result }, 'daily job ran');
      return { ran: true, result } as const;
    });
  }

  async function runDue(): Promise<Record<string, RunOutcome>> {
    const outcomes: Record<string, RunOutcome> = {};
    for (const job of jobs.values()) {
      try {
        outcomes[job.name] = await runJob(job);
      } catch (error) {
        options.log.error({ err: error, job: job.name }, 'daily job failed');
      }
    }
    return outcomes;
  }

  return {
    register(job: DailyJob) {
      if (jobs.has(job.name)) throw new Error(`A daily job named ${job.name} is already registered`);
      jobs.set(job.name, job);
    },
    /** Runs one job now if today's run is not taken (tests call it; the timer calls runDue). */
    runJob(name: string): Promise<RunOutcome> {
      const job = jobs.get(name);
      if (!job) throw new Error(`No daily job named ${name}`);
      return runJob(job);
    },
    runDue,
    /** Checks at once, then every `intervalMs` (15 minutes by default): a day's run happens on its first check. */
    start(intervalMs = 15 * 60 * 1000) {
      loop = pollingLoop({
        intervalMs,
        run: runDue,
        onError: (error) => options.log.error({ err: error }, 'daily jobs failed'),
      });
      loop.start();
    },
    /** Stops checking and waits for a run in hand. */
    async stop() {
      await loop?.stop();
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
