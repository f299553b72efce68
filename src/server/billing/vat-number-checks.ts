import { type SQL, and, asc, desc, eq, inArray, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../db/client';
import { orders, vatNumberChecks } from '../db/schema';
import type { VatRegistries } from '../vat-registry/vat-registry';
import { parseVatNumber } from '../../shared/tax/vat-number';
import { type VatRegistry, vatRegistryOf } from '../../shared/tax/vat-number-check';

/**
 * When an unanswered check (registry unavailable or rate-limited) is tried again, by attempts made:
 * 1 minute, then 5, 15, an hour, 3, 6, 12 and 24 hours; after that it stays as it is until staff
 * choose "Check again".
 */
export const retryDelaysMinutes = [1, 5, 15, 60, 180, 360, 720, 1440] as const;

/** The advisory-lock key of the queueing step (any fixed 32-bit number no other lock uses). */
const enqueueLockKey = 0x56415431;

/** A claimed check is leased this long, so a crashed process's claim is taken up again later. */
const leaseMs = 10 * 60_000;

export interface VatCheckJobOptions {
  db: Db;
  registries: VatRegistries;
  now: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** The stored numbers a registry answers for: GB ones to HMRC, every other prefix to VIES. */
const numbersOf = (registry: VatRegistry) =>
  registry === 'hmrc' ? sql`${orders.vatNumber} like 'GB%'` : sql`${orders.vatNumber} not like 'GB%'`;

/**
 * Queues the first check of each order's VAT number whose registry is configured (newest orders
 * first). A stored number that fails its format (an order from before the check at entry) is
 * recorded as invalid at once, with no registry asked.
 */
export async function enqueueVatNumberChecks(options: VatCheckJobOptions, limit = 50): Promise<number> {
  const { db, registries } = options;
  if (registries.configured.length === 0) return 0;
  const now = options.now();
  const registryFilter = sql.join(registries.configured.map(numbersOf), sql` or `);
  // One process at a time queues (a transaction-scoped advisory lock, as the daily jobs take), so two
  // processes never both give an order its first check; one that finds the lock taken skips this round.
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${enqueueLockKey}) as locked`,
    );
    if (!lock?.locked) return 0;
    return enqueueDue(tx, registryFilter, now, limit);
  });
}

async function enqueueDue(db: Db, registryFilter: SQL, now: Date, limit: number): Promise<number> {
  const due = await db
    .select({ id: orders.id, vatNumber: orders.vatNumber })
    .from(orders)
    .where(
      and(
        isNotNull(orders.vatNumber),
        isNull(orders.personalDataPurgedAt),
        sql`(${registryFilter})`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(vatNumberChecks)
            .where(eq(vatNumberChecks.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  if (due.length === 0) return 0;
  await db.insert(vatNumberChecks).values(
    due.map((order) => {
      const parsed = parseVatNumber(order.vatNumber ?? '');
      if (parsed.valid)
        return {
          orderId: order.id,
          countryCode: parsed.countryCode,
          vatNumber: parsed.number,
          registry: vatRegistryOf(parsed.countryCode),
          status: 'pending' as const,
          nextAttemptAt: now,
          createdAt: now,
        };
      const raw = (order.vatNumber ?? '').toUpperCase();
      return {
        orderId: order.id,
        countryCode: raw.slice(0, 2),
        vatNumber: raw.slice(2),
        registry: vatRegistryOf(raw.slice(0, 2)),
        status: 'invalid' as const,
        checkedAt: now,
        createdAt: now,
      };
    }),
  );
  return due.length;
}

/**
 * Asks the registries about the checks that are due (pending, or unanswered and due again), a few at
 * a time, each claimed with SKIP LOCKED so several processes share the work, and stores each answer on
 * its row. `checkId` runs that one check now whatever its time (staff's "Check again").
 */
export async function checkDueVatNumbers(
  options: VatCheckJobOptions,
  select: { limit?: number; checkId?: string } = {},
): Promise<number> {
  const { db, registries } = options;
  if (registries.configured.length === 0) return 0;
  const now = options.now();
  const claimed = await db.transaction(async (tx) => {
    const ids = await tx
      .select({ id: vatNumberChecks.id })
      .from(vatNumberChecks)
      .where(
        and(
          inArray(vatNumberChecks.status, ['pending', 'unavailable', 'rate_limited']),
          inArray(vatNumberChecks.registry, [...registries.configured]),
          select.checkId ? eq(vatNumberChecks.id, select.checkId) : lte(vatNumberChecks.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(vatNumberChecks.nextAttemptAt))
      .limit(select.limit ?? 10)
      .for('update', { skipLocked: true });
    if (ids.length === 0) return [];
    return tx
      .update(vatNumberChecks)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          vatNumberChecks.id,
          ids.map((row) => row.id),
        ),
      )
      .returning();
  });
  for (const check of claimed) {
    const result = await registries.checkVatNumber(check.countryCode, check.vatNumber);
    const attempts = check.attempts + 1;
    const answered = result.status === 'valid' || result.status === 'invalid';
    const delay = retryDelaysMinutes[attempts - 1];
    await db
      .update(vatNumberChecks)
      .set({
        status: result.status,
        attempts,
        checkedAt: result.checkedAt,
        nextAttemptAt: answered || delay === undefined ? null : new Date(options.now().getTime() + delay * 60_000),
        ...(answered
          ? {
              registeredName: result.name ?? null,
              registeredAddress: result.address ?? null,
              consultationNumber: result.consultationNumber ?? null,
            }
          : {}),
      })
      .where(eq(vatNumberChecks.id, check.id));
    if (!answered)
      options.log?.warn(
        { checkId: check.id, registry: check.registry, status: result.status, attempts },
        'VAT number check not answered',
      );
  }
  return claimed.length;
}
