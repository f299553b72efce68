import { cleanLine } from '../clean-text';
import type { PublicBusinessProfile } from '../business-profile';
import type { Language } from '../i18n/languages';
import { type Translator, translator } from '../i18n/translator';
import { localIssuer } from './document-language';
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
  /** The language of the customer's most recent order (issue 40); absent, English. */
  language?: Language;
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
const balanceText = (minor: number, currency: string, tr: Translator) =>
  minor < 0 ? `${tr.money(-minor, currency)} ${statementLabels.creditMark}` : tr.money(minor, currency);

const currencyOrder = (currency: string) => (currency === 'GBP' ? 0 : currency === 'EUR' ? 1 : 2);

export function statementDocument(facts: StatementFacts): BusinessDocument {
  const tr = translator(facts.language ?? 'en');
  const currencies = [
    ...new Set([...facts.entries.map((entry) => entry.currency), ...facts.closing.map((c) => c.currency)]),
  ].sort((a, b) => currencyOrder(a) - currencyOrder(b) || a.localeCompare(b));
  const tables: DocumentTable[] = currencies.map((currency) => {
    const money = (minor: number) => (minor === 0 ? '' : tr.money(minor, currency));
    let balance = 0;
    const rows = statementOrder(facts.entries.filter((entry) => entry.currency === currency)).map((entry) => {
      balance += entry.charge - entry.payment;
      return {
        cells: [
          tr.date(entry.date),
          entry.details,
          entry.orderNumber,
          money(entry.charge),
          money(entry.payment),
          balanceText(balance, currency, tr),
        ],
      };
    });
    return {
      title: tr.t('doc.st.account', { currency }),
      columns: [
        { label: tr.t('doc.st.col.date'), width: 13 },
        { label: tr.t('doc.st.col.details'), width: 39 },
        { label: tr.t('doc.st.col.order'), width: 14 },
        { label: tr.t('doc.st.col.charges'), width: 11, align: 'right' },
        { label: tr.t('doc.st.col.payments'), width: 11, align: 'right' },
        { label: tr.t('doc.st.col.balance'), width: 12, align: 'right' },
      ],
      rows: [
        ...rows,
        { cells: ['', tr.t('doc.st.closing'), '', '', '', balanceText(balance, currency, tr)], emphasis: true },
      ],
    };
  });
  const closingLines = currencies.flatMap((currency) => {
    const closing = facts.closing.find((figures) => figures.currency === currency);
    if (!closing) return [];
    const money = (minor: number) => tr.money(minor, currency);
    const lines = [tr.t('doc.st.owed', { currency, amount: money(closing.owedOnInvoices) })];
    if (closing.notYetInvoiced > 0)
      lines.push(tr.t('doc.st.notYetInvoiced', { currency, amount: money(closing.notYetInvoiced) }));
    if (closing.creditHeld > 0) lines.push(tr.t('doc.st.creditHeld', { currency, amount: money(closing.creditHeld) }));
    if (closing.refundDue > 0) lines.push(tr.t('doc.st.refundDue', { currency, amount: money(closing.refundDue) }));
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
    language: tr.language,
    issuer: tr.language === 'en' ? issuerOf(profile) : localIssuer(tr, profile),
    title: tr.t('doc.st.title'),
    name: tr.t('doc.st.name', { date: tr.date(facts.printedAt) }),
    currency: currencies[0] ?? 'GBP',
    meta: [
      [tr.t('doc.st.date'), tr.date(facts.printedAt)],
      [tr.t('doc.st.currencies'), currencies.length > 0 ? currencies.join(', ') : '-'],
    ],
    parties: [{ title: tr.t('doc.st.for'), lines: partyLines.length > 0 ? partyLines : ['-'] }],
    lines: [],
    totals: [],
    notes: [],
    tables,
    sections: [
      ...(facts.openInvoices
        ? [
            {
              title: tr.t('doc.st.openInvoices'),
              lines:
                facts.openInvoices.length > 0
                  ? facts.openInvoices.map((invoice) =>
                      tr.t('doc.st.openInvoice', {
                        number: invoice.number,
                        order: invoice.orderNumber,
                        date: tr.date(invoice.dueDate),
                        amount: tr.money(invoice.outstanding, invoice.currency),
                      }),
                    )
                  : [tr.t('doc.st.noOpenInvoices')],
            },
          ]
        : []),
      {
        title: tr.t('doc.st.closing'),
        lines: closingLines.length > 0 ? closingLines : [tr.t('doc.st.nothing')],
      },
      {
        title: tr.t('doc.st.about'),
        lines: [
          tr.t('doc.st.explain', { mark: statementLabels.creditMark }),
          tr.t('doc.st.questions', { email: profile.salesEmail, phone: profile.phone }),
        ],
      },
    ],
  };
}
