import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { withChangeVersionScope } from '../db/change-version';
import { type Db, queryRows } from '../db/client';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../db/secure-data-dir';
import { isLanguage, type Language } from '../../shared/i18n/languages';
import { translator } from '../../shared/i18n/translator';
import type { AttachmentRender, MailAttachment } from './outbox';

export const MAX_ATTEMPTS = 8;
/** How many messages one claim takes. */
export const DELIVERY_BATCH = 20;

interface ClaimedMail extends Record<string, unknown> {
  id: string;
  kind: string;
  to_address: string;
  cc_address: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: MailAttachment[] | null;
  attempts: number;
  erase_when_sent: boolean;
  language: string | null;
}

export interface MailSenderOptions {
  db: Db;
  log: FastifyBaseLogger;
  /**
   * The sender when a message is sent: the deployment's MAIL_FROM, else the business profile's
   * sender name and address in force (src/server/app.ts supplies it; mail imports no feature).
   */
  from: string | (() => Promise<string | { name: string; address: string }>);
  /** An SMTP server; without it each message is written to `<mailDir>/<time>-<id>.eml`. */
  smtpUrl?: string | undefined;
  mailDir: string;
  now: () => Date;
  /** Renders an attachment queued by name (a quote's PDF); a failure is a failed delivery, tried again later. */
  renderAttachment?: (render: AttachmentRender) => Promise<Buffer>;
  /** The Reply-To of every message: the business profile's sales mailbox in force when it is sent. */
  replyTo?: () => Promise<string>;
  /** The shop's privacy policy: every message that does not name it already says where it is. */
  privacyPolicyUrl?: string;
}

/**
 * The privacy-policy line every e-mail ends with (added at sending, so each kind of message carries it),
 * in the message's language (issue 53: "Wie wir Ihre Daten verwenden: …"; a message queued without one,
 * English).
 */
export function withPrivacyNotice(
  text: string,
  html: string | null,
  url: string | undefined,
  language: Language | string | null = 'en',
) {
  if (!url || text.includes(url)) return { text, html };
  const tr = translator(isLanguage(language) ? language : 'en');
  const label = `${tr.t('mail.privacyNotice')}${tr.colon}`;
  const htmlLabel = label.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  return {
    text: `${text.trimEnd()}\n\n${label} ${url}\n`,
    html: html ? `${html}<p>${htmlLabel} <a href="${url}">${url}</a></p>` : null,
  };
}

/** Seconds to wait before the next try: 30 s, 1 min, 2 min … capped at an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(attempts - 1, 0), 3600);

/**
 * Delivers the outbox. Rows are claimed with SKIP LOCKED and pushed back five minutes while they
 * are being sent, so several app processes never send one message twice; a failure is retried with
 * a growing delay and given up after MAX_ATTEMPTS.
 */
