import { LANGUAGES } from './i18n/languages';
import { englishOf, type Message, type MessageDescriptor, withValues } from './i18n/message';
import { addressFieldMessages, languageFieldDescriptor } from './orders/address-field-messages';
import { orderFlowRefusals } from './orders/order-refusals';

export { addressFieldMessages, orderFlowRefusals };
import { z } from 'zod';
import { messageValuesSchema } from './i18n/message-values-schema';
import { cleanLine, cleanText } from './clean-text';
import { selectedConfigurationSchema } from './configuration';
import { countries } from './countries';
import { normalisePostcode } from './address-format';
import { pricingResponseSchema } from './pricing/pricing-schema';
import { orderKinds } from './orders/order-kind';
import { EMAIL_MAX, emailFieldDescriptor, emailFieldMessage } from './email-address';
import { parseEoriNumber } from './tax/eori-number';
import { parseVatNumber, vatNumberText } from './tax/vat-number';
import { leitwegIdProblem, normalLeitwegId, normalSiret, siretProblem } from './einvoice/public-buyer';
import { titleSchema } from './accounts/title-schema';

/** An invoice currency as a request names it (decision 0085). */
export const invoiceCurrencySchema = z.enum(['GBP', 'EUR']);

/** The order flow's messages in English: section 5's submit checks word for word, and field messages for step 1. */
export const orderFlowMessages = {
  ...englishOf(orderFlowRefusals),
  ...englishOf(addressFieldMessages),
  email: emailFieldMessage,
  placed: 'Order placed successfully!',
  placeFailed: 'Failed to place order',
  unexpected: 'An unexpected error occurred while placing your order',
} as const;

/** The version of /terms-of-sale a buyer accepts when placing an order (stored on the order). */
export const TERMS_VERSION = '3.0';

/** Countries an order can ship to (the UK and the EU list; section 1). */
export const shippingCountries = countries.filter((country) => country.available);

/**
 * The order flow's field lengths, written once: the schemas' limits, the form's maxLength and the
 * progress log's cut all read them (an address block is the same for billing and delivery).
 */
export const orderFieldLimits = {
  firstName: 100,
  lastName: 100,
  company: 200,
  phone: 50,
  address: 500,
  city: 100,
  state: 100,
  postalCode: 20,
  poNumber: 100,
  /** A Leitweg-ID is at most 46 characters. */
  buyerRoutingReference: 50,
  /** A French public body's references for Chorus Pro (issue 52). */
  publicBuyerSiret: 20,
  publicBuyerServiceCode: 100,
  publicBuyerEngagementNumber: 50,
  vatNumber: 50,
  eoriNumber: 30,
  notes: 2000,
} as const;
const limits = orderFieldLimits;

// Every one-line field is cleaned to one line before its checks, so a line break can never be stored.
// A field's message is its descriptor's id (src/shared/field-messages.ts): the page shows it in its language.
const tooLong = addressFieldMessages.tooLong.id;
const required = ({ id: message }: MessageDescriptor, max = 200) =>
  z.string({ error: message }).overwrite(cleanLine).min(1, { error: message }).max(max, { error: tooLong });
const optional = (max = 200) => z.string().overwrite(cleanLine).max(max, { error: tooLong }).default('');
/**
 * An optional identifier checked by `parse` once typed (blank stays blank): refused with the parser's
 * message beside the field, else stored as the parser writes it (upper case, no spaces or punctuation).
 */
const checkedNumber = (
  max: number,
  parse: (raw: string) => { valid: true; text: string } | { valid: false; message: string },
) =>
  z
    .string()
    .overwrite(cleanLine)
    .max(max, { error: tooLong })
    .superRefine((value, context) => {
      const parsed = value === '' ? null : parse(value);
      if (parsed && !parsed.valid) context.addIssue({ code: 'custom', message: parsed.message });
    })
    .overwrite((value) => {
      const parsed = value === '' ? null : parse(value);
      return parsed?.valid ? parsed.text : value;
    })
    .default('');
const vatNumberField = () =>
  checkedNumber(limits.vatNumber, (raw) => {
    const parsed = parseVatNumber(raw);
    return parsed.valid ? { valid: true, text: vatNumberText(parsed) } : parsed;
  });
