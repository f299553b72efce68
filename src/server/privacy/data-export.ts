import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import {
  dataExports,
  incompleteOrders,
  incompleteRegistrations,
  mfaFactors,
  mfaRecoveryCodes,
  orders,
  organisationMembers,
  organisations,
  profiles,
  quoteAcceptances,
  quotes,
  sessions,
  usaWaitlist,
  supplierPackDownloads,
  users,
  vatNumberChecks,
} from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { documentPdf } from '../billing/invoices';
import { getBusinessProfile } from '../business-profile/profile-service';
import { loadOrderModels, storedCustomerInfo, toOwnerOrder } from '../order-records/order-read-model';
import { ledgerDepositDue } from '../../shared/orders/ledger-lines';
import type { Order } from '../../shared/orders/order-schema';
import { quotePdf } from '../quotes/quote-document';
import { toQuoteResource } from '../quotes/quote-resource';
import {
  loadServiceRequest,
  servicePhotosOfOrders,
  serviceRequestsOfOrders,
} from '../service-requests/service-requests';
import { decontaminationFilename, decontaminationPdf } from '../service-requests/decontamination-document';
import { retention } from '../../shared/privacy/retention';
import { normaliseEmail, subjectHash } from './erasure';
import { type Translator, translator } from '../../shared/i18n/translator';
import { recipientLanguage } from '../accounts/recipient-language';
import { asciiFilename } from '../http/content-disposition';

const HOUR_MS = 60 * 60 * 1000;

/**
 * An order as the data export gives it: the ledger's figures under the names every page uses (deposit
 * due, paid, outstanding, credit held, refund due, cancellation fee), and not the order's planned
 * balance (`remainingAmount`, the total less the deposit), which reads as a second balance once money moves.
 */
/** An order as exported: its resource, the ledger's deposit due, and the title given with it (issue 53; null: none). */
function exportedOrder({ remainingAmount: _planned, ...order }: Order, title: string | null) {
  return { ...order, title, ledger: { depositDue: ledgerDepositDue(order), ...order.ledger } };
}
export const exportLinkMs = retention.exportLinkHours * HOUR_MS;

