import { emailErrorMessage } from '../email-address';
import { defineMessages, englishOf } from '../i18n/message';

/**
 * Issue 39, decision 0067: the supplier pack's words, kinds and addresses, kept free of zod for the
 * storefront's lazy pack page (the schemas are in supplier-pack.ts).
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
/** The base64 length of the largest file. */
export const BASE64_MAX = Math.ceil((CERTIFICATE_BYTES * 1.05 * 4) / 3);
/** The upload routes' body limit: the base64 of the largest file and its fields. */
export const CERTIFICATE_BODY_LIMIT = BASE64_MAX + 16 * 1024;

/** How long a download counts: an address that took the pack in the last 18 months is told of a bank change. */
export const PACK_NOTICE_MONTHS = 18;

/** What a buyer asking for the pack can be told, by id (issue 53). */
export const supplierPackRefusals = defineMessages({
  notFound: { id: 'supplierPack.certificateNotFound', message: 'Certificate not found' },
  tooMany: { id: 'supplierPack.tooMany', message: 'Too many requests. Please try again later.' },
  sent: {
    id: 'supplierPack.sent',
    message: 'We have e-mailed you a link to the supplier pack. Follow it to download the pack.',
  },
});

export const supplierPackMessages = {
  ...englishOf(supplierPackRefusals),
  notPdf: 'Upload a PDF file.',
  unreadable:
    'This PDF cannot be read: it is encrypted, password-protected or damaged, or has no pages. Upload a copy without a password.',
  tooLarge: 'The file is larger than 10 MB.',
  fileRequired: 'Choose the certificate’s PDF file.',
  title: 'Enter a title on one line (at most 200 characters).',
  expiresOn: 'Enter the expiry date.',
  email: emailErrorMessage,
  linkExpired: 'This link has expired or is not known. Ask for the supplier pack again on its page.',
  deleteConfirm: 'Delete this certificate? Buyers will no longer receive it in the supplier pack.',
} as const;

/** The public address of the pack's page, the letter's PDF and a certificate's PDF. */
export const supplierPackPath = '/supplier-pack';
export const supplierPackPdfUrl = '/api/supplier-pack/pdf';
/** The download link e-mailed to an address that asked (security issue 48, F13). */
export const supplierPackLinkUrl = (token: string, language = 'en') =>
  `${supplierPackPdfUrl}?link=${encodeURIComponent(token)}${language === 'en' ? '' : `&language=${language}`}`;
export const certificateUrl = (id: string) => `/api/supplier-pack/certificates/${encodeURIComponent(id)}`;

/** What the pack page shows of a certificate. */
export interface PublicCertificate {
  id: string;
  kind: CertificateKind;
  label: string;
  title: string;
  expiresOn: string;
  expired: boolean;
  filename: string;
  size: number;
  url: string;
  updatedAt: string;
}

/** GET /api/supplier-pack. */
export interface SupplierPackSummary {
  version: number;
  pdfUrl: string;
  certificates: PublicCertificate[];
}
