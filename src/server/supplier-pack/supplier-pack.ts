import { createHash, randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { and, asc, eq, gt, lt, ne } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { BankAccounts } from '../../shared/business-profile';
import { certificateKindLabel, supplierPackDocument } from '../../shared/documents/supplier-pack';
import { translator } from '../../shared/i18n/translator';
import { recipientLanguage } from '../accounts/recipient-language';
import type { Language } from '../../shared/i18n/languages';
import {
  type Certificate,
  type CertificateKind,
  certificateKindLabels,
  certificateUrl,
  PACK_NOTICE_MONTHS,
  supplierPackLinkUrl,
  supplierPackMessages,
  supplierPackPath,
} from '../../shared/supplier-pack/supplier-pack';
import { getBusinessProfile, readBusinessProfile } from '../business-profile/profile-service';
import { type Db, queryRows } from '../db/client';
import {
  supplierCertificates,
  supplierPackDownloads,
  supplierPackLinks,
  supplierPackRenders,
  supplierPackVersions,
} from '../db/schema';
import { renderDocumentPdf } from '../documents/document-pdf';
import { enqueueMails, type MailAttachment, type OutgoingMail } from '../mail/outbox';
import { badRequest, notFound } from '../http/http-error';
import type { DailyJob } from '../jobs/scheduler';
import { readModelDocument } from '../catalogue/model-documents';

/** The bank details as one canonical string: the fields in a fixed order, spaces inside IBANs ignored. */
function bankKey(bank: BankAccounts): string {
  const squeeze = (value: string) => value.replace(/\s+/g, '').toUpperCase();
  return JSON.stringify([
    bank.GBP.accountName.trim(),
    bank.GBP.bankName.trim(),
    squeeze(bank.GBP.sortCode),
    squeeze(bank.GBP.accountNumber),
    bank.EUR.accountName.trim(),
    bank.EUR.bankName.trim(),
    squeeze(bank.EUR.iban),
    squeeze(bank.EUR.bic),
  ]);
}

export const bankHash = (bank: BankAccounts) => createHash('sha256').update(bankKey(bank)).digest('hex');

/**
 * The pack's version for these bank details: the one stored under their hash, or the next number,
 * stored now. The same details always give the same version; any change of them a new one (a return
 * to earlier details gives their earlier version back).
 */
export async function packVersionFor(tx: Db, bank: BankAccounts, now: Date) {
  const hash = bankHash(bank);
  const find = async () =>
    (await tx.select().from(supplierPackVersions).where(eq(supplierPackVersions.bankHash, hash)).limit(1))[0];
  // Two processes may number at once: the unique hash keeps one row, the primary key one number;
  // the loser of a race for the number tries the next.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const found = await find();
    if (found) return found;
    await queryRows(
      tx,
      sql`insert into supplier_pack_versions (version, bank_hash, bank, created_at)
          select coalesce(max(version), 0) + 1, ${hash}, ${JSON.stringify(bank)}::jsonb, ${now}
          from supplier_pack_versions
          on conflict do nothing returning version`,
    );
  }
  const stored = await find();
  if (!stored) throw new Error('Numbering the supplier pack failed');
  return stored;
}

/** The version stored under a number, or null. */
export async function packVersion(db: Db, version: number) {
  const [row] = await db.select().from(supplierPackVersions).where(eq(supplierPackVersions.version, version));
  return row ?? null;
}

type CertificateRow = typeof supplierCertificates.$inferSelect;

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

