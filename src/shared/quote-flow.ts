import { z } from 'zod';
import { selectedConfigurationSchema } from './configuration';

/** Limits of storefront spec sections 5 and 9. */
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
export const ORGANIZATION_MAX = 200;
/** Quote creation and the flow's e-mail step: attempts per hour per e-mail (section 5). */
export const QUOTE_FLOW_HOURLY_LIMIT = 50;

/** The quote flow's messages, word for word from storefront spec sections 5 and 8. */
export const quoteFlowMessages = {
  emailLive: 'Please enter a valid email address',
  emailSubmit: 'Valid email address is required',
  firstNameLive: 'First name must be 1-100 characters and contain only letters, spaces, hyphens, and apostrophes',
  lastNameLive: 'Last name must be 1-100 characters and contain only letters, spaces, hyphens, and apostrophes',
  firstNameSubmit: 'Valid first name is required (1-100 characters, letters only)',
  lastNameSubmit: 'Valid last name is required (1-100 characters, letters only)',
  organizationLive:
    'Organization name must be 1-200 characters and contain only alphanumeric characters and common business symbols',
  organizationSubmit: 'Valid organization name is required (1-200 characters)',
  emailStepRateLimited: 'Too many attempts. Please wait before trying again.',
  quoteRateLimited: 'Rate limit exceeded. Please wait before creating another quote.',
  // What the browser shows (section 8).
  emailStepRateLimitedShown: 'Too many requests. Please wait a moment before trying again.',
  emailStepFailedShown: 'An error occurred while checking your email. Please try again.',
  createInvalidEmail: 'Please enter a valid email address.',
  createInvalidFirstName: 'Please enter a valid first name (letters, spaces, hyphens, and apostrophes only).',
  createInvalidLastName: 'Please enter a valid last name (letters, spaces, hyphens, and apostrophes only).',
  createInvalidOrganization: 'Please enter a valid organization name.',
  createRateLimited: 'You have reached the maximum number of quotes per hour. Please try again later.',
  createFallback: 'Something went wrong. Please try again.',
  createNoMessage: 'Failed to create quote',
} as const;

