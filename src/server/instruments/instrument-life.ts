import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Instrument, instrumentMessages, serialNumbersSchema } from '../../shared/instruments/instrument-schemas';
import { warrantyMonths } from '../../shared/terms';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import {
  instruments,
  instrumentTestCertificates,
  instrumentTestRecords,
  orderItems,
  orders,
  productConfigurations,
  productServicingOptions,
  quotes,
} from '../db/schema';
import {
  type FactoryTest,
  type FactoryTestLimits,
  enteredFactoryTestSchema,
  factoryTestMessages,
  isRecordOnly,
  judgeFactoryTest,
  recordedFactoryTestSchema,
} from '../../shared/instruments/instrument-papers';
import { getCachedSettings } from '../settings/settings-service';
import { toInstrument } from '../order-records/order-instruments';
import { badRequest, conflict, notFound } from '../http/http-error';
import { termsValuesOf } from '../terms/terms-service';

type OrderRow = typeof orders.$inferSelect;

/** `day` (YYYY-MM-DD) plus whole months, in UTC; the 31st of a shorter month is its last day. */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

export const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/** What an order is for: instruments to build and ship, or a service quote's servicing or repair. */
export async function serviceQuoteOf(db: Db, order: Pick<OrderRow, 'quoteId'>) {
  if (!order.quoteId) return null;
  const [quote] = await db
    .select({ kind: quotes.kind, serialNumber: quotes.serialNumber })
    .from(quotes)
    .where(eq(quotes.id, order.quoteId));
  return quote && quote.kind !== 'instrument' ? quote : null;
}

/** The instruments an order ships: its configuration's quantity (1 when none is stored). */
export function unitsOf(order: Pick<OrderRow, 'configuration'>): number {
  const quantity = order.configuration?.quantity;
  return typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0 ? quantity : 1;
}

/** The serial numbers already held by instruments other than `exceptId`. */
async function takenSerials(db: Db, serials: string[], exceptId?: string): Promise<string[]> {
  const rows = await db
    .select({ id: instruments.id, serialNumber: instruments.serialNumber })
    .from(instruments)
    .where(inArray(instruments.serialNumber, serials));
  return rows.filter((row) => row.id !== exceptId).map((row) => row.serialNumber);
}

const takenRefusal = (serials: string[], entered: string[]) => {
  const fields: Record<string, string> = {};
  entered.forEach((serial, index) => {
    if (serials.includes(serial)) fields[`serialNumbers.${index}`] = instrumentMessages.serialTaken(serial);
  });
  const first = serials[0] ?? '';
  return conflict(instrumentMessages.serialTaken(first), { code: 'serial_number_taken', fields });
};

/**
 * The order ships (decision 0043): one serial number per unit of its quantity, required, unique across
 * the shop. Each becomes an instruments row with the model as ordered and the years of cover of the
 * servicing plan bought. An order from a service quote ships no instrument and needs none. Runs in
 * the transaction that moves the order; a serial another transaction holds (even uncommitted) makes
 * this one wait, then refuse with a field error naming it, so two processes never record it twice.
 */
