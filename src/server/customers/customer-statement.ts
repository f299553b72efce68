import { recipientLanguage } from '../accounts/recipient-language';
import { translator } from '../../shared/i18n/translator';
import { localAddressLines } from '../../shared/documents/document-language';
import { documentFilename } from '../../shared/documents/document-filename';
import type { Language } from '../../shared/i18n/languages';
import { inArray, sql } from 'drizzle-orm';
import type { OrderAddress } from '../../shared/orders/order-schema';
import { addressLines } from '../../shared/orders/order-lines';
import {
  type StatementClosing,
  statementDocument,
  type StatementEntry,
  type StatementOpenInvoice,
} from '../../shared/documents/customer-statement';
import { orderDocumentLabels } from '../../shared/documents/order-document-labels';
import { cleanLine } from '../../shared/clean-text';
import { customerMessages } from '../../shared/customers/customer-schemas';
import { type Db, queryRows } from '../db/client';
import { notFound } from '../http/http-error';
import { invoices, paymentTransactions, refunds } from '../db/schema';
import { renderDocumentPdf } from '../documents/document-pdf';
import { ledgerOf, receivableInvoices } from '../order-records/order-ledger';
import { unallocatedReceipts } from '../billing/account-receipts';
import { documentFacts } from '../terms/terms-service';
import { customerOfScope, type Scope, scopeOf } from './customers';

/**
 * A customer's statement PDF (issue 36): the invoices, credit notes, receipts and refunds of every
 * order of theirs (an account's own orders, or a guest's under their e-mail; an erased customer's
 * held orders are nobody's), with a running balance per currency, and the closing balance from
 * the ledger (order-ledger.ts): owed on invoices, still to be invoiced, credit held, refund due.
 */

interface StatementOrderRow extends Record<string, unknown> {
  id: string;
  order_number: string;
  currency: string;
  status: string;
  total_amount: number | string;
  billing_address: OrderAddress | null;
  language: string | null;
}

const dayOf = (value: Date | string) => (value instanceof Date ? value.toISOString() : value).slice(0, 10);
const isoOf = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

