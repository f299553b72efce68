import { z } from 'zod';
import { cleanLine } from '../clean-text';

/**
 * Overdue payment reminders (issue 36, docs/decisions/0052): their stages, the texts' placeholders
 * and the staff's exclusion of an order. Shared by the daily job, the settings and the admin page.
 */

/** The stages, in order, and each one's day relative to the invoice's due date. */
export const paymentReminderStages = [
  'before_3',
  'due',
  'after_7',
  'after_21',
  'after_30',
  'after_60',
  'after_90',
  'final',
] as const;
export type PaymentReminderStage = (typeof paymentReminderStages)[number];

/**
 * Issue 51: the stages go on past 21 days, to 30, 60 and 90, then a final notice (100 days) before
 * the terms' late-payment interest is charged. The last stage ends the reminders.
 */
export const paymentReminderOffsets: Record<PaymentReminderStage, number> = {
  before_3: -3,
  due: 0,
  after_7: 7,
  after_21: 21,
  after_30: 30,
  after_60: 60,
  after_90: 90,
  final: 100,
};

/** The last stage: once it is sent, the invoice gets no more reminders. */
export const lastReminderStage: PaymentReminderStage = 'final';

/** How staff read a stage (the order's timeline and its Reminders list). */
export const paymentReminderStageLabels: Record<PaymentReminderStage, string> = {
  before_3: '3 days before the due date',
  due: 'due today',
  after_7: '7 days overdue',
  after_21: '21 days overdue',
  after_30: '30 days overdue',
  after_60: '60 days overdue',
  after_90: '90 days overdue',
  final: 'final notice, 100 days overdue',
};

/**
 * The latest stage an invoice has reached `daysPastDue` days after its due date (negative: before
 * it), or null before the first. The job sends only this one: a stage missed while the job did not
 * run is never sent later, because the latest stage reached only moves forward.
 */
export function latestReminderStage(daysPastDue: number): PaymentReminderStage | null {
  return paymentReminderStages.filter((stage) => paymentReminderOffsets[stage] <= daysPastDue).at(-1) ?? null;
}

/** What a reminder's subject and body may name; each is filled with plain text. */
export const paymentReminderPlaceholders = [
  'firstName',
  'orderNumber',
  'invoiceNumber',
  'amountDue',
  'dueDate',
  'daysOverdue',
  'orderUrl',
] as const;
export type PaymentReminderPlaceholder = (typeof paymentReminderPlaceholders)[number];

const placeholderPattern = /\{([^{}\s]*)\}/g;
const known = new Set<string>(paymentReminderPlaceholders);

/** The `{names}` in a text that are not placeholders, each once. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(placeholderPattern)]
    .map((match) => match[1] ?? '')
    .filter((name) => !known.has(name));
  return [...new Set(unknown)];
}

export const unknownPlaceholderMessage = (names: readonly string[]) =>
  `Unknown placeholder ${names.map((name) => `{${name}}`).join(', ')}. Use ${paymentReminderPlaceholders
    .map((name) => `{${name}}`)
    .join(', ')}.`;

/**
 * The text with each placeholder replaced by its value, in one pass: a value is inserted as it is
 * and never read again, so a customer's name that contains "{orderUrl}" stays those characters.
 */
export function fillPaymentReminder(text: string, values: Record<PaymentReminderPlaceholder, string>): string {
  return text.replace(placeholderPattern, (whole, name: string) =>
    known.has(name) ? values[name as PaymentReminderPlaceholder] : whole,
  );
}

/**
 * Whether a text holds what reads as bank details (issue 48, F1): a sort code (12-34-56, or six
 * digits where the text says "sort"), an account number (eight digits, or 1234 5678 where it says
 * "account") or an IBAN (two letters, two check digits, then groups of letters and digits, at least
 * ten digits in all). A phone number's digit groups are not taken for an account number.
 */
export function containsBankDetails(text: string): boolean {
  const sortCode =
    /(?<![\d-])\d{2}[-\u2013\s]\d{2}[-\u2013\s]\d{2}(?![\d-])/.test(text) ||
    (/sort/i.test(text) && /(?<!\d)\d{6}(?!\d)/.test(text));
  const accountNumber =
    /(?<!\d)\d{8}(?!\d)/.test(text) || (/account/i.test(text) && /(?<!\d[\s-]?)\d{4}[\s-]\d{4}(?![\s-]?\d)/.test(text));
  const iban = [...text.matchAll(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,8}(?: ?[A-Z0-9]{1,3})?\b/gi)].some(
    (match) => (match[0].match(/\d/g) ?? []).length >= 10,
  );
  return sortCode || accountNumber || iban;
}