export async function recordSerialsAtDispatch(
  tx: Db,
  input: {
    order: OrderRow;
    serialNumbers: string[] | undefined;
    factoryTests: unknown[] | undefined;
    adminId: string;
    now: Date;
  },
): Promise<Instrument[]> {
  const { order } = input;
  if (await serviceQuoteOf(tx, order)) return [];
  const units = unitsOf(order);
  const parsed = serialNumbersSchema.safeParse(input.serialNumbers ?? []);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[`serialNumbers.${issue.path.join('.')}`] ??= issue.message;
    throw badRequest(Object.values(fields)[0] ?? instrumentMessages.serialFormat, { fields });
  }
  const serials = parsed.data;
  if (serials.length !== units || serials.some((serial) => serial === ''))
    throw badRequest(instrumentMessages.serialsNeeded(units), {
      code: 'serial_numbers_required',
      fields: { serialNumbers: instrumentMessages.serialsNeeded(units) },
    });
  if (new Set(serials.map((serial) => serial.toUpperCase())).size !== serials.length)
    throw badRequest(instrumentMessages.serialsTwice, { fields: { serialNumbers: instrumentMessages.serialsTwice } });

  const tests = await checkFactoryTests(tx, input.factoryTests, units, order.id);

  const [base] = await tx
    .select({ name: orderItems.itemName, configId: orderItems.itemId })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.itemType, 'base_configuration')));
  const [configuration] = base
    ? await tx
        .select({ softwareVersion: productConfigurations.softwareVersion })
        .from(productConfigurations)
        .where(eq(productConfigurations.configId, base.configId))
    : [];
  const servicingId = typeof order.configuration?.servicing === 'string' ? order.configuration.servicing : null;
  const [plan] = servicingId
    ? await tx
        .select({ warrantyYears: productServicingOptions.warrantyYears })
        .from(productServicingOptions)
        .where(eq(productServicingOptions.servicingId, servicingId))
    : [];
  const values = serials.map((serialNumber, index) => ({
    orderId: order.id,
    unitIndex: index + 1,
    serialNumber,
    model: base?.name ?? 'Instrument',
    warrantyYears: Math.max(1, plan?.warrantyYears ?? 1),
    // Issue 51: the version this unit shipped with, as staff entered it with its test; else the model's.
    softwareVersion: tests[index]?.result.softwareVersion ?? configuration?.softwareVersion ?? null,
    createdBy: input.adminId,
    createdAt: input.now,
    updatedAt: input.now,
  }));
  const written = await tx
    .insert(instruments)
    .values(values)
    .onConflictDoNothing({ target: instruments.serialNumber })
    .returning();
  if (written.length !== values.length) {
    const mine = new Set(written.map((row) => row.serialNumber));
    throw takenRefusal(
      serials.filter((serial) => !mine.has(serial)),
      serials,
    );
  }
  await tx.insert(instrumentTestCertificates).values(
    written.map((row) => {
      const test = tests[row.unitIndex - 1] as CheckedTest;
      return {
        instrumentId: row.id,
        rateAccuracyPercent: test.result.rateAccuracyPercent ?? null,
        volumeDeliveredMl: test.result.volumeDeliveredMl ?? null,
        testedBy: test.result.testedBy,
        testedOn: test.result.testedOn,
        testRecordId: test.result.testRecordId ?? null,
        ...test.limits,
        passed: true,
        recordedBy: input.adminId,
        createdAt: input.now,
      };
    }),
  );
  return written.map((row) => toInstrument(row, order.orderNumber));
}

interface CheckedTest {
  /** Typed results (and the record they come from), or an uploaded record with the tester's verdict. */
  result: Pick<FactoryTest, 'testedBy' | 'testedOn'> &
    Partial<Pick<FactoryTest, 'rateAccuracyPercent' | 'volumeDeliveredMl'>> & {
      testRecordId?: string | undefined;
      softwareVersion?: string | undefined;
    };
  limits: FactoryTestLimits;
}

/**
 * Each instrument's factory test (issue 41, decision 0059): one per unit, each well formed, each
 * judged against the settings' limits in force, or an uploaded test record of this order (one per
 * instrument) with the tester's verdict. A missing or malformed result, or a record not uploaded for
 * this order, is a 400 beside its field; a result outside its limit, or a record whose verdict is a
 * fail, is a 409: the instrument failed and cannot ship.
 */
