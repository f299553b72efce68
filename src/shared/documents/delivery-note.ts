import { cleanLine } from '../clean-text';
import type { BusinessProfile } from '../business-profile';
import { formatUkDate } from '../dates';
import { addressLines, orderLines } from '../orders/order-lines';
import type { BusinessDocument } from './document-model';
import type { DocumentOrder } from './order-documents';
import { issuerOf } from './issuer';
import { terms } from '../terms';

export interface DeliveryNoteFacts {
  profile: BusinessProfile;
  /** The terms of sale on the deployment's site (`PUBLIC_URL/terms-of-sale`). */
  termsUrl: string;
  /** The carrier's name and tracking link, when staff set them (order-notice-mail.ts trackingOf). */
  tracking: { carrierName: string | null; number: string | null; url: string | null };
  printedAt: Date | string;
  /** The instruments in the box, by model and serial number (set at dispatch; none before). */
  instruments: { model: string; serialNumber: string }[];
}

/** Services and the carriage are not in the box: the note lists the goods only. */
const notGoods = new Set(['servicing', 'shipping']);

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
    lines: orderLines(order.items.filter((item) => !notGoods.has(item.itemType))).map((line) => ({
      ...line,
      unitPrice: 0,
      total: 0,
      freeLabel: null,
    })),
    totals: [],
    notes: [],
    sections: [
      ...(facts.instruments.length > 0
        ? [
            {
              title: 'Serial numbers',
              lines: facts.instruments.map((unit) => `${cleanLine(unit.model)}: ${cleanLine(unit.serialNumber)}`),
            },
          ]
        : []),
      ...(shipping.length > 0 ? [{ title: 'Shipping', lines: shipping }] : []),
      {
        title: 'On receipt',
        lines: [
          'Please check the goods against this note.',
          terms.inspection,
          `Questions: ${facts.profile.supportEmail || facts.profile.salesEmail} · ${facts.profile.phone}`,
          `Terms of sale: ${facts.termsUrl}`,
        ],
      },
    ],
  };
}