/**
 * The buyer's VAT number as checkout checks it (format and check digits, stored as DE136695976; blank
 * stays blank): the quote flow asks for it with the same field (issue 51), so the total a quote shows,
 * and an approver accepts, is taxed as the order will be.
 */
export const buyerVatNumberField = vatNumberField;
const eoriNumberField = () =>
  checkedNumber(limits.eoriNumber, (raw) => {
    const parsed = parseEoriNumber(raw);
    return parsed.valid ? { valid: true, text: parsed.eoriNumber } : parsed;
  });

/** Multi-line text (the order notes): its lines kept, cleaned by `cleanText`. */
const notesText = () => z.string().max(limits.notes, { error: tooLong }).overwrite(cleanText);

/** An address block with its postcode as stored: a UK one normalised ("cb3 0tx" → "CB3 0TX"). */
const withNormalPostcode = <T extends { postalCode: string; country: string }>(values: T): T => ({
  ...values,
  postalCode: normalisePostcode(values.postalCode, values.country),
});

/** Step 1, Shipping Information: required first name, last name, e-mail, address, city, postal code and country. */
const billingFields = z.object({
  /** The buyer's title (issue 53): 'mr', 'ms', or none ('' or absent); the e-mails greet by it. */
  title: titleSchema,
  firstName: required(addressFieldMessages.firstName, limits.firstName),
  lastName: required(addressFieldMessages.lastName, limits.lastName),
  company: optional(limits.company),
  email: z
    .string({ error: emailFieldDescriptor.id })
    .trim()
    .max(EMAIL_MAX, { error: emailFieldDescriptor.id })
    .pipe(z.email({ error: emailFieldDescriptor.id })),
  phone: optional(limits.phone),
  address: required(addressFieldMessages.address, limits.address),
  city: required(addressFieldMessages.city, limits.city),
  state: optional(limits.state),
  postalCode: required(addressFieldMessages.postalCode, limits.postalCode),
  country: z
    .string({ error: addressFieldMessages.country.id })
    .trim()
    .toUpperCase()
    .refine((code) => shippingCountries.some((country) => country.code === code), {
      error: addressFieldMessages.country.id,
    }),
  /** The buyer's purchase-order number (shown on the order and its documents). */
  poNumber: optional(limits.poNumber),
  /**
   * The buyer's routing reference: a German public body's Leitweg-ID (issue 40), asked when the
   * billing or delivery country is DE. An XRechnung's buyer reference (BT-10).
   */
  buyerRoutingReference: checkedNumber(limits.buyerRoutingReference, (raw) => {
    const problem = leitwegIdProblem(raw);
    return problem ? { valid: false, message: problem } : { valid: true, text: normalLeitwegId(raw) };
  }),
  /**
   * A French public body's references for Chorus Pro (issue 52), asked when the billing country is FR
   * and the buyer says it is one: its SIRET (14 digits, Luhn-checked), its service code and its
   * engagement number. Every document of the order prints them; the Factur-X carries them.
   */
  publicBuyerSiret: checkedNumber(limits.publicBuyerSiret, (raw) => {
    const problem = siretProblem(raw);
    return problem ? { valid: false, message: problem } : { valid: true, text: normalSiret(raw) };
  }),
  publicBuyerServiceCode: optional(limits.publicBuyerServiceCode),
  publicBuyerEngagementNumber: optional(limits.publicBuyerEngagementNumber),
  /**
   * The buyer's VAT number (shown on their documents): an EU, XI or GB number with its prefix, checked
   * for its country's format and check digits (src/shared/tax/vat-number.ts) and stored as DE136695976.
   * The registry check (VIES or HMRC) follows in the background after the order is placed.
   */
  vatNumber: vatNumberField(),
  /** The buyer's EORI number, for customs (the form asks for it on a delivery outside the UK). */
  eoriNumber: eoriNumberField(),
});
export const billingSchema = billingFields.overwrite(withNormalPostcode);
export type BillingInput = z.input<typeof billingSchema>;
export type Billing = z.output<typeof billingSchema>;

