import { cleanLine } from '../clean-text';
import type { BusinessProfile } from '../business-profile';
import { formatUkDate } from '../dates';
import { addressLines, orderLines } from '../orders/order-lines';
import type { BusinessDocument } from './document-model';
import type { DocumentOrder } from './order-documents';
import { issuerOf } from './issuer';

export interface DeliveryNoteFacts {
  profile: BusinessProfile;
  /** The terms of sale on the deployment's site (`PUBLIC_URL/terms-of-sale`). */
  termsUrl: string;
  /** The carrier's name and tracking link, when staff set them (order-notice-mail.ts trackingOf). */
  tracking: { carrierName: string | null; number: string | null; url: string | null };
  printedAt: Date | string;
}

/**
 * The packing slip (delivery note) that goes in the box: the order and PO numbers, the delivery
 * address in the country's order, each line with its quantity and no price, the carrier and
 * tracking when set, and the company's details. No money: the PDF layout leaves out the price columns.
 */
export function deliveryNoteDocument(order: DocumentOrder, facts: DeliveryNoteFacts): BusinessDocument {
  const deliverTo = addressLines(order.shippingAddress ?? order.billingAddress);
  const { tracking } = facts;
  const shipping = [
    ...(tracking.carrierName ? [`Carrier: ${tracking.carrierName}`] : []),
    ...(tracking.number ? [`Tracking number: ${cleanLine(tracking.number)}`] : []),
    ...(tracking.url ? [`Track it: ${tracking.url}`] : []),
  ];
  return {
    kind: 'delivery_note',
    issuer: issuerOf(facts.profile),
    title: 'DELIVERY NOTE',
    name: `Delivery note ${order.orderNumber}`,
    currency: order.currency,
    meta: [
      ['Order number', order.orderNumber],
      ['Order date', formatUkDate(order.createdAt)],
      ...(order.poNumber ? ([['Your PO number', cleanLine(order.poNumber)]] as [string, string][]) : []),
      ['Printed', formatUkDate(facts.printedAt)],
    ],
    parties: [{ title: 'Deliver to', lines: deliverTo }],
    lines: orderLines(order.items).map((line) => ({ ...line, unitPrice: 0, total: 0, freeLabel: null })),
    totals: [],
    notes: [],
    sections: [
      ...(shipping.length > 0 ? [{ title: 'Shipping', lines: shipping }] : []),
      {
        title: 'On receipt',
        lines: [
          'Please check the goods against this note and tell us of any damage or shortfall.',
          `Questions: ${facts.profile.supportEmail || facts.profile.salesEmail} · ${facts.profile.phone}`,
          `Terms of sale: ${facts.termsUrl}`,
        ],
      },
    ],
  };
}
