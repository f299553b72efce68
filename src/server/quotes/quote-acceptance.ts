import { greetingLine } from '../../shared/i18n/greeting';
import { titledName } from '../../shared/accounts/title';
import { translator } from '../../shared/i18n/translator';
import { recipientLanguage } from '../accounts/recipient-language';
import { and, asc, eq } from 'drizzle-orm';
import { company } from '../../shared/company';
import { localTerms } from '../../shared/documents/document-language';
import { paysInFull } from '../../shared/orders/order-kind';
import {
  type AcceptQuoteRequest,
  EXTENSION_DAYS,
  EXTENSION_MAX_DAYS,
  type ExtensionRequest,
  quoteActionRefusals,
  type PendingExtensions,
  SIGNATURE_DATA_URL_PREFIX,
  SIGNATURE_IMAGE_MAX_BYTES,
} from '../../shared/quotes/quote-acceptance';
import sharp from 'sharp';
import { quoteOrganisation } from '../organisations/organisation-access';
import { getCachedSettings } from '../settings/settings-service';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import type { PublicBusinessProfile } from '../../shared/business-profile';
import type { Db } from '../db/client';
import { quoteAcceptances, quoteExtensionRequests, quotes } from '../db/schema';
import { badRequest, conflict } from '../http/http-error';
import { isUniqueViolation } from '../db/unique-violation';
import { enqueueMails, type OutgoingMail } from '../mail/outbox';
import { documentFacts } from '../terms/terms-service';
import type { Language } from '../../shared/i18n/languages';
import { forgetQuotePdf } from './quote-document';
import { extendQuoteValidity } from './extend-quote-validity';
import { extensionShown, isQuoteExpired, quoteOrder, splitStoredConfiguration } from './quote-resource';

type QuoteRow = typeof quotes.$inferSelect;

/**
 * Records the buyer's acceptance of a valid, unordered quote (decision 0065): the fields as typed,
 * the time and the client's address. The stored PDF is dropped, so the next one drawn is the
 * accepted version with its acceptance block. Accepted once: a second acceptance is refused.
 */
export async function acceptQuote(
  db: Db,
  row: QuoteRow,
  input: AcceptQuoteRequest,
  ipAddress: string,
  now: Date,
  /** Issue 51: the shop's address, for the quote's link in the e-mails that say it was accepted. */
  publicUrl = '',
) {
  if (row.status === 'accepted' || (await quoteOrder(db, row.id))) throw conflict(quoteActionRefusals.ordered);
  if (isQuoteExpired(row, now)) throw conflict(quoteActionRefusals.expired, { code: 'quote_expired' });
  if (!row.configuration.pricing) throw conflict(quoteActionRefusals.noPricing);
  const drawn = input.signatureKind === 'drawn' ? await drawnSignature(input.signatureImage ?? '') : null;
  const { name, jobTitle, organization, email } = input;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(quoteAcceptances).values({
        quoteId: row.id,
        name,
        jobTitle,
        organization,
        email,
        // A drawn signature keeps the signer's name as its text; the drawing is the image.
        signature: drawn ? name : (input.signature ?? name),
        signatureKind: drawn ? 'drawn' : 'typed',
        signatureImage: drawn,
        ipAddress,
        acceptedAt: now,
      });
      await forgetQuotePdf(tx, row.id);
      // Issue 51: the buyer and the shop's sales mailbox are told, in the same transaction.
      const { profile } = await documentFacts(tx, publicUrl);
      const salesLanguage = await recipientLanguage(tx, { email: profile.salesEmail });
      await enqueueMails(
        tx,
        quoteAcceptedMails(
          row,
          { name, jobTitle, organization, email, acceptedAt: now },
          {
            quoteUrl: `${publicUrl}/quote/${row.quoteReference}`,
            profile,
            salesLanguage,
          },
        ),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(quoteActionRefusals.alreadyAccepted, { code: 'already_accepted' });
    throw error;
  }
}

/**
 * Issue 51: the e-mails that say an approver accepted a quote: to the buyer (the quote's address, in
 * the quote's language), with who accepted by name only (the signer typed it; decision 0005 lets no
 * more of a request's text reach an address) and the total accepted; and to the shop's sales mailbox
 * (in its own language: English for staff), with the signer's name, job title, organisation and
 * e-mail, so sales can follow the order up.
 */
