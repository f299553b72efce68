import { z } from 'zod';
import { TITLES } from '../accounts/title';
import { titleSchema } from '../accounts/title-schema';
import { batchShipSchema } from '../batches/batch-ship-schema';
import { cleanLine } from '../clean-text';
import { selectedConfigurationSchema } from '../configuration';
import { EMAIL_MAX, emailFieldDescriptor } from '../email-address';
import type { MessageDescriptor } from '../i18n/message';
import { frozenPricingSchema } from '../pricing/pricing-schema';
import { LANGUAGES } from '../i18n/languages';
import { quoteFieldMessages } from './quote-messages';
import { languageFieldDescriptor } from '../orders/address-field-messages';
import { addressFieldMessages, buyerVatNumberField, invoiceCurrencySchema, shippingCountries } from '../order-flow';
import { quoteAcceptanceSchema, quoteAcceptRuleSchema, quoteExtensionSchema } from './quote-acceptance';

/** Limits of storefront spec sections 5 and 9. */
export const NAME_MAX = 100;
export const ORGANIZATION_MAX = 200;
/** Quote creation and the flow's e-mail step: attempts per hour per e-mail (section 5). */
export const QUOTE_FLOW_HOURLY_LIMIT = 50;

/** Letters (any script), spaces, hyphens, apostrophes and full stops. */
const NAME_PATTERN = /^[\p{L}\p{M} '’.-]+$/u;
/** Letters, digits, spaces and - ' . & , ( ). */
const ORGANIZATION_PATTERN = /^[\p{L}\p{M}\p{N} '’.&,()-]+$/u;

// Each field's message is its descriptor's id (src/shared/field-messages.ts): the page shows it in its language.
const email = ({ id: message }: MessageDescriptor) =>
  z
    .string({ error: message })
    .trim()
    .max(EMAIL_MAX, { error: message })
    .pipe(z.email({ error: message }));

// The patterns refuse line breaks and control characters (their only whitespace is the space);
// cleanLine after them keeps these one-line fields cleaned like every other should a pattern widen.
const name = ({ id: message }: MessageDescriptor) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(NAME_MAX, { error: message })
    .regex(NAME_PATTERN, { error: message })
    .overwrite(cleanLine);

const organization = ({ id: message }: MessageDescriptor) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(ORGANIZATION_MAX, { error: message })
    .regex(ORGANIZATION_PATTERN, { error: message })
    .overwrite(cleanLine);

/** Step 1 as the user types: Next stays disabled until this passes. */
export const emailStepSchema = z.object({ email: email(emailFieldDescriptor) });

/** Step 2 as the user types (live messages). */
export const detailsLiveSchema = z.object({
  /** Issue 53: the buyer's title, optional (as `customerInfoSchema`'s). */
  title: titleSchema,
  firstName: name(quoteFieldMessages.firstNameLive),
  lastName: name(quoteFieldMessages.lastNameLive),
  organization: organization(quoteFieldMessages.organizationLive),
  /** Issue 51: the buyer's VAT number, checked as at checkout, so the quote's total is the order's. */
  vatNumber: buyerVatNumberField().optional(),
});

/** The customer block as submitted: the submit messages, on the server and in the browser alike. */
export const customerInfoSchema = z.object({
  /** Issue 53: the buyer's title ('mr', 'ms'; '', null or absent: none); the quote's e-mails greet by it. */
  title: titleSchema,
  email: email(quoteFieldMessages.emailSubmit),
  firstName: name(quoteFieldMessages.firstNameSubmit),
  lastName: name(quoteFieldMessages.lastNameSubmit),
  organization: organization(quoteFieldMessages.organizationSubmit),
  /**
   * Issue 51: the buyer's VAT number (blank: none), checked as at checkout (the registry check follows
   * the order, as at checkout). The quote is taxed with it, so an approver accepts the order's total.
   */
  vatNumber: buyerVatNumberField().optional(),
  /**
   * Decision 0085: the billing country, when it is not the delivery country (missing: the delivery
   * country, as before). The quote's currency follows it; its VAT is worked out for a buyer there.
   */
  billingCountry: z
    .string({ error: addressFieldMessages.country.id })
    .trim()
    .toUpperCase()
    .refine((code) => shippingCountries.some((country) => country.code === code), {
      error: addressFieldMessages.country.id,
    })
    .optional(),
});
export type CustomerInfoInput = z.infer<typeof customerInfoSchema>;

export const flowTypeSchema = z.enum(['quote', 'order']);
export type FlowType = z.infer<typeof flowTypeSchema>;

/** A document language: 'en', 'de' or 'fr'; anything else is refused. */
export const languageSchema = z.enum(LANGUAGES, { error: languageFieldDescriptor.id });

/** POST /api/quotes */
export const createQuoteRequestSchema = z.object({
  configuration: selectedConfigurationSchema,
  customerInfo: customerInfoSchema,
  flowType: flowTypeSchema.default('quote'),
  /** An order-flow hand-off sends no quote e-mail unless the buyer asks for one; a quote always sends it. */
  emailQuote: z.boolean().optional(),
  /**
   * "Language of your documents" (issue 40): the quote's PDF and e-mails, and the order's later. The web
   * sends the page's language unless the buyer picked another (issue 53). Missing: the signed-in account's
   * language, else English; never the configurator's country's.
   */
  language: languageSchema.optional(),
  /**
   * Decision 0085: the quote's currency, offered only when the billing and delivery countries use
   * different currencies (else 400 `currency_not_offered`); missing: the billing country's.
   */
  currency: invoiceCurrencySchema.optional(),
});
export type CreateQuoteRequest = z.input<typeof createQuoteRequestSchema>;

/** POST /api/flows/email */
export const flowEmailRequestSchema = z.object({
  email: email(emailFieldDescriptor),
  flowType: flowTypeSchema.default('quote'),
  configuration: selectedConfigurationSchema.optional(),
});

export const quoteCustomerInfoSchema = z.object({
  email: z.string(),
  /** Issue 53: the title the buyer gave (absent: none). */
  title: z.enum(TITLES).optional().catch(undefined),
  firstName: z.string(),
  lastName: z.string(),
  organization: z.string(),
  country: z.string(),
  /** Issue 51: the VAT number the quote was taxed with (none: taxed as a buyer without one). */
  vatNumber: z.string().optional(),
  /** Decision 0085: the billing country the quote was made for, when not its delivery country (`country`). */
  billingCountry: z.string().optional(),
});
export type QuoteCustomerInfo = z.infer<typeof quoteCustomerInfoSchema>;

/** The order a quote became (a quote is ordered once). */
export const quoteOrderSchema = z.object({ id: z.string(), orderNumber: z.string() });

/**
 * The quote resource of docs/api/README.md; `status` reads 'expired' once valid_until has passed, and
 * 'accepted' once ordered (`order` then names the order).
 */
export const quoteResourceSchema = z.object({
  id: z.string(),
  quoteNumber: z.string(),
  reference: z.string(),
  status: z.enum(['draft', 'sent', 'accepted', 'expired']),
  createdAt: z.string(),
  validUntil: z.string().nullable(),
  currency: z.enum(['GBP', 'EUR']),
  configuration: selectedConfigurationSchema.nullable(),
  customerInfo: quoteCustomerInfoSchema.nullable(),
  pricing: frozenPricingSchema.nullable(),
  order: quoteOrderSchema.nullable(),
  /** The production batch with the ship date the shop states today (null: "date to be confirmed"). */
  batch: batchShipSchema.nullable(),
  /** Issue 41: a repair quote carries the repair terms (terms.ts, repairTerms), not the sale's. */
  kind: z.enum(['instrument', 'servicing_renewal', 'repair']).optional(),
  /** Issue 39: who accepted the quote and when (null: not accepted). */
  acceptance: quoteAcceptanceSchema.nullable().optional(),
  /** Issue 39: the latest request for more time, if any. */
  extensionRequest: quoteExtensionSchema.nullable().optional(),
  /** Issue 39: the "Orders require an accepted quote" setting in force (the quote page's own answers only). */
  orderNeedsAcceptance: z.boolean().optional(),
  /** Issue 39: who may accept it, and whether the one asking may (the quote page's own answers only). */
  acceptRule: quoteAcceptRuleSchema.optional(),
  /** The language of the quote's documents and e-mails, carried to its order (issue 40). */
  language: languageSchema.optional(),
});
export type QuoteResource = z.infer<typeof quoteResourceSchema>;
