import { z } from 'zod';
import { emailSchema } from '../accounts/auth-schemas';
import { erasureSummarySchema } from './privacy-contracts';

/** /admin/privacy: what the shop holds about one e-mail, the request register, and its actions. */
export const privacySearchQuerySchema = z.object({ email: emailSchema });

export const personRecordsSchema = z.object({
  email: z.string(),
  accounts: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string().nullable(),
      company: z.string().nullable(),
      isAdmin: z.boolean(),
      confirmed: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      createdAt: z.string(),
      status: z.string(),
      totalAmount: z.number(),
      currency: z.string(),
      guest: z.boolean(),
      /** Invoices or payments: kept under legal hold on erasure. */
      financial: z.boolean(),
      legalHoldUntil: z.string().nullable(),
    }),
  ),
  quotes: z.array(z.object({ id: z.string(), quoteNumber: z.string(), createdAt: z.string(), status: z.string() })),
  waitlist: z.array(z.object({ joinedAt: z.string(), leftAt: z.string().nullable() })),
  incomplete: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['order', 'registration']),
      stepReached: z.string(),
      updatedAt: z.string(),
    }),
  ),
});
export type PersonRecords = z.infer<typeof personRecordsSchema>;

export const privacyRequestTypes = ['access', 'erasure'] as const;
export const privacyRequestChannels = ['email', 'post', 'account'] as const;
export const privacyRequestOutcomes = ['open', 'export_produced', 'erased', 'refused', 'no_data'] as const;

export const outcomeLabels: Record<(typeof privacyRequestOutcomes)[number], string> = {
  open: 'Open',
  export_produced: 'Export produced',
  erased: 'Erased',
  refused: 'Refused',
  no_data: 'No data held',
};

const dayMessage = 'Please enter a date (YYYY-MM-DD).';
/** A real calendar day from 2000 to 2099 (an impossible day such as 2026-02-30 is refused, never sent to the database). */
const isoDay = z
  .string()
  .regex(/^20\d{2}-\d{2}-\d{2}$/, { error: dayMessage })
  .refine(
    (value) => {
      const at = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
    },
    { error: dayMessage },
  );

export const createPrivacyRequestSchema = z.object({
  email: emailSchema,
  type: z.enum(privacyRequestTypes),
  channel: z.enum(['email', 'post']),
  receivedOn: isoDay,
});

export const privacyRequestSchema = z.object({
  id: z.string(),
  type: z.enum(privacyRequestTypes),
  subject: z.string(),
  receivedOn: z.string(),
  deadline: z.string(),
  overdue: z.boolean(),
  channel: z.enum(privacyRequestChannels),
  outcome: z.enum(privacyRequestOutcomes),
  handledBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  export: z.object({ id: z.string(), status: z.string(), expiresAt: z.string() }).nullable(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

export const privacyRequestsQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'all']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const privacyRequestPageSchema = z.object({
  items: z.array(privacyRequestSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** The e-mail again with an action: the register keeps only its fingerprint, and the server checks they match. */
export const privacyActionSchema = z.object({ email: emailSchema });
export const privacyRefuseSchema = z.object({ outcome: z.enum(['refused', 'no_data']) });

export const privacyActionAnswerSchema = z.object({
  request: privacyRequestSchema,
  summary: erasureSummarySchema.optional(),
});

export const privacyMessages = {
  emailMismatch: 'This e-mail is not the one the request was logged for.',
  requestNotFound: 'Request not found',
  requestClosed: 'This request is already closed.',
  exportNotReady: 'The export is not ready yet, or its 24 hours have passed.',
} as const;
