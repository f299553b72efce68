import { cleanLine } from '../clean-text';
import type { PublicBusinessProfile } from '../business-profile';
import { formatUkDate } from '../dates';
import { formatMoney } from '../money';
import type { BusinessDocument, DocumentTable } from './document-model';
import { issuerOf } from './issuer';

/**
 * A customer's statement (issue 36): every invoice, credit note, receipt and refund of their orders in
 * date order, one account per currency (GBP and EUR are never added) with its running balance, and
 * the closing balance in the ledger's words: owed on invoices, still to be invoiced, credit held,
 * refund due. Drawn by the shop's one PDF layout, under the business profile's letterhead.
 */

export type StatementEntryKind = 'invoice' | 'credit_note' | 'receipt' | 'refund';

export interface StatementEntry {
  kind: StatementEntryKind;
  /** The day it happened (YYYY-MM-DD). */
  date: string;
  /** When it was written, to order entries of one day. */
  at: string;
  currency: string;
  orderNumber: string;
  /** What the line says, e.g. "Deposit invoice INV2026-00013" or "Payment received (bank transfer, ref 4471)". */
  details: string;
  /** Adds to what the customer owes (an invoice, money paid back to them), minor units. */
  charge: number;
  /** Takes off what they owe (a receipt, a credit note), minor units. */
  payment: number;
}

/** The ledger's closing figures of one currency, summed over the customer's orders (order-ledger.ts). */
export interface StatementClosing {
  currency: string;
  /** Outstanding on the deposit and balance invoices issued. */
  owedOnInvoices: number;
  /** The rest of what the orders owe, not yet invoiced (the balance before dispatch). */
  notYetInvoiced: number;
  /** Money received that no invoice has asked for yet: the next invoice deducts it. */
  creditHeld: number;
  /** Received beyond what is owed: to be paid back. */
  refundDue: number;
}

/** An invoice still asking for money (receivableInvoices), for the accounts-payable statement. */
export interface StatementOpenInvoice {
  number: string;
  orderNumber: string;
  currency: string;
  dueDate: string;
  /** Still to pay on it, minor units. */
  outstanding: number;
}

export interface StatementFacts {
  profile: PublicBusinessProfile;
  customer: { name: string | null; organisation: string | null; email: string | null; address: string[] };
  entries: StatementEntry[];
  closing: StatementClosing[];
  /** The statement's day (the shop's clock). */
  printedAt: Date | string;
  /** When given (the monthly statement to accounts payable), an "Open invoices" section lists them. */
  openInvoices?: StatementOpenInvoice[];
}

export const statementLabels = {
  title: 'STATEMENT OF ACCOUNT',
  nothing: 'No invoices, payments or credit notes yet.',
  openInvoices: 'Open invoices',
  noOpenInvoices: 'No invoice is open.',
  creditMark: 'CR',
} as const;

const kindOrder: Record<StatementEntryKind, number> = { invoice: 0, credit_note: 1, receipt: 2, refund: 3 };

/** The entries in date order (then as written: an invoice before the receipt that pays it on the same day). */
export const statementOrder = (entries: readonly StatementEntry[]) =>
  [...entries].sort(
    (a, b) => a.date.localeCompare(b.date) || a.at.localeCompare(b.at) || kindOrder[a.kind] - kindOrder[b.kind],
  );

/** A balance: what is owed, or "CR" when the customer is in credit. */
const balanceText = (minor: number, currency: string) =>
  minor < 0
    ? `${formatMoney(-minor, currency, { decimals: 2 })} ${statementLabels.creditMark}`
    : formatMoney(minor, currency, { decimals: 2 });

const currencyOrder = (currency: string) => (currency === 'GBP' ? 0 : currency === 'EUR' ? 1 : 2);

