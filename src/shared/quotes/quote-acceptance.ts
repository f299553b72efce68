import { z } from 'zod';
import { cleanLine } from '../clean-text';
import { EMAIL_MAX } from '../email-address';
import { defineMessages, englishOf, formatIcu, type MessageDescriptor } from '../i18n/message';
import { quoteAcceptFieldMessages } from './quote-accept-field-messages';

/**
 * Issue 39 (decision 0065): a quote the buyer's organisation can act on. Accepting it, sending it
 * to the approver, asking for more time, and the single-supplier statement: requests, answers and
 * the words the page and the server share.
 */
/** The quote's refusals (and the approver's answer), by id (issue 53). */
export const quoteActionRefusals = defineMessages({
  notFound: { id: 'quote.notFound', message: 'Quote not found' },
  signatureNotPng: quoteAcceptFieldMessages.signatureNotPng,
  signInToAccept: {
    id: 'quoteRefusal.signInToAccept',
    message:
      'This quote belongs to an organisation: sign in as its account owner or one of its approvers to accept it.',
  },
  signInToView: {
    id: 'quoteRefusal.signInToView',
    message: 'This quote belongs to an organisation: sign in as one of its members to open it.',
  },
  approverOnly: {
    id: 'quoteRefusal.approverOnly',
    message:
      'Only an approver of your organisation, or the owner of its account, can accept this quote. Use "Send to my approver" to ask them.',
  },
  expired: {
    id: 'quoteRefusal.expired',
    message: 'This quote has expired and can no longer be accepted. Request an extension or ask us for a new quote.',
  },
  alreadyAccepted: { id: 'quoteRefusal.alreadyAccepted', message: 'This quote has already been accepted.' },
  ordered: { id: 'quoteRefusal.ordered', message: 'This quote has already been ordered.' },
  noPricing: { id: 'quoteRefusal.noPricing', message: 'This quote has no prices to accept.' },
  notAccepted: {
    id: 'quote.notAccepted',
    message:
      'This quote must be accepted before it can be ordered: open the quote and use "Accept this quote", or ask your approver to.',
  },
  /** Issue 51: the details given at checkout change the total the quote was accepted at. */
  reacceptanceRequired: {
    id: 'quoteRefusal.reacceptanceRequired',
    message:
      'This quote was accepted at {accepted}, but with the VAT number, billing country and items given here the order comes to {total}. The quote must be accepted again at that total: ask for a new quote with these details (the quote asks for the VAT number) and have it accepted, or order with the details the quote was accepted on.',
  },
  acceptedQuoteRequired: {
    id: 'quoteRefusal.acceptedQuoteRequired',
    message:
      'Your organisation’s orders need an accepted quote: ask for a quote while signed in, have your approver accept it, then order from it.',
  },
  acceptRateLimited: { id: 'quoteRefusal.acceptRateLimited', message: 'Too many requests. Please try again later.' },
  approverSent: { id: 'approver.sent', message: 'We have e-mailed the quote to your approver.' },
  approverRateLimited: {
    id: 'quoteRefusal.approverRateLimited',
    message: 'Too many e-mails sent for this quote. Please try again in an hour.',
  },
  approverRecipientRateLimited: {
    id: 'quoteRefusal.approverRecipientRateLimited',
    message: 'Too many quotes have been sent to this address. Please try again in an hour.',
  },
  approverExpired: {
    id: 'quoteRefusal.approverExpired',
    message: 'This quote has expired; request an extension before sending it for approval.',
  },
  approverNoCustomer: {
    id: 'quoteRefusal.approverNoCustomer',
    message: 'This quote has no customer details to send with it.',
  },
  extensionPending: {
    id: 'quoteRefusal.extensionPending',
    message: 'An extension request for this quote is already waiting for our answer.',
  },
  extensionNotLater: {
    id: 'quoteRefusal.extensionNotLater',
    message: 'Choose a date after the quote’s current valid-until date, within a year.',
  },
  extensionOrdered: {
    id: 'quoteRefusal.extensionOrdered',
    message: 'This quote has already been ordered; it needs no extension.',
  },
  extensionRateLimited: {
    id: 'quoteRefusal.extensionRateLimited',
    message: 'Too many extension requests. Please try again later.',
  },
  extensionNotPending: {
    id: 'quoteRefusal.extensionNotPending',
    message: 'This extension request has already been answered.',
  },
  extensionNoRequest: {
    id: 'quoteRefusal.extensionNoRequest',
    message: 'There is no extension request waiting on this quote.',
  },
  extensionDatePassed: {
    id: 'quoteRefusal.extensionDatePassed',
    message:
      'The date asked for has already passed: decline the request, or extend the quote to a new date with "Extend validity".',
  },
});

export { quoteAcceptFieldMessages };

export const quoteActionMessages = {
  ...englishOf(quoteAcceptFieldMessages),
  approverOnlyNotice:
    'This quote belongs to an organisation: only its account owner or one of its approvers, signed in, can accept it. A buyer can send it to them.',
  approverMayAccept: 'You can accept this quote for your organisation as its owner or one of its approvers.',
  extensionRequested: 'Extension requested: we will e-mail you our answer.',
  ...englishOf(quoteActionRefusals),
  reacceptanceRequired: (accepted: string, total: string) =>
    formatIcu(quoteActionRefusals.reacceptanceRequired.message, { accepted, total }),
} as const;