/** The statement's entries and closing figures for the scope's orders. */
export async function loadStatement(db: Db, scope: Exclude<Scope, { kind: 'all' }>) {
  const orderRows = await queryRows<StatementOrderRow>(
    db,
    sql`select o.id, o.order_number, o.currency, o.status, o.total_amount, o.billing_address, o.language
      from orders o where ${scopeOf(scope, 'o')} order by o.created_at, o.id`,
  );
  // Issue 53: in the customer's language (the account's, or the most recent order's; English when none).
  const tr = translator(
    await recipientLanguage(db, scope.kind === 'account' ? { userId: scope.userId } : { email: scope.email }),
  );
  const invoiceLabel = (kind: keyof typeof orderDocumentLabels) =>
    tr.language !== 'en' && (kind === 'deposit' || kind === 'balance')
      ? tr.t(`doc.st.label.${kind}`)
      : orderDocumentLabels[kind];
  // The default method in the language; any other is the staff's text as they typed it.
  const methodLabel = (method: string | null) =>
    method === 'bank_transfer' ? tr.t('doc.st.method.bankTransfer') : method ? method.replaceAll('_', ' ') : null;
  const ids = orderRows.map((order) => order.id);
  const [paymentRows, invoiceRows, refundRows] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db.select().from(paymentTransactions).where(inArray(paymentTransactions.orderId, ids)),
          db
            .select({
              id: invoices.id,
              orderId: invoices.orderId,
              kind: invoices.kind,
              number: invoices.number,
              amount: invoices.amount,
              currency: invoices.currency,
              issuedAt: invoices.issuedAt,
              dueDate: invoices.dueDate,
              creditsInvoiceId: invoices.creditsInvoiceId,
              reason: invoices.reason,
            })
            .from(invoices)
            .where(inArray(invoices.orderId, ids)),
          db.select().from(refunds).where(inArray(refunds.orderId, ids)),
        ]);
  const numberOf = new Map(invoiceRows.map((invoice) => [invoice.id, invoice.number]));
  const entries: StatementEntry[] = [];
  const openInvoices: StatementOpenInvoice[] = [];
  const closing = new Map<string, StatementClosing>();
  for (const order of orderRows) {
    const issued = invoiceRows.filter((invoice) => invoice.orderId === order.id);
    const payments = paymentRows.filter((payment) => payment.orderId === order.id);
    const paidBack = refundRows.filter((refund) => refund.orderId === order.id);
    const base = { currency: order.currency, orderNumber: order.order_number };
    for (const invoice of issued) {
      const credit = invoice.kind === 'credit';
      const credits = invoice.creditsInvoiceId ? numberOf.get(invoice.creditsInvoiceId) : undefined;
      entries.push({
        ...base,
        kind: credit ? 'credit_note' : 'invoice',
        date: dayOf(invoice.issuedAt),
        at: isoOf(invoice.issuedAt),
        details: credit
          ? `${credits ? tr.t('doc.st.creditNoteFor', { number: invoice.number, invoice: credits }) : tr.t('doc.st.creditNote', { number: invoice.number })}${invoice.reason ? ` (${cleanLine(invoice.reason)})` : ''}`
          : tr.t('doc.st.invoice', {
              label: invoiceLabel(invoice.kind),
              number: invoice.number,
              date: tr.date(invoice.dueDate),
            }),
        charge: credit ? 0 : invoice.amount,
        payment: credit ? -invoice.amount : 0,
      });
    }
    for (const payment of payments) {
      // A voided receipt (issue 51) was never money received: not on the statement.
      if (payment.status === 'failed' || payment.status === 'voided') continue;
      const received = payment.processedAt ?? payment.createdAt;
      const against = payment.invoiceId ? numberOf.get(payment.invoiceId) : undefined;
      const how = [methodLabel(payment.paymentMethod), payment.reference ? `ref ${cleanLine(payment.reference)}` : null]
        .filter(Boolean)
        .join(', ');
      entries.push({
        ...base,
        kind: 'receipt',
        date: dayOf(received),
        at: isoOf(payment.createdAt),
        details: `${tr.t('doc.st.received')}${how ? ` (${how})` : ''}${against ? ` ${tr.t('doc.st.against', { invoice: against })}` : ''}`,
        charge: 0,
        payment: payment.amount,
      });
      // A payment marked refunded as a whole (before refunds were recorded one by one) counts nothing in the ledger: its return is shown.
      if (payment.status === 'refunded') {
        const returned = payment.refundedAt ?? payment.createdAt;
        entries.push({
          ...base,
          kind: 'refund',
          date: dayOf(returned),
          at: isoOf(returned),
          details: tr.t('doc.st.refunded'),
          charge: payment.amount,
          payment: 0,
        });
      }
    }
    for (const refund of paidBack) {
      const how = [methodLabel(refund.method), refund.reference ? `ref ${cleanLine(refund.reference)}` : null]
        .filter(Boolean)
        .join(', ');
      entries.push({
        ...base,
        kind: 'refund',
        date: refund.refundedOn,
        at: isoOf(refund.createdAt),
        details: `${tr.t('doc.st.refundPaid')}${how ? ` (${how})` : ''}`,
        charge: refund.amount,
        payment: 0,
      });
    }
    const ledgerOrder = { totalAmount: Number(order.total_amount), currency: order.currency, status: order.status };
    const ledgerPayments = payments.map((payment) => ({ amount: payment.amount, status: payment.status }));
    const ledger = ledgerOf(ledgerOrder, ledgerPayments, issued, paidBack);
    const receivable = receivableInvoices(ledgerOrder, ledgerPayments, issued, paidBack);
    for (const invoice of receivable)
      openInvoices.push({
        number: invoice.number,
        orderNumber: order.order_number,
        currency: order.currency,
        dueDate: invoice.dueDate,
        outstanding: invoice.outstanding,
      });
    const owedOnInvoices = receivable.reduce((sum, invoice) => sum + invoice.outstanding, 0);
    if (!ledger.hasEntries && ledger.outstanding === 0) continue;
    const figures = closing.get(order.currency) ?? {
      currency: order.currency,
      owedOnInvoices: 0,
      notYetInvoiced: 0,
      creditHeld: 0,
      refundDue: 0,
    };
    figures.owedOnInvoices += owedOnInvoices;
    figures.notYetInvoiced += ledger.outstanding - owedOnInvoices;
    figures.creditHeld += ledger.creditHeld;
    figures.refundDue += ledger.refundDue;
    closing.set(order.currency, figures);
  }
  // Issue 51: money on the account's receipts not yet allocated to an invoice: a receipt line for what
  // is left of each (the allocated part is already a receipt of its order), held as credit.
  if (scope.kind === 'account') {
    for (const receipt of await unallocatedReceipts(db, [scope.userId, ...(scope.colleagues ?? [])])) {
      entries.push({
        kind: 'receipt',
        date: receipt.receivedOn,
        at: isoOf(receipt.createdAt),
        currency: receipt.currency,
        orderNumber: '',
        details: `${tr.t('doc.st.onAccount')}${receipt.reference ? ` (ref ${cleanLine(receipt.reference)})` : ''}`,
        charge: 0,
        payment: receipt.unallocated,
      });
      const figures = closing.get(receipt.currency) ?? {
        currency: receipt.currency,
        owedOnInvoices: 0,
        notYetInvoiced: 0,
        creditHeld: 0,
        refundDue: 0,
      };
      figures.creditHeld += receipt.unallocated;
      closing.set(receipt.currency, figures);
    }
  }
  const latest = orderRows.at(-1);
  openInvoices.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.number.localeCompare(b.number));
  return {
    entries,
    closing: [...closing.values()],
    openInvoices,
    language: tr.language,
    address:
      tr.language === 'en'
        ? addressLines(latest?.billing_address ?? null)
        : localAddressLines(tr, latest?.billing_address ?? null),
  };
}