/** "Chrome on Windows": the client as a person recognises it, not the full user-agent string. */
export function approximateClient(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([marker]) => userAgent.includes(marker as string))?.[1] ?? 'another browser';
  const system =
    [
      ['Windows', 'Windows'],
      ['Android', 'Android'],
      ['iPhone', 'iOS'],
      ['iPad', 'iPadOS'],
      ['Mac OS', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([marker]) => userAgent.includes(marker as string))?.[1] ?? 'another system';
  return `${browser} on ${system}`;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** The records of one person: their account's, and those under their e-mail (exactly, case aside). */
export async function collectPersonData(
  db: Db,
  subject: { email: string; userId: string | null },
  now: Date,
  publicUrl: string,
) {
  const email = normaliseEmail(subject.email);
  const byEmail = (column: AnyPgColumn) => sql`lower(${column}) = ${email}`;
  const customerEmail = (table: typeof orders | typeof quotes) =>
    sql`lower(${table.configuration}->'customerInfo'->>'email') = ${email}`;
  const owned = (userColumn: AnyPgColumn, emailFilter: SQL) =>
    subject.userId ? (or(eq(userColumn, subject.userId), emailFilter) as SQL) : emailFilter;

  const account = subject.userId
    ? await (async () => {
        const userId = subject.userId as string;
        const [user] = await db.select().from(users).where(eq(users.id, userId));
        const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
        const signIns = await db
          .select()
          .from(sessions)
          .where(eq(sessions.userId, userId))
          .orderBy(asc(sessions.issuedAt));
        const factors = await db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
        const codes = await db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
        return {
          profile: user
            ? {
                email: user.email,
                emailConfirmedAt: iso(user.emailConfirmedAt),
                accountCreatedAt: iso(user.createdAt),
                title: profile?.title ?? null,
                firstName: profile?.firstName ?? null,
                lastName: profile?.lastName ?? null,
                phone: profile?.phone ?? null,
                company: profile?.company ?? null,
                country: profile?.country ?? null,
                isAdmin: profile?.isAdmin ?? false,
              }
            : null,
          signInHistory: signIns.map((row) => ({
            signedInAt: iso(row.issuedAt),
            lastSeenAt: iso(row.lastSeenAt),
            expiresAt: iso(row.expiresAt),
            secondFactorUsed: row.aal === 'aal2',
            client: approximateClient(row.userAgent),
          })),
          secondFactors: factors.map((row) => ({
            type: row.factorType,
            name: row.friendlyName,
            status: row.status,
            createdAt: iso(row.createdAt),
            updatedAt: iso(row.updatedAt),
          })),
          recoveryCodes: { total: codes.length, used: codes.filter((code) => code.usedAt !== null).length },
        };
      })()
    : null;

  const quoteRows = await db
    .select()
    .from(quotes)
    .where(owned(quotes.userId, customerEmail(quotes)))
    .orderBy(asc(quotes.createdAt));
  const orderRows = await db
    .select()
    .from(orders)
    .where(owned(orders.userId, customerEmail(orders)))
    .orderBy(asc(orders.createdAt));
  const orderModels = await loadOrderModels(db, orderRows);
  const waitlist = await db.select().from(usaWaitlist).where(byEmail(usaWaitlist.email));
  // Issue 39: the supplier packs sent or downloaded under the address (kept 18 months, to warn of a bank change).
  const packDeliveries = await db
    .select()
    .from(supplierPackDownloads)
    .where(byEmail(supplierPackDownloads.email))
    .orderBy(asc(supplierPackDownloads.id));
  // Issue 39: the quotes the person accepted (signed) under their address, whoever asked for them,
  // with the details recorded: their name, job title, organisation, e-mail, the date and client address.
  const acceptances = await db
    .select({ acceptance: quoteAcceptances, quoteNumber: quotes.quoteNumber })
    .from(quoteAcceptances)
    .innerJoin(quotes, eq(quotes.id, quoteAcceptances.quoteId))
    .where(byEmail(quoteAcceptances.email))
    .orderBy(asc(quoteAcceptances.acceptedAt));
  // Issue 39: the organisation the account belongs to (one at most), with its role and since when.
  const memberships = subject.userId
    ? await db
        .select({
          name: organisations.name,
          ownerUserId: organisations.ownerUserId,
          role: organisationMembers.role,
          since: organisationMembers.createdAt,
        })
        .from(organisationMembers)
        .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
        .where(eq(organisationMembers.userId, subject.userId))
    : [];
  const registrations = await db
    .select()
    .from(incompleteRegistrations)
    .where(owned(incompleteRegistrations.userId, byEmail(incompleteRegistrations.email)));
  const checkouts = await db
    .select()
    .from(incompleteOrders)
    .where(owned(incompleteOrders.userId, byEmail(incompleteOrders.email)));

  const data = {
    exportedAt: now.toISOString(),
    subject: email,
    ...(account ?? {}),
    quotes: quoteRows.map((row) => toQuoteResource(row, now)),
    quoteAcceptances: acceptances.map(({ acceptance, quoteNumber }) => ({
      quoteNumber,
      name: acceptance.name,
      jobTitle: acceptance.jobTitle,
      organization: acceptance.organization,
      email: acceptance.email,
      acceptedAt: iso(acceptance.acceptedAt),
      clientAddress: acceptance.ipAddress,
      signatureKind: acceptance.signatureKind,
      signature: acceptance.signatureKind === 'typed' ? acceptance.signature : `signatures/${quoteNumber}.png`,
    })),
    organisationMemberships: memberships.map((row) => ({
      organisation: row.name,
      role: row.role,
      isOwner: row.ownerUserId === subject.userId,
      since: iso(row.since),
    })),
    orders: orderModels.map((model) =>
      exportedOrder(toOwnerOrder(model), storedCustomerInfo(model.order.configuration ?? null).title),
    ),
    serviceRequests: await serviceRequestsOfOrders(
      db,
      orderRows.map((row) => row.id),
    ),
    // What VIES or HMRC said of the VAT numbers given with the orders (issue 37), as kept with them.
    vatNumberChecks:
      orderRows.length === 0
        ? []
        : (
            await db
              .select()
              .from(vatNumberChecks)
              .where(
                inArray(
                  vatNumberChecks.orderId,
                  orderRows.map((row) => row.id),
                ),
              )
              .orderBy(asc(vatNumberChecks.createdAt))
          ).map((check) => ({
            orderNumber: orderRows.find((row) => row.id === check.orderId)?.orderNumber ?? null,
            vatNumber: `${check.countryCode}${check.vatNumber}`,
            registry: check.registry,
            status: check.status,
            registeredName: check.registeredName,
            registeredAddress: check.registeredAddress,
            consultationNumber: check.consultationNumber,
            checkedAt: iso(check.checkedAt),
          })),
    usaWaitlist: waitlist.map((row) => ({ email: row.email, joinedAt: iso(row.createdAt), leftAt: iso(row.leftAt) })),
    supplierPack: packDeliveries.map((row) => ({ version: row.version, via: row.via, at: iso(row.at) })),
    incompleteRegistrations: registrations.map(
      ({ userId: _u, contacted: _c, contactedAt: _ca, followUpNote: _f, ...row }) => row,
    ),
    incompleteOrders: checkouts.map(
      ({ userId: _u, contacted: _c, contactedAt: _ca, followUpNote: _f, sessionId: _s, ...row }) => row,
    ),
  };

  const files: Record<string, Uint8Array> = {};
  const orderIds = orderRows.map((row) => row.id);
  // Every document of each order, as its order page serves it: the acknowledgement, the written
  // confirmation once confirmed, and each invoice and credit note as issued (issue 38).
  for (const order of data.orders) {
    const row = orderRows.find((candidate) => candidate.id === order.id);
    if (!row) continue;
    for (const document of order.documents) {
      const rendered = await documentPdf(db, row, document.id, now, publicUrl);
      if (rendered) files[`documents/${asciiFilename(rendered.filename)}`] = new Uint8Array(rendered.pdf);
    }
  }
  for (const photo of await servicePhotosOfOrders(db, orderIds))
    files[`photos/${photo.filename}`] = new Uint8Array(photo.bytes);
  // Each signed decontamination declaration, as its request page serves it (issue 41).
  const profile = await getBusinessProfile(db);
  for (const request of data.serviceRequests) {
    const loaded = await loadServiceRequest(db, { requestNumber: request.requestNumber });
    const pdf = loaded ? await decontaminationPdf(db, loaded, profile) : null;
    if (loaded && pdf) files[`documents/${asciiFilename(decontaminationFilename(loaded))}`] = new Uint8Array(pdf);
  }
  // A drawn signature as the server keeps it (re-encoded PNG).
  for (const { acceptance, quoteNumber } of acceptances)
    if (acceptance.signatureImage) files[`signatures/${quoteNumber}.png`] = new Uint8Array(acceptance.signatureImage);
  for (const row of quoteRows)
    files[`documents/${row.quoteNumber}.pdf`] = new Uint8Array((await quotePdf(db, row, now, publicUrl)).pdf);
  return { data, files };
}

const readme = (now: Date) =>
  [
    'Your data held by Dropwise',
    '',
    `Made on ${now.toISOString()}.`,
    'data.json holds, in machine-readable JSON: your profile, sign-in history (times and approximate client),',
    'second factors (type and dates), quotes, the quotes you accepted (name, job title, organisation, e-mail, date,',
    'network address and signature kind), your organisation membership (organisation, role, since),',
    'orders with their lines, addresses, payments, status history and',
    'documents, the registry checks of the VAT numbers you gave (VIES or HMRC), service requests, USA waitlist',
    'entries, the supplier packs sent or downloaded under your address, and quote or order forms you started',
    'but did not complete.',
    'documents/ holds the PDFs of your quotes, and of each order: its acknowledgement, its written confirmation,',
    'its invoices and credit notes as issued and, for goods sent outside the UK, its commercial invoice;',
    'of each instrument shipped: its factory test certificate, declaration of conformity and IQ/OQ protocol;',
    'and of each service request you signed one for: its decontamination declaration.',
    'photos/ holds the photos you sent with your service requests, named after the request.',
    'signatures/ holds each signature you drew to accept a quote, named after the quote.',
    '',
  ].join('\n');

/** The ZIP of a person's data: data.json, README.txt and their PDFs. */
export async function buildExportZip(
  db: Db,
  subject: { email: string; userId: string | null },
  now: Date,
  publicUrl: string,
) {
  const { data, files } = await collectPersonData(db, subject, now, publicUrl);
  return Buffer.from(
    zipSync({
      'README.txt': strToU8(readme(now)),
      'data.json': strToU8(JSON.stringify(data, null, 2)),
      ...files,
    }),
  );
}

/** Asks for an export, built in the background; a customer's is e-mailed as a link, staff download theirs. */
export async function requestExport(
  db: Db,
  input: { email: string; userId: string | null; requestedBy: string | null; now: Date },
) {
  const [row] = await db
    .insert(dataExports)
    .values({
      userId: input.userId,
      subjectEmail: normaliseEmail(input.email),
      subjectHash: subjectHash(input.email),
      requestedBy: input.requestedBy,
      status: 'pending',
      expiresAt: new Date(input.now.getTime() + exportLinkMs),
      createdAt: input.now,
    })
    .returning({ id: dataExports.id, status: dataExports.status, expiresAt: dataExports.expiresAt });
  if (!row) throw new Error('Requesting the export failed');
  return { id: row.id, status: row.status, expiresAt: row.expiresAt.toISOString() };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** When the link stops working: English as it always read; German and French day and 24-hour UTC time. */
const linkExpiry = (tr: Translator, expiresAt: Date) =>
  tr.language === 'en'
    ? expiresAt.toUTCString()
    : tr.t('mail.export.until', { date: tr.date(expiresAt), time: expiresAt.toISOString().slice(11, 16) });

/** The customer's e-mail with the export's link, in the language of their most recent order (issue 40). */
function exportReadyMail(tr: Translator, input: { to: string; url: string; expiresAt: Date; publicUrl: string }) {
  return {
    kind: 'data_export_ready',
    language: tr.language,
    to: input.to,
    subject: tr.t('mail.export.subject'),
    text: [
      tr.t('mail.export.ready'),
      '',
      input.url,
      '',
      tr.t('mail.export.contents', {
        hours: String(retention.exportLinkHours),
        until: linkExpiry(tr, input.expiresAt),
      }),
      tr.t('mail.export.notYou'),
      '',
      tr.t('mail.erasure.privacyPolicy', { url: `${input.publicUrl}/privacy-policy` }),
      '',
    ].join('\n'),
  };
}

/**
 * Builds the pending exports, one at a time, each claimed with SKIP LOCKED so several processes
 * share the work. A customer's export gets a 24-hour link by e-mail; the e-mail address is dropped
 * from the row once built.
 */
export async function buildDueExports(
  db: Db,
  options: { now: () => Date; publicUrl: string; limit?: number; log?: Pick<FastifyBaseLogger, 'error'> },
) {
  let built = 0;
  for (let i = 0; i < (options.limit ?? 5); i += 1) {
    const done = await db.transaction(async (tx) => {
      const [claimed] = await queryRows<{
        id: string;
        user_id: string | null;
        subject_email: string;
        requested_by: string | null;
      }>(
        tx,
        sql`select id, user_id, subject_email, requested_by from data_exports
            where status = 'pending' and subject_email is not null
            order by created_at limit 1 for update skip locked`,
      );
      if (!claimed) return false;
      const now = options.now();
      let zip: Buffer;
      try {
        // In a savepoint: a failure marks this export failed (shown to its requester) instead of retrying forever.
        zip = await tx.transaction((inner) =>
          buildExportZip(inner, { email: claimed.subject_email, userId: claimed.user_id }, now, options.publicUrl),
        );
      } catch (error) {
        options.log?.error({ err: error, exportId: claimed.id }, 'data export failed');
        await tx
          .update(dataExports)
          .set({ status: 'failed', subjectEmail: null })
          .where(eq(dataExports.id, claimed.id));
        return true;
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + exportLinkMs);
      await tx
        .update(dataExports)
        .set({
          status: 'ready',
          zip,
          sizeBytes: zip.length,
          readyAt: now,
          expiresAt,
          tokenHash: hashToken(token),
          subjectEmail: null,
        })
        .where(eq(dataExports.id, claimed.id));
      // A customer's own request: the link by e-mail. Staff take theirs from the admin.
      if (claimed.user_id && !claimed.requested_by) {
        const language = await recipientLanguage(tx, { userId: claimed.user_id });
        await enqueueMail(
          tx,
          exportReadyMail(translator(language), {
            to: claimed.subject_email,
            url: `${options.publicUrl}/api/privacy/exports/${claimed.id}?token=${token}`,
            expiresAt,
            publicUrl: options.publicUrl,
          }),
        );
      }
      return true;
    });
    if (!done) break;
    built += 1;
  }
  return built;
}

/** A ready export by its id and the link's token, before it expires. */
export async function exportByToken(db: Db, id: string, token: string, now: Date) {
  const [row] = await db
    .select({ zip: dataExports.zip, expiresAt: dataExports.expiresAt, createdAt: dataExports.createdAt })
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.tokenHash, hashToken(token)), eq(dataExports.status, 'ready')));
  if (!row?.zip || row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}

/** An export by its id, whatever its state (staff download theirs after a step-up). */
export async function exportById(db: Db, id: string) {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}
