import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SelectedConfiguration } from '../../shared/configuration';
import type { CustomerInfoInput, FlowType, QuoteResource } from '../../shared/quotes/quote-schemas';
import type { Language } from '../../shared/i18n/languages';
import { chosenOrDefaultLanguage, rememberLanguage } from '../accounts/recipient-language';
import { isConfirmedAccountEmail } from '../accounts/confirmed-address';
import type { Db } from '../db/client';
import { quotes } from '../db/schema';
import { recordRegistrationStep } from '../flows/record-registration-step';
import { enqueueMail } from '../mail/outbox';
import { priceSelection } from '../pricing/price-selection';
import { getCachedSettings } from '../settings/settings-service';
import { quoteMailWithPdf } from './quote-email';
import { documentFacts } from '../terms/terms-service';
import { batchShip } from '../catalogue/batch-ship';
import { toQuoteResource } from './quote-resource';
import { firstInvoiceShare } from '../../shared/orders/order-kind';
import { retaxPricing, selectionTaxContext } from '../../shared/pricing/price-configuration';
import type { Pricing } from '../../shared/pricing';
import { vatCustomer } from '../../shared/tax/vat-customer';
import type { CurrencyCode } from '../../shared/countries';
import { decideInvoiceCurrency, invoiceCurrencies } from '../../shared/pricing/invoice-currency';
import { badRequest } from '../http/http-error';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 18 random bytes (144 bits), URL-safe: the shareable, unguessable part of /quote/{reference}. */
export function newQuoteReference(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * `{prefix}{YYYY}-{NNNN}`, drawn by the insert itself (one round trip fewer than a separate nextval,
 * decision 0083): the sequence's number zero-padded to four digits and wider past 9999.
 */
const nextQuoteNumber = (prefix: string, now: Date) =>
  sql<string>`${`${prefix}${now.getUTCFullYear()}-`} || (select case when n < 10000 then lpad(n::text, 4, '0') else n::text end from (select nextval('quote_number_seq') as n) as drawn)`;

type NewQuote = Omit<typeof quotes.$inferInsert, 'quoteNumber' | 'quoteReference'> & { createdAt: Date };

/**
 * Writes a sent quote with the next number of quote_number_seq and a new reference (the configurator's
 * quotes and the service quotes alike). A number already held by an older quote (random digits, or a
 * prefix changed back) is skipped.
 */
export async function insertNumberedQuote(tx: Db, values: NewQuote): Promise<typeof quotes.$inferSelect> {
  const { quoteNumberPrefix } = await getCachedSettings(tx);
  let row: typeof quotes.$inferSelect | undefined;
  // Ends: each turn draws a higher number, and only finitely many are taken.
  while (!row) {
    [row] = await tx
      .insert(quotes)
      .values({
        ...values,
        quoteNumber: nextQuoteNumber(quoteNumberPrefix, values.createdAt),
        quoteReference: newQuoteReference(),
      })
      .onConflictDoNothing({ target: quotes.quoteNumber })
      .returning();
  }
  return row;
}

/**
 * An instrument quote's prices taxed for a buyer in its billing country with this VAT number, as
 * checkout's `taxOrder` taxes the order (the same shared retax), so an approver accepts the order's total.
 */
function taxedForBuyer(
  priced: Pricing,
  selection: SelectedConfiguration,
  billingCountry: string,
  vatNumber: string,
  rate: number,
): Pricing {
  const retaxed = retaxPricing(priced, selectionTaxContext(selection, vatCustomer(billingCountry, vatNumber)), rate);
  return {
    ...priced,
    items: retaxed.items,
    totals: { ...retaxed.totals, deposit: firstInvoiceShare('instrument', retaxed.totals) },
  };
}

export interface CreateQuoteInput {
  configuration: SelectedConfiguration;
  /** Issue 53: the title may be left out (none). */
  customerInfo: Omit<CustomerInfoInput, 'title'> & { title?: CustomerInfoInput['title'] | undefined };
  flowType: FlowType;
  /** Asked for in the order flow; a quote-flow hand-off always sends the e-mail. */
  emailQuote?: boolean | undefined;
  userId: string | null;
  now: Date;
  publicUrl: string;
  /** Decision 0085: the currency chosen where the billing and delivery countries' differ. */
  currency?: CurrencyCode | undefined;
  /**
   * The buyer's "Language of your documents" (the page's language unless they picked another); missing:
   * the signed-in account's language, else English (issue 53), never the delivery country's.
   */
  language?: Language | undefined;
}

/**
 * Creates a sent quote priced on the server, with the pricing frozen into its configuration, and
 * queues the customer's e-mail in the same transaction. The quote number comes from quote_number_seq;
 * a number already held by an older quote (random digits, or a prefix changed back) is skipped.
 */
export async function createQuote(db: Db, input: CreateQuoteInput): Promise<QuoteResource> {
  const settings = await getCachedSettings(db);
  const vatNumber = input.customerInfo.vatNumber?.trim() ?? '';
  const deliveryCountry = input.configuration.customerCountry;
  const billingCountry = input.customerInfo.billingCountry ?? deliveryCountry;
  // Decision 0085: in the billing country's currency, or the delivery country's when the buyer chose it.
  const offered = invoiceCurrencies(billingCountry, deliveryCountry);
  const decision = offered.length > 0 ? decideInvoiceCurrency(offered, input.currency) : null;
  if (decision && 'problem' in decision)
    throw badRequest(decision.problem, {
      code: 'currency_not_offered',
      fields: { currency: decision.problem.message },
    });
  const priced = (await priceSelection(db, input.configuration, input.now, decision?.currency)).pricing;
  // Issue 51: taxed for the billing country and VAT number as checkout taxes the order, so the total an
  // approver accepts is the one ordered.
  const pricing =
    vatNumber || billingCountry !== deliveryCountry
      ? taxedForBuyer(priced, input.configuration, billingCountry, vatNumber, settings.taxRate)
      : priced;
  // The names and organisation come cleaned to one line by customerInfoSchema.
  const customerInfo = {
    email: input.customerInfo.email.trim().toLowerCase(),
    // Issue 53: the buyer's title, kept beside the names (none: the key is left out).
    ...(input.customerInfo.title ? { title: input.customerInfo.title } : {}),
    firstName: input.customerInfo.firstName,
    lastName: input.customerInfo.lastName,
    organization: input.customerInfo.organization,
    country: deliveryCountry,
    ...(vatNumber ? { vatNumber } : {}),
    ...(billingCountry !== deliveryCountry ? { billingCountry } : {}),
  };
  const confirmedAddress = await isConfirmedAccountEmail(db, input.userId, customerInfo.email);
  const configuration = {
    ...input.configuration,
    // Which flow made it: the order flow's quotes are a step of an order, not quotes a buyer asked for
    // (the dashboard's quote-to-order rate counts only the quote flow's).
    flowType: input.flowType,
    customerInfo,
    pricing: { items: pricing.items, totals: pricing.totals },
  };
  const validUntil = new Date(input.now.getTime() + settings.autoQuoteExpiry * DAY_MS);

  // Read before the transaction: the catalogue is read through `db`, which a PGlite transaction holds.
  const batch = await batchShip(db, configuration, input.now);
  const language = await chosenOrDefaultLanguage(db, input.language, input.userId);
  return db.transaction(async (tx) => {
    if (input.language) await rememberLanguage(tx, input.userId, input.language);
    const row = await insertNumberedQuote(tx, {
      userId: input.userId,
      currency: pricing.currency,
      status: 'sent',
      configuration,
      language,
      validUntil,
      createdAt: input.now,
      updatedAt: input.now,
    });
    const quote = toQuoteResource(row, input.now, { batch });
    // The order flow goes on to place an order; a "Your quote" e-mail there reads as the wrong thing.
    if (input.flowType === 'quote' || input.emailQuote === true) {
      // The quote PDF goes with the e-mail, the same document the quote page downloads, rendered
      // by the mail sender when it sends the message.
      await enqueueMail(
        tx,
        quoteMailWithPdf(
          quote,
          `${input.publicUrl}/quote/${quote.reference}`,
          await documentFacts(tx, input.publicUrl),
          confirmedAddress,
        ),
      );
    }
    await recordRegistrationStep(tx, {
      email: customerInfo.email,
      flowType: input.flowType,
      stepReached: 'details',
      userId: input.userId,
      firstName: customerInfo.firstName,
      lastName: customerInfo.lastName,
      organization: customerInfo.organization,
      configuration: input.configuration,
      currency: pricing.currency,
      totalAmount: pricing.totals.total,
      now: input.now,
    });
    return quote;
  });
}