/** Letters (any script), spaces, hyphens, apostrophes and full stops: the quote flow's name rule. */
const NAME_PATTERN = /^[\p{L}\p{M} '’.-]+$/u;
/** Letters, digits, spaces and - ' . & , ( ) / (a job title such as "Lab manager / PI"). */
const TEXT_PATTERN = /^[\p{L}\p{M}\p{N} '’.&,()/-]+$/u;
export const JOB_TITLE_MAX = 100;
/** As the quote flow's (quote-schemas.ts; not imported: that module imports this one). */
const NAME_MAX = 100;
const ORGANIZATION_MAX = 200;

const line = (max: number, pattern: RegExp, { id: message }: MessageDescriptor) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: message })
    .regex(pattern, { error: message })
    .overwrite(cleanLine);

const email = z
  .string({ error: quoteAcceptFieldMessages.email.id })
  .trim()
  .max(EMAIL_MAX, { error: quoteAcceptFieldMessages.email.id })
  .pipe(z.email({ error: quoteAcceptFieldMessages.email.id }));

/** The largest drawn signature accepted, in bytes of PNG (its data URL is a third longer). */
export const SIGNATURE_IMAGE_MAX_BYTES = 200 * 1024;
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';
const SIGNATURE_DATA_URL_MAX = SIGNATURE_DATA_URL_PREFIX.length + Math.ceil(SIGNATURE_IMAGE_MAX_BYTES / 3) * 4;

/**
 * POST /api/quotes/{reference}/accept: who accepts, and their signature: typed (the signer's name as
 * they type it; the default) or drawn (a PNG data URL the server checks by its bytes and re-encodes).
 */
export const acceptQuoteRequestSchema = z
  .object({
    name: line(NAME_MAX, NAME_PATTERN, quoteAcceptFieldMessages.name),
    jobTitle: line(JOB_TITLE_MAX, TEXT_PATTERN, quoteAcceptFieldMessages.jobTitle),
    organization: line(ORGANIZATION_MAX, TEXT_PATTERN, quoteAcceptFieldMessages.organization),
    email,
    signatureKind: z.enum(['typed', 'drawn']).default('typed'),
    /** A typed signature: the signer's name as they type it (typed only). */
    signature: line(NAME_MAX, NAME_PATTERN, quoteAcceptFieldMessages.signature).optional(),
    /** A drawn signature: `data:image/png;base64,…` (drawn only). */
    signatureImage: z
      .string({ error: quoteAcceptFieldMessages.signatureNotPng.id })
      .max(SIGNATURE_DATA_URL_MAX, { error: quoteAcceptFieldMessages.signatureNotPng.id })
      .startsWith(SIGNATURE_DATA_URL_PREFIX, { error: quoteAcceptFieldMessages.signatureNotPng.id })
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.signatureKind === 'typed' && value.signature === undefined)
      context.addIssue({ code: 'custom', path: ['signature'], message: quoteAcceptFieldMessages.signature.id });
    if (value.signatureKind === 'drawn' && value.signatureImage === undefined)
      context.addIssue({
        code: 'custom',
        path: ['signatureImage'],
        message: quoteAcceptFieldMessages.signatureImage.id,
      });
  });
export type AcceptQuoteRequest = z.infer<typeof acceptQuoteRequestSchema>;
export type AcceptQuoteInput = z.input<typeof acceptQuoteRequestSchema>;

/** The acceptance as the quote page shows it ("Accepted by … on …"); the e-mail and IP address stay on the server. */
export const quoteAcceptanceSchema = z.object({
  name: z.string(),
  jobTitle: z.string(),
  organization: z.string(),
  /** Typed: the name typed as the signature. Drawn: the signer's name (the drawing is in the PDF). */
  signature: z.string(),
  signatureKind: z.enum(['typed', 'drawn']).optional(),
  acceptedAt: z.string(),
});

/**
 * Who may accept the quote, as its page tells the viewer (issue 39, decision 0065): anyone holding
 * the link when the quote belongs to no organisation; otherwise the organisation's account owner or
 * an approver, signed in. `viewerMayAccept` is the server's answer for the one asking.
 */
export const quoteAcceptRuleSchema = z.object({
  who: z.enum(['link', 'organisation_approvers']),
  viewerMayAccept: z.boolean(),
});
export type QuoteAcceptRule = z.infer<typeof quoteAcceptRuleSchema>;
export type QuoteAcceptance = z.infer<typeof quoteAcceptanceSchema>;

/** POST /api/quotes/{reference}/send-to-approver: only the approver's address; the e-mail's words are the shop's. */
export const sendToApproverRequestSchema = z.object({ email });
/** Per client and per quote, an hour: the 6th from one client is refused. */
export const APPROVER_MAILS_PER_HOUR = 5;
/** To one address, an hour, from any clients and quotes (security issue 48, F6): the 4th is refused. */
export const APPROVER_MAILS_PER_RECIPIENT_PER_HOUR = 3;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: quoteAcceptFieldMessages.day.id });
/** POST /api/quotes/{reference}/extension-request: 30 more days, or until a date. */
export const extensionRequestSchema = z.union([
  z.object({ days: z.literal(30) }).strict(),
  z.object({ until: isoDay }).strict(),
]);
export type ExtensionRequest = z.infer<typeof extensionRequestSchema>;
export const EXTENSION_DAYS = 30;
/** A request reaches at most this many days past today. */
export const EXTENSION_MAX_DAYS = 365;

/** The quote's latest extension request, as its page and the admin show it. */
export const quoteExtensionSchema = z.object({
  id: z.string(),
  requestedUntil: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type QuoteExtension = z.infer<typeof quoteExtensionSchema>;

/** GET /api/admin/quotes/extension-requests: the pending requests (the dashboard's list). */
export const pendingExtensionsSchema = z.object({
  requests: z.array(
    quoteExtensionSchema.extend({
      quoteNumber: z.string(),
      customerName: z.string().nullable(),
      organization: z.string().nullable(),
      validUntil: z.string().nullable(),
    }),
  ),
});
export type PendingExtensions = z.infer<typeof pendingExtensionsSchema>;
