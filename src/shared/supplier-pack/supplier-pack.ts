import { z } from 'zod';
import { EMAIL_MAX, emailErrorDescriptor } from '../email-address';
import { BASE64_MAX, certificateKinds, supplierPackMessages } from './supplier-pack-labels';

/**
 * Issue 39, decision 0067: the supplier pack a buyer's purchasing department needs to set the
 * company up as a supplier: a letter on the letterhead with the registration and bank details, and
 * the certificates staff upload (PDFs checked by their bytes). Its version changes with the bank details.
 */

export * from './supplier-pack-labels';

const m = supplierPackMessages;

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

// The field's message is its id (src/shared/field-messages.ts): the page shows it in its language.
const email = z
  .string()
  .trim()
  .max(EMAIL_MAX, { error: emailErrorDescriptor.id })
  .refine((value) => z.email().safeParse(value).success, { error: emailErrorDescriptor.id });

/** POST /api/supplier-pack/email and POST /api/admin/supplier-pack/send: where the pack goes. */
export const sendSupplierPackRequestSchema = z.object({ email });
