import { createHash } from 'node:crypto';
import { badRequest } from '../http/http-error';

/** How an upload is refused, beside its `file` field: the messages and, where the caller has them, the codes. */
export interface PdfUploadRules {
  maxBytes: number;
  messages: { tooLarge: string; notPdf: string };
  codes?: { tooLarge: string; notPdf: string };
  /** The file's name when the one uploaded has no usable characters ("document" gives "document.pdf"). */
  fallbackName: string;
}

/**
 * A PDF as uploaded in a JSON body (a purchase order, a datasheet or manual, a test record, a
 * certificate): its type is read from its bytes (`%PDF-`), never from the name or what the browser
 * says, and a file larger than `maxBytes` is refused; 400 beside the `file` field. The name keeps
 * letters, digits, dots, dashes and underscores, at most 80 of them, and ends in `.pdf`.
 */
export function readPdfUpload(upload: { filename: string; dataBase64: string }, rules: PdfUploadRules) {
  const bytes = Buffer.from(upload.dataBase64, 'base64');
  const refuse = (reason: 'tooLarge' | 'notPdf') =>
    badRequest(rules.messages[reason], {
      ...(rules.codes ? { code: rules.codes[reason] } : {}),
      fields: { file: rules.messages[reason] },
    });
  if (bytes.length > rules.maxBytes) throw refuse('tooLarge');
  if (bytes.length < 8 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw refuse('notPdf');
  const base = upload.filename
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return {
    filename: `${base || rules.fallbackName}.pdf`,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** What `readPdfUpload` answers: the cleaned name, the bytes and their SHA-256 (hex). */
export type PdfUpload = ReturnType<typeof readPdfUpload>;
