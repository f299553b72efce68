import { z } from 'zod';
import { emailSchema } from '../accounts/auth-schemas';
import { retention } from './retention';

/** What closing an account (or a staff erasure) deletes and keeps, word for word in the confirmation and the final e-mail. */
export const erasureTerms = {
  deleted: [
    'Your account, its sign-in sessions, second factors and recovery codes.',
    'Your profile: name, phone number, organisation and country.',
    'Quotes that never became an order, and quote or order forms you started but did not complete.',
    'Orders without an invoice or a payment, your place on the USA waitlist, and copies of e-mails we sent you.',
  ],
  kept: [
    `Orders with an invoice or a payment, their invoices and credit notes, and the names and addresses printed on them: tax and company law require us to keep them for ${retention.financialRecordYears} years after the end of the financial year (31 March) they belong to. They are kept under legal hold, used for nothing else, and deleted when that time is over.`,
  ],
} as const;

/** What stands in an erased person's place: in the audit register's values, and on a held order's admin views. */
export const ERASED = '[erased]';

export const messages = {
  lastOwner: 'This is the only Owner account. Give another staff member the Owner role before closing it.',
  wrongPassword: 'The password is not correct.',
  confirmRequired: 'Please confirm that you want to close your account.',
  exportNotFound: 'This download link has expired or is not valid. Ask for a new copy of your data in My Account.',
} as const;

/** `POST /api/account/close`: the password always, a fresh code (or recovery code) where the account has a second factor. */
export const closeAccountRequestSchema = z.object({
  password: z.string().min(1, { error: messages.wrongPassword }).max(1000),
  code: z.string().max(64).optional(),
  confirm: z.literal(true, { error: messages.confirmRequired }),
});
export type CloseAccountRequest = z.infer<typeof closeAccountRequestSchema>;

/** What an erasure did, in counts (never the data). */
export const erasureSummarySchema = z.object({
  accountsDeleted: z.number().int(),
  ordersHeld: z.number().int(),
  ordersDeleted: z.number().int(),
  quotesDeleted: z.number().int(),
  incompleteDeleted: z.number().int(),
  waitlistDeleted: z.number().int(),
  mailDeleted: z.number().int(),
});
export type ErasureSummary = z.infer<typeof erasureSummarySchema>;

export const closeAccountAnswerSchema = z.object({ ok: z.literal(true), summary: erasureSummarySchema });

/** `POST /api/account/data-export`: a fresh code (or recovery code) where the account has a second factor. */
export const dataExportRequestSchema = z.object({ code: z.string().max(64).optional() });
export const dataExportAnswerSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'failed']),
  expiresAt: z.string(),
});

export const subjectEmailSchema = emailSchema;