/** The statement PDF of a customer (an admin's customer key scope, or the signed-in customer's account). */
export async function customerStatementPdf(
  db: Db,
  scope: Exclude<Scope, { kind: 'all' }>,
  now: Date,
  options: {
    mustExist?: boolean;
    publicUrl: string;
    /** The organisation's name in place of the customer's (the monthly statement to accounts payable). */
    organisation?: string;
    /** Lists the open invoices (the monthly statement to accounts payable). */
    listOpenInvoices?: boolean;
    /** The statement already loaded for the scope. */
    statement?: Awaited<ReturnType<typeof loadStatement>>;
  },
): Promise<Buffer> {
  const [{ profile }, customer, statement] = await Promise.all([
    documentFacts(db, options.publicUrl),
    customerOfScope(db, scope),
    options.statement ?? loadStatement(db, scope),
  ]);
  // An admin's key that names no customer is not found; a signed-in customer always has their own statement.
  if (options.mustExist && !customer) throw notFound(customerMessages.notFound);
  return renderDocumentPdf(
    statementDocument({
      profile,
      customer: {
        name: customer?.name ?? null,
        organisation: options.organisation ?? customer?.organisation ?? null,
        email: customer?.email ?? null,
        address: statement.address,
      },
      entries: statement.entries,
      closing: statement.closing,
      printedAt: now,
      language: statement.language,
      ...(options.listOpenInvoices ? { openInvoices: statement.openInvoices } : {}),
    }),
  );
}

/**
 * The download's file name: the statement's day, never the customer's name; issue 53: in the
 * statement's language ("Kontoauszug-2026-12-01.pdf", "Relevé-de-compte-2026-12-01.pdf").
 */
export const statementFilename = (now: Date, language: Language) =>
  documentFilename('statement', language, { date: now.toISOString().slice(0, 10) });
