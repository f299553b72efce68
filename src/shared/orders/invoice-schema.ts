import { z } from 'zod';

/** POST /api/admin/orders/{id}/invoices */
export const issueInvoiceRequestSchema = z.object({
  kind: z.enum(['deposit', 'balance']),
  /**
   * Staff confirm invoicing an order whose reverse charge rests on a VAT number no registry has
   * confirmed (or found invalid); without it such an order is refused with 409 `vat_number_unconfirmed`.
   */
  acknowledgeVatNumber: z.boolean().optional(),
});
export type IssueInvoiceRequest = z.infer<typeof issueInvoiceRequestSchema>;

/** An issued invoice or credit note (a credit note's amount is negative). */
export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['deposit', 'balance', 'credit']),
  amount: z.number().int(),
  vatAmount: z.number().int(),
  /** Money already received that the invoice deducts (an overpaid deposit), and what it then asks for. */
  paidOnAccount: z.number().int(),
  amountDue: z.number().int(),
  currency: z.string(),
  issuedAt: z.string(),
  dueDate: z.string(),
  creditsInvoiceId: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceAnswerSchema = z.object({ invoice: invoiceSchema });

export const peppolSendMessages = {
  alreadySent: 'This invoice has already been sent via Peppol. To send it again on purpose, resend it with the reason.',
  reason: 'Give the reason for sending it again (5 to 500 characters).',
} as const;

/**
 * POST /api/admin/invoices/{id}/peppol (security issue 48, F8): no body for the invoice's one send;
 * `{ resend: true, reason }` to send an invoice already sent once more, on purpose.
 */
export const peppolSendRequestSchema = z
  .object({
    resend: z.literal(true).optional(),
    reason: z
      .string({ error: peppolSendMessages.reason })
      .trim()
      .min(5, { error: peppolSendMessages.reason })
      .max(500, { error: peppolSendMessages.reason })
      .optional(),
  })
  .refine((body) => !body.resend || body.reason !== undefined, { error: peppolSendMessages.reason, path: ['reason'] })
  .optional();
export type PeppolSendRequest = z.input<typeof peppolSendRequestSchema>;

/** An invoice sent over Peppol (issue 40): the provider's transmission id and the status it reported. */
export const peppolTransmissionSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  flavour: z.enum(['peppol', 'xrechnung']),
  transmissionId: z.string().nullable(),
  /** 'sending' while the provider has not answered, then its status. */
  status: z.string(),
  detail: z.string().nullable(),
  /** The invoice's 1st, 2nd… send, and why staff sent it again. */
  attempt: z.number().int(),
  resendReason: z.string().nullable(),
  createdAt: z.string(),
});
export type PeppolTransmission = z.infer<typeof peppolTransmissionSchema>;
export const peppolTransmissionAnswerSchema = z.object({ transmission: peppolTransmissionSchema });
export const peppolTransmissionsAnswerSchema = z.object({ transmissions: z.array(peppolTransmissionSchema) });
