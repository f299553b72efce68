import type { Db } from '../db/client';
import { type AttachmentRender, type MailAttachment, mailOutbox } from '../db/schema';

export type { AttachmentRender, MailAttachment } from '../db/schema';

/** A PDF document to send with an e-mail. */
export const pdfAttachment = (filename: string, pdf: Buffer): MailAttachment => ({ filename, contentType: 'application/pdf', contentBase64: pdf.toString('base64') });

/** A PDF document the mail sender renders when it sends the e-mail. */
export const renderedPdfAttachment = (filename: string, render: AttachmentRender): MailAttachment => ({ filename, contentType: 'application/pdf', render });

export interface OutgoingMail {
  /** What the message is for, e.g. 'quote_created', 'signup_confirmation'. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (PDF documents). */
  attachments?: MailAttachment[];
}

/**
 * Queues an e-mail. Call it with the transaction that writes the event the e-mail is about, so
 * the message exists exactly when the event does; the mail sender delivers it afterwards.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ kind: mail.kind, toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null, attachments: mail.attachments && mail.attachments.length > 0 ? mail.attachments : null })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('Queueing the e-mail failed');
  return row.id;
}