export function createMailSender(options: MailSenderOptions) {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Owner only: the messages carry confirmation and password-reset links.
  const makeMailDir = async () => {
    try {
      await mkdir(options.mailDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    } catch (error) {
      mailDirMade = undefined;
      throw error;
    }
  };
  let mailDirMade: Promise<void> | undefined;

  async function attachmentContent(file: MailAttachment): Promise<Buffer> {
    if ('contentBase64' in file) return Buffer.from(file.contentBase64, 'base64');
    if (!options.renderAttachment) throw new Error(`No renderer for the attached ${file.render.document}`);
    return options.renderAttachment(file.render);
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    const attachments = await Promise.all(
      (mail.attachments ?? []).map(async (file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: await attachmentContent(file),
      })),
    );
    const replyTo = options.replyTo ? await options.replyTo() : '';
    const from = typeof options.from === 'string' ? options.from : await options.from();
    const body = withPrivacyNotice(mail.text_body, mail.html_body, options.privacyPolicyUrl, mail.language);
    const message = {
      from,
      ...(replyTo ? { replyTo } : {}),
      to: mail.to_address,
      ...(mail.cc_address ? { cc: mail.cc_address } : {}),
      subject: mail.subject,
      text: body.text,
      ...(body.html ? { html: body.html } : {}),
      ...(attachments.length > 0 ? { attachments } : {}),
    };
    if (smtp) {
      await smtp.sendMail(message);
      return;
    }
    const info = await files.sendMail(message);
    const stamp = options.now().toISOString().replaceAll(':', '-');
    const write = () =>
      writeFile(join(options.mailDir, `${stamp}-${mail.id}.eml`), info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    // The folder is made once, not for every message (a tenth of a checkout's CPU on a busy machine,
    // decision 0074), and again if it has gone since.
    mailDirMade ??= makeMailDir();
    await mailDirMade;
    try {
      await write();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mailDirMade = makeMailDir();
      await mailDirMade;
      await write();
    }
    // Without SMTP the .eml file is the delivery; say where it went so a developer can find it.
    options.log.info({ mailId: mail.id, kind: mail.kind }, 'e-mail written to file');
  }

  /** Sends what is due now; returns how many messages were sent. */
  async function deliverDue(limit = DELIVERY_BATCH): Promise<number> {
    const now = options.now();
    const claimed = await queryRows<ClaimedMail>(
      options.db,
      sql`update mail_outbox set next_attempt_at = ${new Date(now.getTime() + 5 * 60_000)}
          where id in (
            select id from mail_outbox
            where status = 'pending' and next_attempt_at <= ${now}
            order by created_at
            limit ${limit}
            for update skip locked
          )
          returning id, kind, to_address, cc_address, subject, text_body, html_body, attachments, attempts, erase_when_sent, language`,
    );
    const delivered: ClaimedMail[] = [];
    // The batch's messages read the cached business profile (sender, reply-to, documents) with one
    // change-version read between them, as a request does, instead of one for each use.
    await withChangeVersionScope(async () => {
      for (const mail of claimed) {
        const attempts = mail.attempts + 1;
        try {
          await deliver(mail);
          delivered.push(mail);
        } catch (error) {
          const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
          const giveUp = attempts >= MAX_ATTEMPTS;
          const next = new Date(options.now().getTime() + retryDelaySeconds(attempts) * 1000);
          await options.db.execute(
            sql`update mail_outbox set attempts = ${attempts}, last_error = ${reason},
              status = ${giveUp ? 'failed' : 'pending'}, next_attempt_at = ${next} where id = ${mail.id}`,
          );
          options.log.warn({ mailId: mail.id, kind: mail.kind, attempts, giveUp }, 'e-mail delivery failed');
        }
      }
    });
    await markDelivered(delivered);
    return delivered.length;
  }

  /**
   * The batch's delivered messages marked sent in one statement (decision 0083: one round trip per
   * batch, not per message); a closed account's farewell is erased instead, so no copy of it (nor
   * the address) stays behind. Until then the claim keeps them from every other sender.
   */
  async function markDelivered(delivered: ClaimedMail[]): Promise<void> {
    if (delivered.length === 0) return;
    const erased = delivered.filter((mail) => mail.erase_when_sent).map((mail) => mail.id);
    const kept = delivered.filter((mail) => !mail.erase_when_sent).map((mail) => mail.id);
    const ids = (list: string[]) =>
      sql`array[${sql.join(
        list.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`;
    const mark = sql`update mail_outbox set status = 'sent', attempts = attempts + 1, sent_at = ${options.now()}, last_error = null where id = any(${kept.length > 0 ? ids(kept) : sql`array[]::uuid[]`})`;
    await options.db.execute(
      erased.length === 0 ? mark : sql`with erased as (delete from mail_outbox where id = any(${ids(erased)})) ${mark}`,
    );
  }

  return { deliverDue, close: () => smtp?.close() };
}

export type MailSender = ReturnType<typeof createMailSender>;