/** "Deliver to a different address": the same fields and required rules as the billing address, without the e-mail. */
export const deliveryAddressSchema = billingFields
  .pick({
    firstName: true,
    lastName: true,
    company: true,
    phone: true,
    address: true,
    city: true,
    state: true,
    postalCode: true,
    country: true,
  })
  .overwrite(withNormalPostcode);
export type DeliveryAddressInput = z.input<typeof deliveryAddressSchema>;
export type DeliveryAddress = z.output<typeof deliveryAddressSchema>;

const loose = z.string().default('');
/** The delivery block as typed (checked by `deliveryAddressSchema` only while it is in use). */
const deliveryDraftSchema = z.object({
  firstName: loose,
  lastName: loose,
  company: loose,
  phone: loose,
  address: loose,
  city: loose,
  state: loose,
  postalCode: loose,
  country: loose,
});

/**
 * Step 1 of the order flow: the billing fields, the notes, and the delivery block that only counts
 * (and is only checked) while "Deliver to a different address" is ticked.
 */
export const shippingFormSchema = billingSchema
  .extend({
    notes: notesText().default(''),
    differentDelivery: z.boolean().default(false),
    delivery: deliveryDraftSchema.prefault({}),
  })
  .superRefine((values, context) => {
    if (!values.differentDelivery) return;
    const parsed = deliveryAddressSchema.safeParse(values.delivery);
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      context.addIssue({ code: 'custom', message: issue.message, path: ['delivery', ...issue.path.map(String)] });
  });
export type ShippingFormInput = z.input<typeof shippingFormSchema>;

/**
 * Whether the delivery country (the delivery address's, else the billing address's) is the country
 * the order was priced for: price, VAT and the shipping options follow where the goods go, so the
 * two must be the same country. The billing address may be in any country the shop sells to.
 */
export function deliveryCountryProblem(pricedCountry: string, deliveryCountry: string): Message | null {
  const delivery = shippingCountries.find((country) => country.code === deliveryCountry);
  if (!delivery) return addressFieldMessages.country;
  if (pricedCountry === delivery.code) return null;
  const priced = countries.find((country) => country.code === pricedCountry);
  return priced
    ? // The countries by code: the page names them in its language (issue 53).
      withValues(orderFlowRefusals.pricedFor, {
        priced: { country: priced.code },
        delivery: { country: delivery.code },
      })
    : orderFlowRefusals.countryMismatch;
}

/**
 * POST /api/orders. Loose on purpose: the section 5 submit checks run first, in their order and with
 * their messages (`orderSubmitProblem`), then `billingSchema` checks the rest.
 */
export const createOrderRequestSchema = z.object({
  configuration: selectedConfigurationSchema.nullable().optional(),
  quoteReference: z.string().trim().min(1).max(100).nullable().optional(),
  billing: z.record(z.string(), z.unknown()).default({}),
  /** The delivery address when it is not the billing address (`deliveryAddressSchema`); absent: the billing address. */
  shipping: z.record(z.string(), z.unknown()).nullable().optional(),
  /** The buyer accepts the terms of sale (`TERMS_VERSION`); anything but true is 400 `terms_not_accepted`. */
  acceptTerms: z.boolean().optional(),
  notes: notesText().nullable().optional(),
  idempotencyKey: z.string().trim().min(8).max(100),
  /** The tab's id that the order flow's progress was logged under (its incomplete order is marked completed). */
  sessionId: z.string().trim().max(100).nullable().optional(),
  /** "Language of your documents" (issue 40): 'en', 'de' or 'fr'; missing: the quote's, else the billing country's default. */
  language: z.enum(LANGUAGES, { error: languageFieldDescriptor.id }).nullable().optional(),
  /**
   * Decision 0085: the invoice currency chosen, offered only when the billing and delivery countries
   * use different currencies (else 400 `currency_not_offered`); missing: the billing country's.
   */
  currency: invoiceCurrencySchema.nullable().optional(),
});
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;

/**
 * POST /api/orders/price: the order's price as the server will place it, before the buyer confirms
 * (issue 37): the quote's or configuration's nets taxed for the buyer's billing country and VAT number.
 */
