import { z } from 'zod';
import { cleanLine } from '../clean-text';

/**
 * Issue 41, decision 0059: the papers a regulated lab files with each instrument. The factory test
 * entered at dispatch (one per instrument shipped, judged by the server against the settings'
 * limits), and the three PDFs drawn from it: the test certificate, the declaration of conformity
 * and the IQ/OQ protocol.
 */

export const factoryTestMessages = {
  testsNeeded: (count: number) =>
    count === 1
      ? 'Enter the factory test results of the instrument before shipping.'
      : `Enter the factory test results of each of the ${count} instruments before shipping.`,
  rateRequired: 'Enter the measured rate accuracy (%).',
  volumeRequired: 'Enter the measured volume delivered (mL).',
  testerRequired: 'Enter the tester’s name.',
  dateRequired: 'Enter the test date.',
  rateFailed: (measured: number, limit: number) =>
    `Rate accuracy ${formatSigned(measured)} % is outside ±${formatNumber(limit)} %: this instrument fails its factory test and cannot be shipped.`,
  recordNotFound: 'This test record was not uploaded for this order: upload it again.',
  recordUsedTwice: 'Each instrument needs its own test record.',
  recordFailed: 'The test record says this instrument failed its factory test: it cannot be shipped.',
  recordResultRequired: 'Say whether the test record shows a pass.',
  volumeFailed: (measured: number, low: number, high: number) =>
    `Volume delivered ${formatNumber(measured)} mL is outside ${formatNumber(low)}–${formatNumber(high)} mL: this instrument fails its factory test and cannot be shipped.`,
} as const;

/** A number as the papers print it: up to 3 decimals, no trailing zeros. */
export const formatNumber = (value: number) => String(Math.round(value * 1000) / 1000);
export const formatSigned = (value: number) => (value > 0 ? `+${formatNumber(value)}` : formatNumber(value));

const measured = (message: string) => z.number({ error: message }).finite({ error: message }).min(-1000).max(100_000);

/** One instrument's final test as staff enter it at dispatch (the server decides pass or fail). */
export const factoryTestSchema = z.object({
  /** The measured rate error, in % of the set rate (e.g. -0.8). */
  rateAccuracyPercent: measured(factoryTestMessages.rateRequired),
  /** The volume delivered in the test, in mL. */
  volumeDeliveredMl: measured(factoryTestMessages.volumeRequired).pipe(
    z.number().positive({ error: factoryTestMessages.volumeRequired }),
  ),
  testedBy: z
    .string({ error: factoryTestMessages.testerRequired })
    .transform(cleanLine)
    .pipe(z.string().min(1, { error: factoryTestMessages.testerRequired }).max(100)),
  testedOn: z
    .string({ error: factoryTestMessages.dateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: factoryTestMessages.dateRequired })
    .refine(
      (day) =>
        !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
      {
        error: factoryTestMessages.dateRequired,
      },
    ),
});
export type FactoryTest = z.infer<typeof factoryTestSchema>;

/**
 * Issue 51: the software version the unit shipped with, entered with its test (blank: the model's
 * version in the catalogue). The certificate and the IQ/OQ protocol print it.
 */
const shippedSoftwareVersion = z
  .string()
  .transform(cleanLine)
  .pipe(z.string().max(40, { error: 'The software version is at most 40 characters.' }))
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** An uploaded test record's id (POST /api/admin/orders/{id}/test-records), named on the certificate. */
const testRecordId = z.uuid({ error: factoryTestMessages.recordNotFound });

/** Results entered, with the uploaded test record they come from (optional). */
export const enteredFactoryTestSchema = factoryTestSchema.extend({
  testRecordId: testRecordId.optional(),
  softwareVersion: shippedSoftwareVersion,
});

/**
 * Issue 41: the test record uploaded instead of typed results. The tester states the record's
 * verdict (the shop cannot read it); the certificate names the record and its fingerprint.
 */
export const recordedFactoryTestSchema = z.object({
  testRecordId,
  passed: z.boolean({ error: factoryTestMessages.recordResultRequired }),
  testedBy: factoryTestSchema.shape.testedBy,
  testedOn: factoryTestSchema.shape.testedOn,
  softwareVersion: shippedSoftwareVersion,
});
export type RecordedFactoryTest = z.infer<typeof recordedFactoryTestSchema>;

/** A factory test item sends no measurement but a record: it is read as a record's. */
export const isRecordOnly = (item: unknown) =>
  typeof item === 'object' &&
  item !== null &&
  'testRecordId' in item &&
  !('rateAccuracyPercent' in item) &&
  !('volumeDeliveredMl' in item);