/**
 * A reminder text setting: the placeholders it names must be known ones, and it may not carry bank
 * details. Customers pay into the accounts on their invoice, which come from the business profile
 * (held to a passkey and e-mailed to every admin); a reminder naming "our new account" would route
 * round both (issue 48, F1).
 */
export const paymentReminderText = (max: number) =>
  z
    .string()
    .max(max)
    .superRefine((text, context) => {
      const unknown = unknownPlaceholders(text);
      if (unknown.length > 0) context.addIssue({ code: 'custom', message: unknownPlaceholderMessage(unknown) });
      if (containsBankDetails(text)) context.addIssue({ code: 'custom', message: paymentReminderMessages.bankDetails });
    });

export const defaultPaymentReminderTexts = {
  paymentReminderDueSubject: 'Payment reminder: invoice {invoiceNumber} for order {orderNumber} is due on {dueDate}',
  paymentReminderDueBody: [
    'Dear {firstName},',
    '',
    'This is a reminder that invoice {invoiceNumber} for your order {orderNumber} is due on {dueDate}. The amount due is {amountDue}.',
    '',
    'Please quote {orderNumber} as the payment reference. If you have paid already, thank you, and please disregard this e-mail.',
    '',
    'Your order: {orderUrl}',
  ].join('\n'),
  paymentReminderOverdueSubject: 'Overdue: invoice {invoiceNumber} for order {orderNumber}, {amountDue} outstanding',
  paymentReminderOverdueBody: [
    'Dear {firstName},',
    '',
    'Invoice {invoiceNumber} for your order {orderNumber} was due on {dueDate} and is now {daysOverdue} days overdue. The amount outstanding is {amountDue}.',
    '',
    'Please arrange payment, quoting {orderNumber} as the payment reference. If you have paid already, thank you, and please disregard this e-mail; if something on the invoice is not right, reply and we will look into it.',
    '',
    'Your order: {orderUrl}',
  ].join('\n'),
} as const;

export const paymentReminderMessages = {
  bankDetails:
    'Reminder texts cannot contain bank details: a sort code, an account number or an IBAN. The bank details are printed on the invoice from the business profile.',
  reasonRequired: 'Give the reason for stopping payment reminders (at least 5 characters).',
  stopped: 'Payment reminders stopped',
  resumed: 'Payment reminders resumed',
} as const;

/** POST /api/admin/orders/{id}/reminders-exclusion: why this order gets no payment reminders. */
export const remindersExclusionRequestSchema = z.object({
  reason: z
    .string({ error: paymentReminderMessages.reasonRequired })
    .trim()
    .min(5, { error: paymentReminderMessages.reasonRequired })
    .max(500)
    .transform(cleanLine),
});
export type RemindersExclusionRequest = z.input<typeof remindersExclusionRequestSchema>;

/** A reminder sent, on the admin's order page. */
export const paymentReminderSentSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  stage: z.enum(paymentReminderStages),
  /** What the invoice still asked when the reminder went (minor units). */
  outstanding: z.number().int(),
  currency: z.string(),
  sentAt: z.string(),
});
export type PaymentReminderSent = z.infer<typeof paymentReminderSentSchema>;

/** The order's exclusion from reminders: why, when and by whom. */
export const remindersExclusionSchema = z.object({
  reason: z.string(),
  at: z.string().nullable(),
  by: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
});
export type RemindersExclusion = z.infer<typeof remindersExclusionSchema>;

export const reminderPauseMessages = {
  reasonRequired: 'Give the reason for pausing payment reminders (at least 5 characters).',
  untilRequired: 'Enter the last day of the pause (today or later).',
  untilTooFar: 'A pause ends within a year; enter an earlier day.',
  notFound: 'That pause was not found or has already ended.',
} as const;

/** POST /api/admin/orders/{id}/reminder-pauses and /api/admin/customers/{id}/reminder-pauses (issue 51). */
export const reminderPauseRequestSchema = z.object({
  reason: z
    .string({ error: reminderPauseMessages.reasonRequired })
    .trim()
    .min(5, { error: reminderPauseMessages.reasonRequired })
    .max(500)
    .transform(cleanLine),
  /** The last day of the pause (YYYY-MM-DD); reminders go again the day after. */
  until: z.iso.date({ error: reminderPauseMessages.untilRequired }),
});
export type ReminderPauseRequest = z.input<typeof reminderPauseRequestSchema>;

/** A pause of payment reminders in force: the order's own or its customer's (every order of theirs). */
export const reminderPauseSchema = z.object({
  id: z.string(),
  scope: z.enum(['order', 'customer']),
  reason: z.string(),
  until: z.string(),
  at: z.string(),
  by: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
});
export type ReminderPause = z.infer<typeof reminderPauseSchema>;