async function checkFactoryTests(
  tx: Db,
  entered: unknown[] | undefined,
  units: number,
  orderId: string,
): Promise<CheckedTest[]> {
  const settings = await getCachedSettings(tx);
  const limits: FactoryTestLimits = {
    rateLimitPercent: settings.factoryTestRateLimitPercent,
    nominalVolumeMl: settings.factoryTestNominalVolumeMl,
    volumeLimitPercent: settings.factoryTestVolumeLimitPercent,
  };
  const list = entered ?? [];
  if (list.length !== units)
    throw badRequest(factoryTestMessages.testsNeeded(units), {
      code: 'factory_tests_required',
      fields: { factoryTests: factoryTestMessages.testsNeeded(units) },
    });
  const malformed: Record<string, string> = {};
  const failed: Record<string, string> = {};
  const checked: CheckedTest[] = [];
  const uploaded = new Set(
    (
      await tx
        .select({ id: instrumentTestRecords.id })
        .from(instrumentTestRecords)
        .where(eq(instrumentTestRecords.orderId, orderId))
    ).map((row) => row.id),
  );
  const named = new Set<string>();
  const checkRecord = (recordId: string | undefined, index: number) => {
    if (recordId === undefined) return;
    const field = `factoryTests.${index}.testRecordId`;
    if (!uploaded.has(recordId)) malformed[field] = factoryTestMessages.recordNotFound;
    else if (named.has(recordId)) malformed[field] = factoryTestMessages.recordUsedTwice;
    named.add(recordId);
  };
  list.forEach((item, index) => {
    const parsed = isRecordOnly(item)
      ? recordedFactoryTestSchema.safeParse(item)
      : enteredFactoryTestSchema.safeParse(item);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        malformed[`factoryTests.${index}.${issue.path.join('.')}`] ??= issue.message;
      return;
    }
    checkRecord(parsed.data.testRecordId, index);
    if ('passed' in parsed.data) {
      // The shop cannot read the record: the tester's verdict is what the certificate states.
      if (!parsed.data.passed) failed[`factoryTests.${index}.passed`] = factoryTestMessages.recordFailed;
      const { passed: _verdict, ...result } = parsed.data;
      checked.push({ result, limits });
      return;
    }
    const verdict = judgeFactoryTest(parsed.data, limits);
    for (const [name, message] of Object.entries(verdict.fields)) failed[`factoryTests.${index}.${name}`] = message;
    checked.push({ result: parsed.data, limits });
  });
  if (Object.keys(malformed).length > 0)
    throw badRequest(Object.values(malformed)[0] ?? factoryTestMessages.testsNeeded(units), {
      code: 'factory_tests_invalid',
      fields: malformed,
    });
  if (Object.keys(failed).length > 0)
    throw conflict(Object.values(failed)[0] ?? factoryTestMessages.testsNeeded(units), {
      code: 'factory_test_failed',
      fields: failed,
    });
  return checked;
}

const auditedSerial = (row: typeof instruments.$inferSelect) => ({
  serialNumber: row.serialNumber,
  orderId: row.orderId,
});

/**
 * Staff correct a serial number: 404 when the instrument is gone, 409 when another holds the new
 * one. Returns the instrument as the admin sees it and what the audit entry keeps before and after.
 */
export async function correctSerial(tx: Db, instrumentId: string, serialNumber: string, now: Date) {
  const [before] = await tx.select().from(instruments).where(eq(instruments.id, instrumentId)).for('update');
  if (!before) throw notFound(instrumentMessages.instrumentNotFound);
  const taken = await takenSerials(tx, [serialNumber], instrumentId);
  if (taken.length > 0) throw takenRefusal(taken, [serialNumber]);
  let after: typeof instruments.$inferSelect;
  try {
    const [updated] = await tx
      .update(instruments)
      .set({ serialNumber, updatedAt: now })
      .where(eq(instruments.id, instrumentId))
      .returning();
    after = updated ?? before;
  } catch (error) {
    if (isUniqueViolation(error)) throw takenRefusal([serialNumber], [serialNumber]);
    throw error;
  }
  const [order] = await tx.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, after.orderId));
  return {
    instrument: toInstrument(after, order?.orderNumber ?? ''),
    before: auditedSerial(before),
    after: auditedSerial(after),
  };
}

/**
 * The order is delivered: each instrument's cover starts (decision 0043). Warranty: the terms' rule
 * (`warrantyMonths`: the standard months, or the servicing plan's years when longer) from the
 * delivery date; first annual service: 12 months after delivery.
 */