export const toCertificate = (row: Omit<CertificateRow, 'bytes'>, now: Date): Certificate => ({
  id: row.id,
  kind: row.kind as CertificateKind,
  label: certificateKindLabels[row.kind as CertificateKind] ?? certificateKindLabels.other,
  title: row.title,
  expiresOn: row.expiresOn,
  expired: row.expiresOn < todayOf(now),
  filename: row.filename,
  size: row.size,
  url: certificateUrl(row.id),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every certificate (without the bytes) by kind, then expiry; `inForce` leaves out those expired by `now`. */
export async function listCertificates(db: Db, now: Date, options: { inForce: boolean }) {
  const rows = await db
    .select({
      id: supplierCertificates.id,
      kind: supplierCertificates.kind,
      title: supplierCertificates.title,
      expiresOn: supplierCertificates.expiresOn,
      filename: supplierCertificates.filename,
      size: supplierCertificates.size,
      sha256: supplierCertificates.sha256,
      createdAt: supplierCertificates.createdAt,
      updatedAt: supplierCertificates.updatedAt,
    })
    .from(supplierCertificates)
    .orderBy(asc(supplierCertificates.kind), asc(supplierCertificates.expiresOn), asc(supplierCertificates.createdAt));
  return rows.map((row) => toCertificate(row, now)).filter((row) => !options.inForce || !row.expired);
}

/** A certificate's stored PDF, or null. */
export async function storedCertificate(db: Db, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(supplierCertificates).where(eq(supplierCertificates.id, id));
  return row ?? null;
}

/** A certificate's PDF as pdf-lib reads it, or null when it cannot (encrypted, damaged, no pages). */
export async function loadCertificatePdf(bytes: Uint8Array): Promise<PDFDocument | null> {
  try {
    const document = await PDFDocument.load(bytes, { updateMetadata: false });
    return document.getPageCount() > 0 ? document : null;
  } catch {
    return null;
  }
}

/**
 * The pack as one PDF (decision 0067), its letter in `language` (issue 40; English unless the
 * download asks): the letter, on the profile in force with the bank details of
 * `version` (the current ones when left out), then every certificate in force, whole, in the order
 * the letter lists them (by kind, then expiry, then upload). A certificate pdf-lib cannot read is
 * left out and the letter says it is available on request, so one bad file never breaks the pack.
 * The letter names each certificate's pages: drawn again when its own length moves them.
 */
async function drawSupplierPack(
  db: Db,
  inputs: PackInputs,
  now: Date,
  publicUrl: string,
  language: Language,
): Promise<Buffer> {
  const { profile, row, certificates } = inputs;
  const enclosures: { certificate: Certificate; pdf: PDFDocument | null }[] = [];
  for (const certificate of certificates) {
    const stored = await storedCertificate(db, certificate.id);
    enclosures.push({ certificate, pdf: stored ? await loadCertificatePdf(stored.bytes) : null });
  }
  const letterFor = (letterPages: number) => {
    let next = letterPages + 1;
    return renderDocumentPdf(
      supplierPackDocument(
        {
          profile,
          bank: row.bank,
          version: row.version,
          versionSince: row.createdAt,
          certificates: enclosures.map(({ certificate, pdf }) => {
            const count = pdf?.getPageCount() ?? 0;
            const pages: [number, number] | null = pdf ? [next, next + count - 1] : null;
            next += count;
            return { kind: certificate.kind, title: certificate.title, expiresOn: certificate.expiresOn, pages };
          }),
          packPageUrl: `${publicUrl}${supplierPackPath}`,
          date: now,
        },
        language,
      ),
    );
  };
  let letterPages = 1;
  let letter = await letterFor(letterPages);
  let merged = await PDFDocument.load(letter, { updateMetadata: false });
  for (let attempt = 0; attempt < 3 && merged.getPageCount() !== letterPages; attempt += 1) {
    letterPages = merged.getPageCount();
    letter = await letterFor(letterPages);
    merged = await PDFDocument.load(letter, { updateMetadata: false });
  }
  for (const { pdf } of enclosures) {
    if (!pdf) continue;
    for (const page of await merged.copyPages(pdf, pdf.getPageIndices())) merged.addPage(page);
  }
  return enclosures.some((enclosure) => enclosure.pdf) ? Buffer.from(await merged.save()) : letter;
}

interface PackInputs {
  profile: Awaited<ReturnType<typeof getBusinessProfile>>;
  row: typeof supplierPackVersions.$inferSelect;
  certificates: Certificate[];
}

/** The stored render's key: everything the PDF is drawn from (the letter's date aside). */
const renderKey = (inputs: PackInputs, publicUrl: string, language: Language) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        inputs.row.version,
        inputs.row.bankHash,
        inputs.profile,
        inputs.certificates.map((c) => [c.id, c.updatedAt, c.kind, c.title, c.expiresOn]),
        publicUrl,
        language,
      ]),
    )
    .digest('hex');