/** Letters (any script), spaces, hyphens, apostrophes and full stops. */
const NAME_PATTERN = /^[\p{L}\p{M} '’.-]+$/u;
/** Letters, digits, spaces and - ' . & , ( ). */
const ORGANIZATION_PATTERN = /^[\p{L}\p{M}\p{N} '’.&,()-]+$/u;

const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(EMAIL_MAX, { error: message })
    .pipe(z.email({ error: message }));

const name = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(NAME_MAX, { error: message }).regex(NAME_PATTERN, { error: message });

const organization = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(ORGANIZATION_MAX, { error: message })
    .regex(ORGANIZATION_PATTERN, { error: message });

/** Step 1 as the user types: Next stays disabled until this passes. */
export const emailStepSchema = z.object({ email: email(quoteFlowMessages.emailLive) });

/** Step 2 as the user types (live messages). */
export const detailsLiveSchema = z.object({
  firstName: name(quoteFlowMessages.firstNameLive),
  lastName: name(quoteFlowMessages.lastNameLive),
  organization: organization(quoteFlowMessages.organizationLive),
});

/** The customer block as submitted: the submit messages, on the server and in the browser alike. */
export const customerInfoSchema = z.object({
  email: email(quoteFlowMessages.emailSubmit),
  firstName: name(quoteFlowMessages.firstNameSubmit),
  lastName: name(quoteFlowMessages.lastNameSubmit),
  organization: organization(quoteFlowMessages.organizationSubmit),
});
export type CustomerInfoInput = z.infer<typeof customerInfoSchema>;

export const flowTypeSchema = z.enum(['quote', 'order']);
export type FlowType = z.infer<typeof flowTypeSchema>;

/** POST /api/quotes */
export const createQuoteRequestSchema = z.object({
  configuration: selectedConfigurationSchema,
  customerInfo: customerInfoSchema,
  flowType: flowTypeSchema.default('quote'),
  /** An order-flow hand-off sends no quote e-mail unless the buyer asks for one; a quote always sends it. */
  emailQuote: z.boolean().optional(),
});
export type CreateQuoteRequest = z.input<typeof createQuoteRequestSchema>;

/** POST /api/flows/email */
export const flowEmailRequestSchema = z.object({
  email: email(quoteFlowMessages.emailLive),
  flowType: flowTypeSchema.default('quote'),
  configuration: selectedConfigurationSchema.optional(),
});

/**
 * The cleaning applied to free text before it is stored: trimmed, angle brackets and control
 * characters removed, at most 1000 characters. Apostrophes and ampersands stay, because the
 * validation allows them in names and organisations (O'Brien, Smith & Sons); every output escapes
 * them instead (docs/decisions/0005-text-cleaning.md).
 */
export function cleanText(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.trim().replace(/[<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').slice(0, 1000).trim();
}

/** Maps a failed quote creation's message to what the quote flow shows (section 8). */
export function quoteCreationErrorMessage(message: string | undefined | null): string {
  if (!message) return quoteFlowMessages.createNoMessage;
  const text = message.toLowerCase();
  if (text.includes('rate limit') || text.includes('too many')) return quoteFlowMessages.createRateLimited;
  if (text.includes('email')) return quoteFlowMessages.createInvalidEmail;
  if (text.includes('first name')) return quoteFlowMessages.createInvalidFirstName;
  if (text.includes('last name')) return quoteFlowMessages.createInvalidLastName;
  if (text.includes('organization')) return quoteFlowMessages.createInvalidOrganization;
  return message;
}

const pricedLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  unitPrice: z.number(),
  quantity: z.number(),
  total: z.number(),
});

export const pricingSchema = z.object({
  items: z.object({
    baseConfiguration: pricedLineSchema,
    powerAdaptor: pricedLineSchema,
    syringeHolders: z.array(pricedLineSchema),
    adaptors: z.array(pricedLineSchema),
    servicing: pricedLineSchema,
    accessories: z.array(pricedLineSchema),
    shipping: pricedLineSchema,
  }),
  totals: z.object({
    basePrice: z.number(),
    accessoryTotal: z.number(),
    adaptorTotal: z.number(),
    syringeHolderTotal: z.number(),
    powerAdaptorTotal: z.number(),
    shippingTotal: z.number(),
    servicingTotal: z.number(),
    subtotal: z.number(),
    vat: z.number(),
    total: z.number(),
    deposit: z.number(),
    showVAT: z.boolean(),
  }),
});
export type QuotePricing = z.infer<typeof pricingSchema>;

export const quoteCustomerInfoSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organization: z.string(),
  country: z.string(),
});
export type QuoteCustomerInfo = z.infer<typeof quoteCustomerInfoSchema>;

/** The quote resource of docs/api.md; `status` reads 'expired' once valid_until has passed. */
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
  pricing: pricingSchema.nullable(),
});
export type QuoteResource = z.infer<typeof quoteResourceSchema>;

export interface DisplayLine {
  key: string;
  name: string;
  quantity: number;
  unitPrice: number;
  total: number;
  /** 'Included' or 'Free' for a line that costs nothing; null when it has a price. */
  freeLabel: 'Included' | 'Free' | null;
}

/**
 * The priced lines a quote or order document shows (section 9): free power adaptors and syringe
 * holders read 'Included', free adaptors and accessories 'Free'; servicing and shipping appear
 * only when they cost more than 0.
 */
export function displayLines(pricing: QuotePricing): DisplayLine[] {
  const { items } = pricing;
  type Line = QuotePricing['items']['baseConfiguration'];
  const line = (group: string, item: Line, freeLabel: DisplayLine['freeLabel']): DisplayLine => ({
    key: `${group}:${item.id}`,
    name: item.name,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    total: item.total,
    freeLabel: item.total === 0 ? freeLabel : null,
  });
  const lines: DisplayLine[] = [line('base', items.baseConfiguration, null)];
  lines.push(line('power', items.powerAdaptor, 'Included'));
  for (const item of items.syringeHolders) lines.push(line('holder', item, 'Included'));
  for (const item of items.adaptors) lines.push(line('adaptor', item, 'Free'));
  if (items.servicing.total > 0) lines.push(line('servicing', items.servicing, null));
  for (const item of items.accessories) lines.push(line('accessory', item, 'Free'));
  if (items.shipping.total > 0) lines.push(line('shipping', items.shipping, null));
  return lines;
}