/** A test record as stored and named (its bytes stay with staff). */
export const testRecordSchema = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});
export type TestRecord = z.infer<typeof testRecordSchema>;

/** Where staff download an order's uploaded test record (GET, admin only: the bytes stay with staff). */
export const testRecordUrl = (orderId: string, recordId: string) =>
  `/api/admin/orders/${orderId}/test-records/${recordId}`;

/** A test record on the admin's order page: its download link and the instrument whose certificate names it. */
export const adminTestRecordSchema = testRecordSchema.extend({
  url: z.string(),
  /** Null while no shipped instrument's certificate names it (uploaded, not yet used). */
  instrumentId: z.string().nullable(),
});
export type AdminTestRecord = z.infer<typeof adminTestRecordSchema>;

/** The test results sent with the move to shipped, in the order of the serial numbers. */
export const factoryTestsField = z.array(z.unknown()).max(100).optional();

export interface FactoryTestLimits {
  rateLimitPercent: number;
  nominalVolumeMl: number;
  volumeLimitPercent: number;
}

/** The volume's acceptance band: the nominal volume ± the limit's percentage. */
export function volumeBand(limits: FactoryTestLimits) {
  const margin = (limits.nominalVolumeMl * limits.volumeLimitPercent) / 100;
  return {
    low: Math.round((limits.nominalVolumeMl - margin) * 1000) / 1000,
    high: Math.round((limits.nominalVolumeMl + margin) * 1000) / 1000,
  };
}

/** Each result against its limit: whether it passes, and the field's message when it fails. */
export function judgeFactoryTest(
  test: Pick<FactoryTest, 'rateAccuracyPercent' | 'volumeDeliveredMl'>,
  limits: FactoryTestLimits,
) {
  const band = volumeBand(limits);
  const ratePassed = Math.abs(test.rateAccuracyPercent) <= limits.rateLimitPercent + 1e-9;
  const volumePassed = test.volumeDeliveredMl >= band.low - 1e-9 && test.volumeDeliveredMl <= band.high + 1e-9;
  return {
    passed: ratePassed && volumePassed,
    ratePassed,
    volumePassed,
    fields: {
      ...(ratePassed
        ? {}
        : { rateAccuracyPercent: factoryTestMessages.rateFailed(test.rateAccuracyPercent, limits.rateLimitPercent) }),
      ...(volumePassed
        ? {}
        : { volumeDeliveredMl: factoryTestMessages.volumeFailed(test.volumeDeliveredMl, band.low, band.high) }),
    } as Partial<Record<'rateAccuracyPercent' | 'volumeDeliveredMl', string>>,
  };
}

/** The papers of an instrument that shipped with a passing test, as its order's documents list them. */
export const instrumentPaperKinds = ['test_certificate', 'declaration_of_conformity', 'iq_oq_protocol'] as const;
export type InstrumentPaperKind = (typeof instrumentPaperKinds)[number];

/** Their document ids on the order (`/api/orders/{id}/documents/{documentId}`), by the instrument's unit. */
export const instrumentPaperPrefixes: Record<InstrumentPaperKind, string> = {
  test_certificate: 'test-certificate-',
  declaration_of_conformity: 'declaration-of-conformity-',
  iq_oq_protocol: 'iq-oq-protocol-',
};

export const instrumentPaperId = (kind: InstrumentPaperKind, unitIndex: number) =>
  `${instrumentPaperPrefixes[kind]}${unitIndex}`;

/** Which paper and unit a document id names, or null. */
export function parseInstrumentPaperId(documentId: string): { kind: InstrumentPaperKind; unitIndex: number } | null {
  for (const kind of instrumentPaperKinds) {
    const prefix = instrumentPaperPrefixes[kind];
    if (!documentId.startsWith(prefix)) continue;
    const rest = documentId.slice(prefix.length);
    if (!/^[1-9][0-9]{0,2}$/.test(rest)) return null;
    return { kind, unitIndex: Number(rest) };
  }
  return null;
}

export const instrumentPaperLabels: Record<InstrumentPaperKind, string> = {
  test_certificate: 'Factory test certificate',
  declaration_of_conformity: 'Declaration of conformity',
  iq_oq_protocol: 'IQ/OQ protocol',
};

/** A paper's link as an instrument row shows it. */
export const instrumentPaperSchema = z.object({
  /** The order's document id (e.g. `test-certificate-1`). */
  id: z.string(),
  kind: z.enum(instrumentPaperKinds),
  label: z.string(),
  url: z.string(),
  issuedAt: z.string(),
});
export type InstrumentPaper = z.infer<typeof instrumentPaperSchema>;