export function quoteAcceptedMails(
  row: Pick<QuoteRow, 'quoteNumber' | 'currency' | 'language' | 'configuration' | 'validUntil'>,
  acceptance: { name: string; jobTitle: string; organization: string; email: string; acceptedAt: Date },
  context: { quoteUrl: string; profile: PublicBusinessProfile; salesLanguage: Language },
): OutgoingMail[] {
  const { customerInfo, pricing } = splitStoredConfiguration(row.configuration);
  const mail = (language: Language, to: string, kind: string, line: (values: Record<string, string>) => string) => {
    const tr = translator(language);
    const values = {
      number: row.quoteNumber,
      who: acceptance.name,
      date: tr.date(acceptance.acceptedAt),
      total: pricing ? tr.money(pricing.totals.total, row.currency) : '',
    };
    return {
      kind,
      language,
      to,
      subject: tr.t('mail.quoteAccepted.subject', values),
      text: [
        line(values),
        '',
        context.quoteUrl,
        '',
        tr.t('mail.quoteAccepted.next', {
          until: row.validUntil
            ? tr.t('mail.quote.untilDate', { date: tr.date(row.validUntil) })
            : tr.t('mail.quote.untilFurtherNotice'),
        }),
        '',
        tr.t('mail.extension.questions', { email: context.profile.salesEmail, phone: context.profile.phone }),
        '',
        context.profile.legalName,
      ].join('\n'),
    };
  };
  const buyerLanguage = recipientLanguage(row);
  const buyer = customerInfo?.email
    ? [
        mail(buyerLanguage, customerInfo.email, 'quote_accepted', (values) => {
          const tr = translator(buyerLanguage);
          return [greetingLine(tr, customerInfo), '', tr.t('mail.quoteAccepted.body', values)].join('\n');
        }),
      ]
    : [];
  const sales = context.profile.salesEmail.trim()
    ? [
        mail(context.salesLanguage, context.profile.salesEmail.trim(), 'quote_accepted_sales', (values) =>
          translator(context.salesLanguage).t('mail.quoteAccepted.sales', {
            ...values,
            jobTitle: acceptance.jobTitle,
            organization: acceptance.organization,
            email: acceptance.email,
            customer: customerInfo
              ? `${titledName(customerInfo.title, customerInfo.firstName, customerInfo.lastName)}, ${customerInfo.organization} (${customerInfo.email})`
              : '',
          }),
        ),
      ]
    : [];
  return [...buyer, ...sales];
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The drawing is kept at most this size (the PDF prints it about 180 by 60 points). */
const SIGNATURE_MAX_WIDTH = 800;
const SIGNATURE_MAX_HEIGHT = 300;

/**
 * A drawn signature as the browser sent it (a PNG data URL), checked by the server: a PNG by its
 * bytes (the magic number, not the label), at most 200 KB, decodable, and re-encoded as a fresh PNG
 * no larger than 800 by 300 pixels (sharp), so nothing but the pixels is kept. 400 otherwise.
 */
export async function drawnSignature(dataUrl: string): Promise<Buffer> {
  const refused = () =>
    badRequest(quoteActionRefusals.signatureNotPng, {
      fields: { signatureImage: quoteActionRefusals.signatureNotPng.message },
    });
  if (!dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX)) throw refused();
  const base64 = dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw refused();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > SIGNATURE_IMAGE_MAX_BYTES || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw refused();
  try {
    return await sharp(bytes, { limitInputPixels: 4_000_000 })
      .resize({ width: SIGNATURE_MAX_WIDTH, height: SIGNATURE_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw refused();
  }
}

/**
 * Does an order from this quote need its acceptance? When the shop-wide setting is on, or when the
 * quote belongs to an organisation whose "Orders need an accepted quote" staff turned on. An
 * organisation's setting adds to the shop's, never relaxes it.
 */
export async function orderNeedsAcceptance(db: Db, row: Pick<QuoteRow, 'userId' | 'configuration'>): Promise<boolean> {
  if ((await getCachedSettings(db)).ordersRequireAcceptedQuote) return true;
  return (await quoteOrganisation(db, row))?.ordersRequireAcceptedQuote ?? false;
}

/**
 * The e-mail to the approver: the quote's link and figures, and who asks: the signed-in requester's
 * account address, else "A customer". Nothing typed in the request (only the approver's address)
 * and none of the quote's free text (its name and organisation fields) is in it: the approver's
 * address is anyone's (decision 0005; security issue 48, F6).
 */
export function approverMail(
  quote: QuoteResource,
  to: string,
  quoteUrl: string,
  profile: PublicBusinessProfile,
  /** The signed-in requester's account e-mail (null: a visitor with the link). */
  requesterEmail: string | null,
): OutgoingMail {
  const tr = translator(recipientLanguage(quote));
  const sender = requesterEmail ?? tr.t('mail.approver.aCustomer');
  const money = (minor: number) => tr.money(minor, quote.currency);
  const pricing = quote.pricing;
  const values = { sender, product: company.productName, number: quote.quoteNumber };
  const text = [
    tr.t('mail.approver.hello'),
    '',
    tr.t('mail.approver.asks', values),
    '',
    quoteUrl,
    '',
    ...(pricing
      ? [
          tr.t('mail.approver.subtotal', { amount: money(pricing.totals.subtotal) }),
          `${tr.t('mail.summary.total')}: ${money(pricing.totals.total)}`,
          // A repair is paid in full on acceptance, with no deposit (decision 0062).
          paysInFull(quote)
            ? localTerms(tr).repairPayment
            : tr.t('mail.approver.depositDue', { amount: money(pricing.totals.deposit) }),
        ]
      : []),
    tr.t('mail.approver.validUntil', {
      date: quote.validUntil ? tr.date(quote.validUntil) : tr.t('mail.quote.furtherNotice'),
    }),
    '',
    tr.t('mail.approver.howToAccept'),
    '',
    tr.t('mail.approver.notExpected', { email: profile.salesEmail }),
    '',
    profile.legalName,
  ].join('\n');
  return { language: tr.language, kind: 'quote_approver', to, subject: tr.t('mail.approver.subject', values), text };
}

const endOfDay = (day: string) => new Date(`${day}T23:59:59.999Z`);
const DAY_MS = 86_400_000;

/**
 * Records a buyer's request for more time: 30 days past the later of now and valid_until, or until
 * a date after both (within a year). One pending request per quote; an ordered quote needs none.
 */
export async function requestExtension(db: Db, row: QuoteRow, input: ExtensionRequest, now: Date) {
  if (row.status === 'accepted' || (await quoteOrder(db, row.id))) throw conflict(quoteActionRefusals.extensionOrdered);
  const from = Math.max(now.getTime(), row.validUntil?.getTime() ?? now.getTime());
  const requestedUntil =
    'days' in input
      ? endOfDay(new Date(from + EXTENSION_DAYS * DAY_MS).toISOString().slice(0, 10))
      : endOfDay(input.until);
  if (
    Number.isNaN(requestedUntil.getTime()) ||
    requestedUntil.getTime() <= from ||
    requestedUntil.getTime() > now.getTime() + EXTENSION_MAX_DAYS * DAY_MS
  )
    throw badRequest(quoteActionRefusals.extensionNotLater, {
      fields: { until: quoteActionRefusals.extensionNotLater.message },
    });
  try {
    const [inserted] = await db
      .insert(quoteExtensionRequests)
      .values({ quoteId: row.id, requestedUntil, createdAt: now })
      .returning();
    if (!inserted) throw new Error('Recording the extension request failed');
    return extensionShown(inserted);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(quoteActionRefusals.extensionPending, { code: 'extension_pending' });
    throw error;
  }
}

/** The pending request of a quote (409 when there is none). */
export async function pendingExtension(db: Db, quoteId: string) {
  const [row] = await db
    .select()
    .from(quoteExtensionRequests)
    .where(and(eq(quoteExtensionRequests.quoteId, quoteId), eq(quoteExtensionRequests.status, 'pending')));
  if (!row) throw conflict(quoteActionRefusals.extensionNoRequest);
  return row;
}

/**
 * Staff answer a pending request. Approved: valid_until moves to the date asked for (the quote reads
 * 'sent' again), the frozen prices are untouched and the stored PDF is dropped so the next one prints
 * the new date. Either way the buyer is e-mailed (returned for the caller to queue in its transaction).
 */
export async function decideExtension(
  tx: Db,
  row: QuoteRow,
  decision: 'approved' | 'declined',
  staffId: string,
  now: Date,
) {
  const request = await pendingExtension(tx, row.id);
  // A request that waited past its own date would approve an already expired quote.
  if (decision === 'approved' && request.requestedUntil.getTime() <= now.getTime())
    throw conflict(quoteActionRefusals.extensionDatePassed);
  const updated = await tx
    .update(quoteExtensionRequests)
    .set({ status: decision, decidedBy: staffId, decidedAt: now })
    .where(and(eq(quoteExtensionRequests.id, request.id), eq(quoteExtensionRequests.status, 'pending')))
    .returning({ id: quoteExtensionRequests.id });
  if (updated.length === 0) throw conflict(quoteActionRefusals.extensionNotPending);
  if (decision === 'approved') await extendQuoteValidity(tx, row, request.requestedUntil, now);
  const [after] = await tx.select().from(quotes).where(eq(quotes.id, row.id));
  return {
    request,
    /** The quote as it now stands (its new valid-until date when approved): what the buyer's e-mail reads. */
    row: after ?? row,
    audit: {
      before: { quoteNumber: row.quoteNumber, validUntil: row.validUntil?.toISOString() ?? null },
      after: {
        quoteNumber: row.quoteNumber,
        decision,
        validUntil: (decision === 'approved' ? request.requestedUntil : row.validUntil)?.toISOString() ?? null,
      },
    },
  };
}

/** The buyer's e-mail with staff's answer to their extension request. */
export function extensionDecisionMail(
  quote: QuoteResource,
  decision: 'approved' | 'declined',
  requestedUntil: Date,
  quoteUrl: string,
  profile: PublicBusinessProfile,
): OutgoingMail {
  const tr = translator(recipientLanguage(quote));
  const customer = quote.customerInfo;
  const approved = decision === 'approved';
  const values = {
    number: quote.quoteNumber,
    date: tr.date(requestedUntil),
    until: quote.validUntil
      ? tr.t('mail.quote.untilDate', { date: tr.date(quote.validUntil) })
      : tr.t('mail.quote.untilFurtherNotice'),
  };
  const text = [
    greetingLine(tr, customer),
    '',
    tr.t(approved ? 'mail.extension.approved' : 'mail.extension.declined', values),
    '',
    quoteUrl,
    '',
    tr.t('mail.extension.questions', { email: profile.salesEmail, phone: profile.phone }),
    '',
    profile.legalName,
  ].join('\n');
  return {
    kind: approved ? 'quote_extension_approved' : 'quote_extension_declined',
    language: tr.language,
    to: customer?.email ?? '',
    subject: tr.t(approved ? 'mail.extension.approvedSubject' : 'mail.extension.declinedSubject', values),
    text,
  };
}

/** The requests waiting for staff, oldest first (the dashboard's list and the admin quote page's banner). */
export async function pendingExtensionRequests(db: Db): Promise<PendingExtensions['requests']> {
  const rows = await db
    .select({ request: quoteExtensionRequests, quote: quotes })
    .from(quoteExtensionRequests)
    .innerJoin(quotes, eq(quotes.id, quoteExtensionRequests.quoteId))
    .where(eq(quoteExtensionRequests.status, 'pending'))
    .orderBy(asc(quoteExtensionRequests.createdAt))
    .limit(100);
  return rows.map(({ request, quote }) => {
    const customer = splitStoredConfiguration(quote.configuration).customerInfo;
    return {
      ...extensionShown(request),
      quoteNumber: quote.quoteNumber,
      customerName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : null,
      organization: customer?.organization ?? null,
      validUntil: quote.validUntil?.toISOString() ?? null,
    };
  });
}
