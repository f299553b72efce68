import { randomBytes, randomInt } from 'node:crypto';
import type { SelectedConfiguration } from '../../shared/configuration';
import type { CustomerInfoInput, FlowType, QuoteResource } from '../../shared/quotes/quote-schemas';
import { isConfirmedAccountEmail } from '../accounts/confirmed-address';
import type { Db } from '../db/client';
import { quotes } from '../db/schema';
import { recordRegistrationStep } from '../flows/record-registration-step';
import { enqueueMail, renderedPdfAttachment } from '../mail/outbox';
import { priceSelection } from '../pricing/price-selection';
import { getCachedSettings } from '../settings/settings-service';
import { quoteCreatedMail } from './quote-email';
import { toQuoteResource } from './quote-resource';

const DAY_MS = 24 * 60 * 60 * 1000;
const QUOTE_NUMBER_ATTEMPTS = 25;

/** 18 random bytes (144 bits), URL-safe: the shareable, unguessable part of /quote/{reference}. */
export function newQuoteReference(): string {
  return randomBytes(18).toString('base64url');
}

export function newQuoteNumber(prefix: string, now: Date): string {
  return `${prefix}${now.getUTCFullYear()}-${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

export interface CreateQuoteInput {
  configuration: SelectedConfiguration;
  customerInfo: CustomerInfoInput;
  flowType: FlowType;
  /** Asked for in the order flow; a quote-flow hand-off always sends the e-mail. */
  emailQuote?: boolean | undefined;
  userId: string | null;
  now: Date;
  publicUrl: string;
}

/**
 * Creates a sent quote priced on the server, with the pricing frozen into its configuration, and
 * queues the customer's e-mail in the same transaction. The quote number's four random digits
 * are retried until unique (the unique index decides).
 */
export async function createQuote(db: Db, input: CreateQuoteInput): Promise<QuoteResource> {
  const { pricing } = await priceSelection(db, input.configuration);
  const settings = await getCachedSettings(db);
  // The names and organisation come cleaned to one line by customerInfoSchema.
  const customerInfo = {
    email: input.customerInfo.email.trim().toLowerCase(),
    firstName: input.customerInfo.firstName,
    lastName: input.customerInfo.lastName,
    organization: input.customerInfo.organization,
    country: input.configuration.customerCountry,
  };
  const confirmedAddress = await isConfirmedAccountEmail(db, input.userId, customerInfo.email);
  const configuration = {
    ...input.configuration,
    customerInfo,
    pricing: { items: pricing.items, totals: pricing.totals },
  };
  const validUntil = new Date(input.now.getTime() + settings.autoQuoteExpiry * DAY_MS);

  return db.transaction(async (tx) => {
    let row: typeof quotes.$inferSelect | undefined;
    for (let attempt = 0; attempt < QUOTE_NUMBER_ATTEMPTS && !row; attempt += 1) {
      [row] = await tx
        .insert(quotes)
        .values({
          userId: input.userId,
          quoteNumber: newQuoteNumber(settings.quoteNumberPrefix, input.now),
          quoteReference: newQuoteReference(),
          currency: pricing.currency,
          status: 'sent',
          configuration,
          validUntil,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .onConflictDoNothing()
        .returning();
    }
    if (!row) throw new Error('No free quote number this year');
    const quote = toQuoteResource(row, input.now);
    // The order flow goes on to place an order; a "Your quote" e-mail there reads as the wrong thing.
    if (input.flowType === 'quote' || input.emailQuote === true) {
      // The quote PDF goes with the e-mail, the same document the quote page downloads, rendered
      // by the mail sender when it sends the message.
      // Printed without the organisation unless the address is the signed-in customer's confirmed one.
      const attachment = renderedPdfAttachment(`quote-${quote.quoteNumber}.pdf`, {
        document: 'quote',
        reference: quote.reference,
        ...(confirmedAddress ? { customerText: true } : {}),
      });
      await enqueueMail(tx, {
        ...quoteCreatedMail(quote, `${input.publicUrl}/quote/${quote.reference}`),
        attachments: [attachment],
      });
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
