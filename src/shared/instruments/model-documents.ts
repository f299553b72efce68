import { z } from 'zod';
import { defineMessages } from '../i18n/message';

/**
 * Issue 41, decision 0059: each model's (product configuration's) datasheet and user manual, which
 * staff upload in the catalogue editor (PDF only, at most MODEL_DOCUMENT_BYTES), and which the
 * storefront's configurator and each instrument's page link.
 */
export const modelDocumentKinds = ['datasheet', 'user_manual'] as const;
export type ModelDocumentKind = (typeof modelDocumentKinds)[number];

export const modelDocumentLabels: Record<ModelDocumentKind, string> = {
  datasheet: 'Datasheet',
  user_manual: 'User manual',
};

/** 10 MB: a datasheet or manual with photos; larger files are refused. */
export const MODEL_DOCUMENT_BYTES = 10 * 1024 * 1024;
const BASE64_MAX = Math.ceil((MODEL_DOCUMENT_BYTES * 1.05 * 4) / 3);
/** The upload route's body limit: the base64 of the largest file and its name. */
export const MODEL_DOCUMENT_BODY_LIMIT = BASE64_MAX + 16 * 1024;

/** The storefront's refusals about the catalogue, by id (issue 53). */
export const catalogueRefusals = defineMessages({
  documentNotFound: { id: 'catalogueRefusal.documentNotFound', message: 'Document not found' },
  productNotFound: { id: 'configure.notFound', message: 'Product not found' },
  productDataNotFound: { id: 'catalogueRefusal.productDataNotFound', message: 'Product data not found' },
});

export const modelDocumentMessages = {
  notPdf: 'Upload a PDF file.',
  tooLarge: 'The file is larger than 10 MB.',
  notFound: catalogueRefusals.documentNotFound.message,
} as const;

/** The URL anyone downloads it from (served as stored, `application/pdf`). */
export const modelDocumentUrl = (configId: string, kind: ModelDocumentKind) =>
  `/api/catalogue/configurations/${encodeURIComponent(configId)}/documents/${kind}`;

/** PUT /api/admin/product-configurations/{configId}/documents/{kind}: the PDF as base64 (checked by its bytes on the server). */
export const uploadModelDocumentRequestSchema = z.object({
  filename: z.string().trim().min(1).max(200),
  dataBase64: z
    .string()
    .max(BASE64_MAX, { error: modelDocumentMessages.tooLarge })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: modelDocumentMessages.notPdf }),
});
export type UploadModelDocumentRequest = z.infer<typeof uploadModelDocumentRequestSchema>;

/** A model document as a link: on the configurator, an instrument's row and the admin editor. */
export const modelDocumentLinkSchema = z.object({
  kind: z.enum(modelDocumentKinds),
  label: z.string(),
  url: z.string(),
  filename: z.string(),
  size: z.number().int(),
});
export type ModelDocumentLink = z.infer<typeof modelDocumentLinkSchema>;
