import { createHash, randomBytes } from 'node:crypto';
import { recordPayment } from '../../src/server/billing/record-payment';
import type { Db } from '../../src/server/db/client';
import { invoices } from '../../src/server/db/schema';
import type { TestApp } from './test-app';

/** A deposit received by bank transfer now (the test clock), recorded as staff record it (recordPayment). */
export const payDeposit = (t: TestApp, orderId: string, amount: number, adminId: string) =>
  t.db.transaction((tx) =>
    recordPayment(tx, {
      orderId,
      transactionType: 'deposit',
      amount,
      paymentMethod: 'bank_transfer',
      reference: null,
      receivedAt: null,
      adminId,
      now: t.clock.now,
    }),
  );

/**
 * An invoice or credit note of an order straight in the database, with no VAT and a random PDF: for
 * the receivables' reports, which read only its figures and dates.
 */
export async function insertInvoiceRow(
  db: Db,
  order: { id: string; orderNumber: string; currency: string },
  values: {
    kind: 'deposit' | 'balance' | 'credit';
    number: string;
    amount: number;
    issuedAt: Date;
    dueDate: string;
    creditsInvoiceId?: string | null | undefined;
    reason?: string | null | undefined;
  },
) {
  const pdf = randomBytes(16);
  const [row] = await db
    .insert(invoices)
    .values({
      orderId: order.id,
      orderNumber: order.orderNumber,
      kind: values.kind,
      number: values.number,
      amount: values.amount,
      vatAmount: 0,
      currency: order.currency,
      issuedAt: values.issuedAt,
      dueDate: values.dueDate,
      creditsInvoiceId: values.creditsInvoiceId ?? null,
      reason: values.reason ?? null,
      pdf,
      pdfSha256: createHash('sha256').update(pdf).digest('hex'),
    })
    .returning();
  if (!row) throw new Error('invoice insert returned nothing');
  return row;
}
