import { z } from 'zod';
import { cleanLine } from '../clean-text';
import { customsMessages, isMrn } from '../customs';

/**
 * The proof of export of an order delivered outside the UK (issue 37, docs/api/admin.md): what the
 * admin's order page shows and the form sends (`PUT /api/admin/orders/{id}/export-proof`). The zero
 * rate of the goods rests on it (HMRC VAT Notice 703), so a delivered export without a complete record
 * is flagged on the order and counted on the dashboard.
 */

export const exportProofMessages = {
  heading: 'Proof of export',
  missing: 'Delivered without a complete proof-of-export record: the zero rate of its goods rests on it.',
  saved: 'Proof of export saved',
  saveFailed: 'Failed to save the proof of export',
  deliveryBeforeDispatch: 'The delivery date cannot be before the dispatch date',
  notExport: 'This order is not delivered outside the UK: it needs no proof of export',
  noSuchDay: 'There is no such day: enter a real calendar date as YYYY-MM-DD',
} as const;

export const exportProofSchema = z.object({
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  dispatchDate: z.string().nullable(),
  /** The export declaration's Movement Reference Number, where there is one. */
  exportMrn: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  /** The carrier's proof-of-delivery reference. */
  proofReference: z.string().nullable(),
  updatedAt: z.string(),
});
export type ExportProof = z.infer<typeof exportProofSchema>;

/** The admin order's export papers: null for a UK delivery. */
export const exportPapersSchema = z.object({
  /** The commercial invoice staff print with the delivery note (null before confirmation). */
  commercialInvoiceUrl: z.string().nullable(),
  proof: exportProofSchema.nullable(),
  /** Carrier, tracking number, dispatch date, delivery date and proof-of-delivery reference are all there. */
  complete: z.boolean(),
  /** Delivered without a complete record. */
  missing: z.boolean(),
});
export type ExportPapers = z.infer<typeof exportPapersSchema>;

/** A record is complete with everything but the MRN, which not every export has (postal and courier low-value). */
export const isExportProofComplete = (
  proof: Pick<ExportProof, 'carrier' | 'trackingNumber' | 'dispatchDate' | 'deliveryDate' | 'proofReference'> | null,
) =>
  proof !== null &&
  Boolean(proof.carrier && proof.trackingNumber && proof.dispatchDate && proof.deliveryDate && proof.proofReference);

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : cleanLine(value)))
    .nullable()
    .optional();
/**
 * A calendar day as YYYY-MM-DD (not lists.ts's isoDate: lists.ts imports the order schema, which
 * imports this). Issue 48, F12: a month 13 or day 00 makes an invalid Date, whose toISOString()
 * throws (a 500), so it is checked first; 30 February rolls into March and is refused too.
 */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: customsMessages.date })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    },
    { error: exportProofMessages.noSuchDay },
  );
const day = z
  .union([isoDay, z.literal('')])
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** An export declaration's MRN as typed: spaces dropped, upper case; empty: none. */
export const exportMrnField = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .refine((value) => value === '' || isMrn(value), { error: customsMessages.mrn })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** Every field optional: absent ones are left as they are, empty ones cleared. */
export const exportProofRequestSchema = z
  .object({
    carrier: text(100),
    trackingNumber: text(200),
    dispatchDate: day,
    exportMrn: exportMrnField,
    deliveryDate: day,
    proofReference: text(200),
  })
  .refine((value) => !value.dispatchDate || !value.deliveryDate || value.deliveryDate >= value.dispatchDate, {
    error: exportProofMessages.deliveryBeforeDispatch,
    path: ['deliveryDate'],
  });
export type ExportProofRequest = z.input<typeof exportProofRequestSchema>;
export type ExportProofChanges = z.output<typeof exportProofRequestSchema>;
