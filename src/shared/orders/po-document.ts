import { z } from 'zod';
import { cleanLine } from '../clean-text';
import { defineMessages, englishOf } from '../i18n/message';
import { poDocumentFieldMessages } from './po-field-messages';

export { poDocumentFieldMessages };

/**
 * Issue 39: the buyer's purchase order (PO) as a document: a PDF of at most PO_DOCUMENT_BYTES, read
 * by its bytes on the server, attached with its number by the buyer (at checkout or on the order
 * page) or by staff (a PO that arrived by e-mail).
 */
export const PO_DOCUMENT_BYTES = 10 * 1024 * 1024;
const BASE64_MAX = Math.ceil((PO_DOCUMENT_BYTES * 4) / 3) + 4;
/** The upload routes' body limit: the base64 of the largest file, its name and the PO number. */
export const PO_DOCUMENT_BODY_LIMIT = BASE64_MAX + 16 * 1024;

/** The buyer's PO refusals, by id (issue 53). */
export const poDocumentRefusals = defineMessages({
  notFound: { id: 'poRefusal.notFound', message: 'Purchase order not found' },
  poNumberRequired: {
    id: 'poRefusal.poNumberRequired',
    message: 'Please enter your purchase order (PO) number: orders require one.',
  },
});

export const poDocumentMessages = {
  ...englishOf(poDocumentFieldMessages),
  ...englishOf(poDocumentRefusals),
  /** Said in the order flow before the last step while the setting is on. */
  poNumberRequiredNotice: 'Orders require a purchase order (PO) number. Please enter it before you place the order.',
} as const;

/** The order's PO number as typed, cleaned to one line (blank stays blank); 100 as the order flow's field. */
const poNumberField = z.string().overwrite(cleanLine).max(100, { error: poDocumentFieldMessages.poNumberTooLong.id });

/**
 * PUT /api/orders/{id}/po (the buyer; a guest adds `?key=`) and PUT /api/admin/orders/{id}/po (staff):
 * the PDF as base64 and, optionally, the PO number (a blank or absent one keeps the order's).
 */
export const attachPoRequestSchema = z.object({
  poNumber: poNumberField.optional(),
  filename: z.string().trim().min(1).max(200),
  dataBase64: z
    .string()
    .max(BASE64_MAX, { error: poDocumentFieldMessages.tooLarge.id })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: poDocumentFieldMessages.notPdf.id }),
});
export type AttachPoRequest = z.infer<typeof attachPoRequestSchema>;

/** The attached PO as the order answers show it (never its bytes). */
export const poDocumentSchema = z.object({
  filename: z.string(),
  size: z.number().int(),
  /** Who attached it: the buyer or staff. */
  source: z.enum(['customer', 'staff']),
  uploadedAt: z.string(),
  /** Where its owner and staff download it (a guest's link carries `?key=`). */
  url: z.string(),
});
export type PoDocument = z.infer<typeof poDocumentSchema>;

export const attachPoAnswerSchema = z.object({ poNumber: z.string().nullable(), poDocument: poDocumentSchema });

export const poDocumentUrl = (orderId: string) => `/api/orders/${orderId}/po`;