/** Renders in progress in this process, by key: concurrent first downloads wait for one drawing. */
const drawing = new Map<string, Promise<Buffer>>();

/**
 * The pack as one PDF (see `drawSupplierPack`), rendered once per set of inputs and served as stored
 * (security issue 48, F13: merging a 9 MB certificate took over a second of the process per download).
 * The stored row is keyed by the hash of the bank details' version, the profile, the certificates in
 * force (each by id and last change) and the language, so any change of them renders anew; the rows
 * of earlier inputs in that language are deleted then. The letter is dated the day it was rendered.
 */
export async function renderSupplierPack(
  db: Db,
  now: Date,
  publicUrl: string,
  version?: number,
  language: Language = 'en',
) {
  const profile = await getBusinessProfile(db);
  const row = version === undefined ? await packVersionFor(db, profile.bank, now) : await packVersion(db, version);
  if (!row) throw new Error(`No supplier pack version ${version}`);
  const inputs: PackInputs = { profile, row, certificates: await listCertificates(db, now, { inForce: true }) };
  const key = renderKey(inputs, publicUrl, language);
  const result = (pdf: Buffer) => ({
    pdf,
    version: row.version,
    filename: supplierPackFilename(row.version, language),
  });
  const [stored] = await db
    .select({ pdf: supplierPackRenders.pdf })
    .from(supplierPackRenders)
    .where(eq(supplierPackRenders.key, key));
  if (stored) return result(Buffer.from(stored.pdf));
  let pending = drawing.get(key);
  if (!pending) {
    pending = drawSupplierPack(db, inputs, now, publicUrl, language).finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  const pdf = await pending;
  await db
    .insert(supplierPackRenders)
    .values({ key, version: row.version, language, pdf, createdAt: now })
    .onConflictDoNothing();
  await db
    .delete(supplierPackRenders)
    .where(and(eq(supplierPackRenders.language, language), ne(supplierPackRenders.key, key)));
  return result(pdf);
}

/** Issue 53: the letter's file name in its language ("Lieferantenunterlagen-v3.pdf"). */
export const supplierPackFilename = (version: number, language: Language = 'en') =>
  translator(language).t('doc.filename.supplierPack', { version: String(version) });

export type PackDeliveryVia = 'download' | 'email' | 'staff' | 'change_notice';

/** Records who took which version (the address lower-cased; none for an anonymous download). */
export async function recordPackDelivery(
  tx: Db,
  delivery: { version: number; email: string | null; via: PackDeliveryVia; at: Date },
) {
  await tx.insert(supplierPackDownloads).values({
    version: delivery.version,
    email: delivery.email?.trim().toLowerCase() || null,
    via: delivery.via,
    at: delivery.at,
  });
}

/**
 * The pack's e-mail, for an address in a language (issue 40: the address's most recent order's, English
 * when none): the pack's PDF, its letter in that language (the letter and the certificates in force,
 * rendered when sent).
 */
async function packMailer(
  db: Db,
  facts: { version: number; publicUrl: string; now: Date; kind: 'supplier_pack' | 'supplier_pack_changed' },
) {
  const profile = await readBusinessProfile(db);
  const certificates = await listCertificates(db, facts.now, { inForce: true });
  const changed = facts.kind === 'supplier_pack_changed';
  const values = { legalName: profile.legalName, version: String(facts.version) };
  return (to: string, language: Language): OutgoingMail => {
    const tr = translator(language);
    const certificateLines =
      certificates.length === 0
        ? []
        : [
            '',
            tr.t('mail.pack.certificates'),
            ...certificates.map((c) =>
              tr.t('mail.pack.certificate', {
                kind: certificateKindLabel(tr, c.kind),
                title: c.title,
                date: tr.date(c.expiresOn),
                url: `${facts.publicUrl}${c.url}`,
              }),
            ),
          ];
    const text = [
      tr.t(changed ? 'mail.pack.changed' : 'mail.pack.attached', values),
      '',
      changed
        ? tr.t('mail.pack.changedWarning', { phone: profile.phone })
        : tr.t('doc.supplierPack.telephoneWarning', { phone: profile.phone }),
      ...certificateLines,
      '',
      tr.t('mail.pack.always', { url: `${facts.publicUrl}${supplierPackPath}` }),
    ].join('\n');
    const attachment: MailAttachment = {
      filename: supplierPackFilename(facts.version, language),
      contentType: 'application/pdf',
      render: { document: 'supplier_pack', version: facts.version, ...(language === 'en' ? {} : { language }) },
    };
    return {
      kind: facts.kind,
      language: tr.language,
      to,
      subject: tr.t(changed ? 'mail.pack.changedSubject' : 'mail.pack.subject', values),
      text,
      attachments: [attachment],
    };
  };
}

/** Queues the pack to one address (a buyer's request or staff's) and records it; returns the version sent. */
export async function sendSupplierPack(
  tx: Db,
  to: string,
  options: { via: 'email' | 'staff'; now: Date; publicUrl: string },
) {
  const profile = await readBusinessProfile(tx);
  const { version } = await packVersionFor(tx, profile.bank, options.now);
  const mail = await packMailer(tx, { version, publicUrl: options.publicUrl, now: options.now, kind: 'supplier_pack' });
  await enqueueMails(tx, [mail(to, await recipientLanguage(tx, { email: to }))]);
  await recordPackDelivery(tx, { version, email: to, via: options.via, at: options.now });
  return version;
}

/** How long an e-mailed download link works. */
export const PACK_LINK_DAYS = 7;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A buyer's "Send me the pack" (security issue 48, F13): a download link e-mailed to the address,
 * which joins the bank-change notice list only when the link is followed (`followPackLink`), so
 * nobody can put another's address on that list. Nothing is recorded for the address until then.
 */
export async function sendPackLink(tx: Db, to: string, options: { now: Date; publicUrl: string }) {
  const profile = await readBusinessProfile(tx);
  const { version } = await packVersionFor(tx, profile.bank, options.now);
  const token = randomBytes(32).toString('base64url');
  await tx.insert(supplierPackLinks).values({
    tokenHash: tokenHash(token),
    email: to.trim().toLowerCase(),
    expiresAt: new Date(options.now.getTime() + PACK_LINK_DAYS * 24 * 60 * 60 * 1000),
    createdAt: options.now,
  });
  const language = await recipientLanguage(tx, { email: to });
  const tr = translator(language);
  const values = { legalName: profile.legalName, version: String(version) };
  // The letter in the address's language, as the pack e-mailed by staff.
  const url = `${options.publicUrl}${supplierPackLinkUrl(token, language)}`;
  await enqueueMails(tx, [
    {
      kind: 'supplier_pack_link',
      language: tr.language,
      to,
      subject: tr.t('mail.pack.subject', values),
      text: [
        tr.t('mail.pack.link', { ...values, url, days: String(PACK_LINK_DAYS) }),
        '',
        tr.t('doc.supplierPack.telephoneWarning', { phone: profile.phone }),
      ].join('\n'),
    },
  ]);
  return version;
}

/** The address an unexpired e-mailed link was sent to; 404 for an unknown or expired one. */
export async function followPackLink(db: Db, token: string, now: Date) {
  const [link] = await db
    .select({ email: supplierPackLinks.email })
    .from(supplierPackLinks)
    .where(and(eq(supplierPackLinks.tokenHash, tokenHash(token)), gt(supplierPackLinks.expiresAt, now)));
  if (!link) throw notFound(supplierPackMessages.linkExpired, { code: 'pack_link_expired' });
  return link.email;
}

/** The first day of the window: an address whose last download is older is not written to. */
export function noticeWindowStart(now: Date) {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - PACK_NOTICE_MONTHS);
  return start;
}