export function statementDocument(facts: StatementFacts): BusinessDocument {
  const currencies = [
    ...new Set([...facts.entries.map((entry) => entry.currency), ...facts.closing.map((c) => c.currency)]),
  ].sort((a, b) => currencyOrder(a) - currencyOrder(b) || a.localeCompare(b));
  const tables: DocumentTable[] = currencies.map((currency) => {
    const money = (minor: number) => (minor === 0 ? '' : formatMoney(minor, currency, { decimals: 2 }));
    let balance = 0;
    const rows = statementOrder(facts.entries.filter((entry) => entry.currency === currency)).map((entry) => {
      balance += entry.charge - entry.payment;
      return {
        cells: [
          formatUkDate(entry.date),
          entry.details,
          entry.orderNumber,
          money(entry.charge),
          money(entry.payment),
          balanceText(balance, currency),
        ],
      };
    });
    return {
      title: `Account in ${currency}`,
      columns: [
        { label: 'Date', width: 13 },
        { label: 'Details', width: 39 },
        { label: 'Order', width: 14 },
        { label: 'Charges', width: 11, align: 'right' },
        { label: 'Payments', width: 11, align: 'right' },
        { label: 'Balance', width: 12, align: 'right' },
      ],
      rows: [...rows, { cells: ['', 'Closing balance', '', '', '', balanceText(balance, currency)], emphasis: true }],
    };
  });
  const closingLines = currencies.flatMap((currency) => {
    const closing = facts.closing.find((figures) => figures.currency === currency);
    if (!closing) return [];
    const money = (minor: number) => formatMoney(minor, currency, { decimals: 2 });
    const lines = [`${currency}: owed on invoices issued ${money(closing.owedOnInvoices)}.`];
    if (closing.notYetInvoiced > 0)
      lines.push(`${currency}: still to be invoiced on your orders ${money(closing.notYetInvoiced)}.`);
    if (closing.creditHeld > 0)
      lines.push(`${currency}: credit held ${money(closing.creditHeld)}, deducted from your next invoice.`);
    if (closing.refundDue > 0) lines.push(`${currency}: refund due to you ${money(closing.refundDue)}.`);
    return lines;
  });
  const { customer, profile } = facts;
  const partyLines = [
    ...(customer.name ? [cleanLine(customer.name)] : []),
    ...(customer.organisation ? [cleanLine(customer.organisation)] : []),
    ...customer.address,
    ...(customer.email ? [customer.email] : []),
  ];
  return {
    kind: 'statement',
    issuer: issuerOf(profile),
    title: statementLabels.title,
    name: `Statement ${formatUkDate(facts.printedAt)}`,
    currency: currencies[0] ?? 'GBP',
    meta: [
      ['Statement date', formatUkDate(facts.printedAt)],
      ['Currencies', currencies.length > 0 ? currencies.join(', ') : '-'],
    ],
    parties: [{ title: 'Statement for', lines: partyLines.length > 0 ? partyLines : ['-'] }],
    lines: [],
    totals: [],
    notes: [],
    tables,
    sections: [
      ...(facts.openInvoices
        ? [
            {
              title: statementLabels.openInvoices,
              lines:
                facts.openInvoices.length > 0
                  ? facts.openInvoices.map(
                      (invoice) =>
                        `${invoice.number} (order ${invoice.orderNumber}), due ${formatUkDate(invoice.dueDate)}: ${formatMoney(invoice.outstanding, invoice.currency, { decimals: 2 })} outstanding`,
                    )
                  : [statementLabels.noOpenInvoices],
            },
          ]
        : []),
      {
        title: 'Closing balance',
        lines: closingLines.length > 0 ? closingLines : [statementLabels.nothing],
      },
      {
        title: 'About this statement',
        lines: [
          `Charges are invoices issued and money paid back to you; payments are money received and credit notes. "${statementLabels.creditMark}" means the balance is in your favour.`,
          `Questions: ${profile.salesEmail} · ${profile.phone}`,
        ],
      },
    ],
  };
}
