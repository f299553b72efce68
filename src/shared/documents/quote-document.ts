import { batchShipText } from '../batches/ship-date';
import { company } from '../company';
import { findCountry } from '../countries';
import { formatUkDate } from '../dates';
import type { QuoteResource } from '../quotes/quote-schemas';
import { displayLines } from './display-lines';
import type { BusinessDocument, DocumentTotal } from './document-model';
import { DEPOSIT_PERCENT } from '../pricing/deposit';

export interface QuoteDocumentOptions {
  warrantyMonths?: number;
  /**
   * False leaves out the organisation the requester typed: the copy e-mailed to an address that is
   * not a confirmed account's own carries no free text of theirs but the name (docs/decisions/0005).
   */
  customerText?: boolean;
}

/** The quotation as a document: company, quote number, dates, customer, every priced line, VAT, total, deposit, validity. */
export function quoteDocument(quote: QuoteResource, options: QuoteDocumentOptions = {}): BusinessDocument {
  const validUntil = quote.validUntil ? formatUkDate(quote.validUntil) : null;
  const customer = quote.customerInfo;
  const totals: DocumentTotal[] = [];
  const notes: string[] = [];
  if (quote.pricing) {
    const t = quote.pricing.totals;
    totals.push({ label: 'Subtotal', amount: t.subtotal });
    if (t.showVAT) totals.push({ label: 'VAT', amount: t.vat });
    totals.push({ label: 'Total', amount: t.total, emphasis: true });
    totals.push({ label: `Deposit due on order (${DEPOSIT_PERCENT}%)`, amount: t.deposit });
    totals.push({ label: 'Balance due before dispatch', amount: t.total - t.deposit });
    if (!t.showVAT) notes.push('Prices exclude local VAT/tax, which is due on delivery.');
  } else {
    notes.push('No pricing information available for this quote.');
  }
  return {
    kind: 'quote',
    title: 'QUOTATION',
    name: `Quotation ${quote.quoteNumber}`,
    currency: quote.currency,
    meta: [
      ['Quote number', quote.quoteNumber],
      ['Date', formatUkDate(quote.createdAt)],
      ['Valid until', validUntil ?? '-'],
      ['Reference', quote.reference],
    ],
    parties: customer
      ? [
          {
            title: 'Prepared for',
            lines: [
              `${customer.firstName} ${customer.lastName}`,
              options.customerText === false ? '' : customer.organization,
              customer.email,
              findCountry(customer.country)?.name ?? customer.country,
            ].filter((line) => line.trim() !== ''),
          },
        ]
      : [],
    lines: quote.pricing
      ? displayLines(quote.pricing).map((line) => ({
          name: line.name,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          total: line.total,
          freeLabel: line.freeLabel,
        }))
      : [],
    totals,
    notes,
    sections: [
      {
        title: 'Terms',
        lines: [
          `This quotation is valid until ${validUntil ?? 'further notice'}.`,
          `Payment: a ${DEPOSIT_PERCENT}% deposit by invoice when the order is placed; the balance is invoiced when the instrument is ready and is due before dispatch.`,
          'Delivery: DDP for UK customers, DAP for international customers. Lead time depends on the production batch and order date.',
          ...(quote.batch ? [`Production batch: ${batchShipText(quote.batch)}.`] : []),
          ...(options.warrantyMonths === undefined
            ? []
            : [`Warranty: ${options.warrantyMonths} months standard warranty, extendable by servicing.`]),
          `To order, open your quote online or contact ${company.salesEmail} quoting ${quote.quoteNumber}.`,
        ],
      },
    ],
  };
}
