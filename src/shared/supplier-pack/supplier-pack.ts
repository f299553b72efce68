import { z } from 'zod';
import { EMAIL_MAX, emailErrorMessage } from '../email-address';

/**
 * Issue 39, decision 0067: the supplier pack a buyer's purchasing department needs to set the
 * company up as a supplier: a letter on the letterhead with the registration and bank details, and
 * the certificates staff upload (PDFs checked by their bytes). Its version changes with the bank details.
 */

export const certificateKinds = ['insurance', 'iso_9001', 'ukca_ce_declaration', 'other'] as const;
export type CertificateKind = (typeof certificateKinds)[number];

export const certificateKindLabels: Record<CertificateKind, string> = {
  insurance: 'Insurance certificate',
  iso_9001: 'ISO 9001 certificate',
  ukca_ce_declaration: 'UKCA/CE declaration',
  other: 'Certificate',
};

/** 10 MB, as a model's datasheet: larger files are refused. */
export const CERTIFICATE_BYTES = 10 * 1024 * 1024;
const BASE64_MAX = Math.ceil((CERTIFICATE_BYTES * 1.05 * 4) / 3);
/** The upload routes' body limit: the base64 of the largest file and its fields. */
export const CERTIFICATE_BODY_LIMIT = BASE64_MAX + 16 * 1024;

/** How long a download counts: an address that took the pack in the last 18 months is told of a bank change. */
export const PACK_NOTICE_MONTHS = 18;

export const supplierPackMessages = {
  notPdf: 'Upload a PDF file.',
  tooLarge: 'The file is larger than 10 MB.',
  fileRequired: 'Choose the certificate’s PDF file.',
  title: 'Enter a title on one line (at most 200 characters).',
  expiresOn: 'Enter the expiry date.',
  notFound: 'Certificate not found',
  email: emailErrorMessage,
  tooMany: 'Too many requests. Please try again later.',
  sent: 'The supplier pack is on its way to your inbox.',
  deleteConfirm: 'Delete this certificate? Buyers will no longer receive it in the supplier pack.',
} as const;

const m = supplierPackMessages;

/** The public address of the pack's page, the letter's PDF and a certificate's PDF. */
export const supplierPackPath = '/supplier-pack';
export const supplierPackPdfUrl = '/api/supplier-pack/pdf';
export const certificateUrl = (id: string) => `/api/supplier-pack/certificates/${encodeURIComponent(id)}`;

const upload = {
  filename: z.string().trim().min(1).max(200),
  dataBase64: z
    .string()
    .max(BASE64_MAX, { error: m.tooLarge })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: m.notPdf }),
};

const certificateFields = {
  kind: z.enum(certificateKinds),
  title: z
    .string()
    .trim()
    .min(1, { error: m.title })
    .max(200, { error: m.title })
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .regex(/^[^\u0000-\u001f\u007f-\u009f\u2028\u2029<>]*$/, { error: m.title }),
  expiresOn: z.iso.date({ error: m.expiresOn }),
};

/** POST /api/admin/supplier-certificates: a new certificate with its PDF. */
export const createCertificateRequestSchema = z.object({ ...certificateFields, file: z.object(upload) });
/** PUT /api/admin/supplier-certificates/{id}: its fields, and a new PDF in place of the old where given. */
export const replaceCertificateRequestSchema = z.object({ ...certificateFields, file: z.object(upload).optional() });
export type CreateCertificateRequest = z.infer<typeof createCertificateRequestSchema>;
export type ReplaceCertificateRequest = z.infer<typeof replaceCertificateRequestSchema>;

export const certificateSchema = z.object({
  id: z.string(),
  kind: z.enum(certificateKinds),
  label: z.string(),
  title: z.string(),
  expiresOn: z.string(),
  expired: z.boolean(),
  filename: z.string(),
  size: z.number().int(),
  url: z.string(),
  updatedAt: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** GET /api/admin/supplier-certificates: every certificate (expired ones too) and the pack's version in force. */
export const adminCertificatesResponseSchema = z.object({
  version: z.number().int(),
  certificates: z.array(certificateSchema),
});

/** GET /api/supplier-pack: what the pack page shows (the certificates in force only). */
export const supplierPackResponseSchema = z.object({
  version: z.number().int(),
  pdfUrl: z.string(),
  certificates: z.array(certificateSchema),
});
export type SupplierPackInfo = z.infer<typeof supplierPackResponseSchema>;

const email = z
  .string()
  .trim()
  .max(EMAIL_MAX, { error: m.email })
  .refine((value) => z.email().safeParse(value).success, { error: m.email });

/** POST /api/supplier-pack/email and POST /api/admin/supplier-pack/send: where the pack goes. */
export const sendSupplierPackRequestSchema = z.object({ email });