export async function startCover(tx: Db, order: Pick<OrderRow, 'id'>, now: Date) {
  const terms = await termsValuesOf(tx);
  const deliveredOn = isoDay(now);
  const rows = await tx.select().from(instruments).where(eq(instruments.orderId, order.id));
  for (const row of rows) {
    await tx
      .update(instruments)
      .set({
        deliveredOn,
        warrantyEndsOn: addMonths(deliveredOn, warrantyMonths(terms, row.warrantyYears)),
        nextServiceOn: addMonths(deliveredOn, 12),
        updatedAt: now,
      })
      .where(eq(instruments.id, row.id));
  }
}

/**
 * An order from a servicing-renewal quote is confirmed: the instrument's service plan runs a year
 * more, from the later of today and the end of its present cover; its next service is due at the
 * end of the cover it had (or today, when that is past). A repair changes no cover.
 */
export async function extendCoverForOrder(tx: Db, order: OrderRow, now: Date) {
  const service = await serviceQuoteOf(tx, order);
  if (!service || service.kind !== 'servicing_renewal' || !service.serialNumber) return;
  const [row] = await tx
    .select()
    .from(instruments)
    .where(eq(instruments.serialNumber, service.serialNumber))
    .for('update');
  if (!row) return;
  const today = isoDay(now);
  const coverEnd = [row.warrantyEndsOn, row.servicePlanEndsOn, today]
    .filter((day): day is string => day !== null)
    .sort()
    .at(-1) as string;
  await tx
    .update(instruments)
    .set({
      servicePlanEndsOn: addMonths(coverEnd, 12),
      nextServiceOn: row.nextServiceOn && row.nextServiceOn >= today ? row.nextServiceOn : coverEnd,
      updatedAt: now,
    })
    .where(eq(instruments.id, row.id));
}

/** The shop's instrument with this serial number, if any. */
export async function instrumentBySerial(db: Db, serial: string) {
  const [row] = await db
    .select()
    .from(instruments)
    .where(sql`upper(${instruments.serialNumber}) = upper(${serial})`);
  return row ?? null;
}

/**
 * What an order's status move does to its instruments, in the move's transaction: shipped records the
 * serial numbers (required), delivered starts the cover, confirmed extends the cover a servicing
 * renewal bought. Returns the serial numbers recorded (for the audit entry).
 */
export async function instrumentsFollowOrder(
  tx: Db,
  input: {
    fromStatus: string;
    order: OrderRow;
    serialNumbers: string[] | undefined;
    factoryTests: unknown[] | undefined;
    adminId: string;
    now: Date;
  },
): Promise<{ serialNumbers?: string[]; factoryTests?: Record<string, unknown>[] }> {
  const { order } = input;
  if (order.status === input.fromStatus) return {};
  if (order.status === 'shipped') {
    const written = await recordSerialsAtDispatch(tx, input);
    if (written.length === 0) return {};
    // The audit entry keeps each instrument's factory test as judged (issue 41).
    const tests = await tx
      .select({ instrumentId: instrumentTestCertificates.instrumentId, test: instrumentTestCertificates })
      .from(instrumentTestCertificates)
      .where(
        inArray(
          instrumentTestCertificates.instrumentId,
          written.map((row) => row.id),
        ),
      );
    return {
      serialNumbers: written.map((row) => row.serialNumber),
      factoryTests: written.map((row) => {
        const test = tests.find((candidate) => candidate.instrumentId === row.id)?.test;
        return {
          serialNumber: row.serialNumber,
          rateAccuracyPercent: test?.rateAccuracyPercent,
          volumeDeliveredMl: test?.volumeDeliveredMl,
          rateLimitPercent: test?.rateLimitPercent,
          nominalVolumeMl: test?.nominalVolumeMl,
          volumeLimitPercent: test?.volumeLimitPercent,
          passed: test?.passed,
          testedBy: test?.testedBy,
          testedOn: test?.testedOn,
        };
      }),
    };
  }
  if (order.status === 'delivered') await startCover(tx, order, input.now);
  if (order.status === 'confirmed') await extendCoverForOrder(tx, order, input.now);
  return {};
}