export const orderPriceRequestSchema = z.object({
  configuration: selectedConfigurationSchema.nullable().optional(),
  quoteReference: z.string().trim().min(1).max(100).nullable().optional(),
  billing: z.object({
    country: billingFields.shape.country,
    vatNumber: optional(limits.vatNumber),
  }),
  /** Decision 0085: the invoice currency chosen, as `POST /api/orders` takes it. */
  currency: invoiceCurrencySchema.nullable().optional(),
});
export type OrderPriceRequest = z.input<typeof orderPriceRequestSchema>;

export const orderPriceAnswerSchema = z.object({
  /** In the invoice currency decided (`pricing.currency`): the one chosen, else the billing country's. */
  pricing: pricingResponseSchema,
  /** Decision 0085: the currencies the order may be invoiced in, the default first; two: the buyer may choose. */
  currencies: z.array(invoiceCurrencySchema).min(1),
  /** The total of the quote or estimate the buyer saw (taxed for the delivery country, no VAT number). */
  quotedTotal: z.number().int(),
  /** What the re-price changed, line by line, and why; empty when nothing did. */
  changes: z.array(z.string()),
  /** The order's kind (decision 0062): a repair is paid in full, `pricing.totals.deposit` being its total. */
  kind: z.enum(orderKinds),
  /**
   * Issue 51: the quote was accepted at another total than these details give (a VAT number, billing
   * country, currency or items that differ): why the order is refused until a quote is accepted again.
   */
  reacceptance: z.string().nullable().optional(),
  /** The same by id and values, for the page's language (issue 53). */
  reacceptanceMessage: z
    .object({
      id: z.string(),
      message: z.string(),
      values: messageValuesSchema.optional(),
    })
    .nullable()
    .optional(),
});
export type OrderPriceAnswer = z.infer<typeof orderPriceAnswerSchema>;

export interface OrderSubmitCandidate {
  configuration: unknown;
  email: unknown;
  firstName: unknown;
  lastName: unknown;
  total: number | null | undefined;
}

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** The order submit checks of section 5, in order; the first failing check's message, or null. */
export function orderSubmitProblem(candidate: OrderSubmitCandidate): Message | null {
  if (candidate.configuration === null || candidate.configuration === undefined)
    return orderFlowRefusals.configurationMissing;
  if (blank(candidate.email)) return orderFlowRefusals.billingEmailRequired;
  if (blank(candidate.firstName) || blank(candidate.lastName)) return orderFlowRefusals.namesRequired;
  if (typeof candidate.total !== 'number' || !(candidate.total > 0)) return orderFlowRefusals.invalidTotal;
  return null;
}

const progressLine = (max: number) => z.string().overwrite(cleanLine).max(max).optional();

/** POST /api/flows/progress: what the shipping form has so far. */
export const flowProgressRequestSchema = z.object({
  // Checked like the form's own e-mail, so no made-up lead reaches the abandoned-checkout list.
  email: billingSchema.shape.email,
  step: z.string().trim().min(1).max(50),
  sessionId: z.string().trim().min(1).max(100),
  firstName: progressLine(limits.firstName),
  lastName: progressLine(limits.lastName),
  company: progressLine(limits.company),
  phone: progressLine(limits.phone),
  address: progressLine(limits.address),
  city: progressLine(limits.city),
  state: progressLine(limits.state),
  postalCode: progressLine(limits.postalCode),
  country: z.string().max(2).optional(),
  notes: z.string().max(limits.notes).overwrite(cleanText).optional(),
  configuration: selectedConfigurationSchema.optional(),
  currency: z.enum(['GBP', 'EUR']).optional(),
  totalAmount: z.number().int().optional(),
  subtotal: z.number().int().optional(),
  vatAmount: z.number().int().optional(),
  showVat: z.boolean().optional(),
});
export type FlowProgressRequest = z.input<typeof flowProgressRequestSchema>;

/** The order's wire shapes live in ./orders/order-schema (one per audience); these names stay for the order flow. */
export { orderSchema as orderResourceSchema, orderSummarySchema, type OrderSummary } from './orders/order-schema';
export type { Order as OrderResource } from './orders/order-schema';