/** A stable advisory-lock key for the pack's notices. */
const NOTICE_LOCK = 390067;

/**
 * After the bank details change (in the transaction that saves them): the new version, and the new
 * pack e-mailed with the telephone warning to every address that took an earlier version in the
 * last 18 months and has not been sent this one since. Each notice is recorded as the address's
 * newest delivery, so a second run (another process, the same change again) finds nobody left;
 * the advisory lock makes two concurrent changes take turns. Returns how many were queued.
 */
export async function noticeBankChange(tx: Db, bank: BankAccounts, now: Date, publicUrl: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${NOTICE_LOCK})`);
  const { version } = await packVersionFor(tx, bank, now);
  const holders = await queryRows<{ email: string }>(
    tx,
    sql`select email from supplier_pack_downloads
        where email is not null
        group by email
        having max(at) filter (where via <> 'change_notice') >= ${noticeWindowStart(now)}
           and (array_agg(version order by id desc))[1] <> ${version}
        order by email`,
  );
  if (holders.length === 0) return 0;
  const mail = await packMailer(tx, { version, publicUrl, now, kind: 'supplier_pack_changed' });
  const mails: OutgoingMail[] = [];
  for (const holder of holders) mails.push(mail(holder.email, await recipientLanguage(tx, { email: holder.email })));
  await enqueueMails(tx, mails);
  await tx
    .insert(supplierPackDownloads)
    .values(holders.map((holder) => ({ version, email: holder.email, via: 'change_notice', at: now })));
  return holders.length;
}

/**
 * Daily: the deliveries older than the notice window are deleted (an address is kept only while a
 * bank change would be e-mailed to it), and the e-mailed links once expired.
 */
export const supplierPackRetentionJob: DailyJob = {
  name: 'supplier-pack-retention',
  async run(tx, now) {
    const removed = await tx
      .delete(supplierPackDownloads)
      .where(lt(supplierPackDownloads.at, noticeWindowStart(now)))
      .returning({ id: supplierPackDownloads.id });
    const links = await tx
      .delete(supplierPackLinks)
      .where(lt(supplierPackLinks.expiresAt, now))
      .returning({ id: supplierPackLinks.id });
    return { deliveriesRemoved: removed.length, linksRemoved: links.length };
  },
};

/**
 * A certificate's PDF as uploaded: read by its bytes (`%PDF-`), at most 10 MB, as a model's
 * datasheet (decision 0059), and one pdf-lib can read with at least one page, so the pack can
 * enclose it (an encrypted or damaged file: 400 beside `file`).
 */
export async function readCertificateUpload(upload: { filename: string; dataBase64: string }) {
  const file = readModelDocument(upload);
  if (!(await loadCertificatePdf(file.bytes)))
    throw badRequest(supplierPackMessages.unreadable, { fields: { file: supplierPackMessages.unreadable } });
  return file;
}

type CertificateFile = ReturnType<typeof readModelDocument>;
type CertificateFields = { kind: CertificateKind; title: string; expiresOn: string };

/** Stores a new certificate; returns its row. */
export async function createCertificate(tx: Db, fields: CertificateFields, file: CertificateFile, now: Date) {
  const [stored] = await tx
    .insert(supplierCertificates)
    .values({
      ...fields,
      filename: file.filename,
      size: file.bytes.length,
      sha256: file.sha256,
      bytes: file.bytes,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!stored) throw new Error('Storing the certificate failed');
  return stored;
}

/** Changes a certificate's fields, and its file where a new one is given; null when there is none. */
export async function updateCertificate(
  tx: Db,
  id: string,
  fields: CertificateFields,
  file: CertificateFile | null,
  now: Date,
) {
  const before = await storedCertificate(tx, id);
  if (!before) return null;
  const [after] = await tx
    .update(supplierCertificates)
    .set({
      ...fields,
      ...(file ? { filename: file.filename, size: file.bytes.length, sha256: file.sha256, bytes: file.bytes } : {}),
      updatedAt: now,
    })
    .where(eq(supplierCertificates.id, before.id))
    .returning();
  return after ? { before, after } : null;
}

/** Deletes a certificate; returns the removed row, or null when there was none. */
export async function deleteCertificate(tx: Db, id: string) {
  const before = await storedCertificate(tx, id);
  if (!before) return null;
  await tx.delete(supplierCertificates).where(eq(supplierCertificates.id, before.id));
  return before;
}
