import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { type AttachmentRender, type MailAttachment, mailOutbox } from '../db/schema';
import type { Language } from '../../shared/i18n/languages';

export type { AttachmentRender, MailAttachment } from '../db/schema';

/** A PDF document to send with an e-mail. */
export const pdfAttachment = (filename: string, pdf: Buffer): MailAttachment => ({
  filename,
  contentType: 'application/pdf',
  contentBase64: pdf.toString('base64'),
});

/** A PDF document the mail sender renders when it sends the e-mail. */
export const renderedPdfAttachment = (filename: string, render: AttachmentRender): MailAttachment => ({
  filename,
  contentType: 'application/pdf',
  render,
});

export interface OutgoingMail {
  /** What the message is for, e.g. 'quote_created', 'signup_confirmation'. */
  kind: string;
  to: string;
  /** Addresses in copy (issue 51: a reminder to accounts payable copies the orderer). */
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (PDF documents). */
  attachments?: MailAttachment[];
  /**
   * The language the message is written in (issue 53): the sender ends it with the privacy-policy line
   * in this language. The recipient's (`recipientLanguage`); staff e-mails are English.
   */
  language: Language;
  /** Delete the row once sent (a closed account's final e-mail: nothing of the person is left behind). */
  eraseWhenSent?: boolean;
}

const outboxRow = (mail: OutgoingMail) => ({
  kind: mail.kind,
  toAddress: mail.to,
  ccAddress: mail.cc && mail.cc.length > 0 ? mail.cc.join(', ') : null,
  subject: mail.subject,
  textBody: mail.text,
  htmlBody: mail.html ?? null,
  attachments: mail.attachments && mail.attachments.length > 0 ? mail.attachments : null,
  eraseWhenSent: mail.eraseWhenSent ?? false,
  language: mail.language,
});

/**
 * Queues an e-mail. Call it with the transaction that writes the event the e-mail is about, so
 * the message exists exactly when the event does; the mail sender delivers it afterwards.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const [id] = await enqueueMails(db, [mail]);
  if (!id) throw new Error('Queueing the e-mail failed');
  return id;
}

/** Queues several e-mails about one event in one statement (an order's confirmation and the admin's notice). */
export async function enqueueMails(db: Db, mails: OutgoingMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await db.insert(mailOutbox).values(mails.map(outboxRow)).returning({ id: mailOutbox.id });
  if (rows.length !== mails.length) throw new Error('Queueing the e-mail failed');
  return rows.map((row) => row.id);
}

/** A pending e-mail this long past due means the sender is not keeping up (it polls every second). */
export const OUTBOX_OVERDUE_MINUTES = 10;

/** Counts of the outbox; `overdue` are pending messages the sender should have sent by now. */
export async function outboxBacklog(db: Db, now: Date) {
  const overdueBefore = new Date(now.getTime() - OUTBOX_OVERDUE_MINUTES * 60_000);
  const [row] = await queryRows<{ pending: number | string; overdue: number | string; failed: number | string }>(
    db,
    sql`select count(*) filter (where status = 'pending') as pending,
               count(*) filter (where status = 'pending' and next_attempt_at < ${overdueBefore}) as overdue,
               count(*) filter (where status = 'failed') as failed
        from mail_outbox`,
  );
  return { pending: Number(row?.pending ?? 0), overdue: Number(row?.overdue ?? 0), failed: Number(row?.failed ?? 0) };
}
