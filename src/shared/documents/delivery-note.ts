import { cleanLine } from '../clean-text';
import type { BusinessProfile } from '../business-profile';
import { translator } from '../i18n/translator';
import { orderLines } from '../orders/order-lines';
import { localAddressLines, localIssuer } from './document-language';
import type { BusinessDocument } from './document-model';
import { type DocumentOrder, publicBuyerMeta } from './order-documents';
import { issuerOf } from './issuer';
import { INSPECTION_DAYS } from '../terms';

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
  // Issue 40: in the order's language (the box goes to the buyer).
  const tr = translator(order.language);
  const deliverTo = localAddressLines(tr, order.shippingAddress ?? order.billingAddress);
  const { tracking } = facts;
  const shipping = [
    ...(tracking.carrierName ? [tr.t('mail.shipped.carrier', { carrier: tracking.carrierName })] : []),
    ...(tracking.number ? [tr.t('mail.shipped.tracking', { tracking: cleanLine(tracking.number) })] : []),
    ...(tracking.url ? [tr.t('mail.shipped.trackIt', { url: tracking.url })] : []),
  ];
  return {
    kind: 'delivery_note',
    language: tr.language,
    issuer: tr.language === 'en' ? issuerOf(facts.profile) : localIssuer(tr, facts.profile),
    title: tr.t('doc.deliveryNote.title'),
    name: tr.t('doc.deliveryNote.name', { number: order.orderNumber }),
    currency: order.currency,
    meta: [
      [tr.t('doc.meta.orderNumber'), order.orderNumber],
      [tr.t('doc.meta.orderDate'), tr.date(order.createdAt)],
      ...(order.poNumber ? ([[tr.t('doc.meta.poNumber'), cleanLine(order.poNumber)]] as [string, string][]) : []),
      ...publicBuyerMeta(order, tr),
      [tr.t('doc.deliveryNote.printed'), tr.date(facts.printedAt)],
    ],
    parties: [{ title: tr.t('doc.party.deliverTo'), lines: deliverTo }],
    lines: orderLines(
      order.items.filter((item) => !notGoods.has(item.itemType)),
      tr.language,
    ).map((line) => ({
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
              title: tr.t('doc.deliveryNote.serialNumbers'),
              lines: facts.instruments.map((unit) => `${cleanLine(unit.model)}: ${cleanLine(unit.serialNumber)}`),
            },
          ]
        : []),
      ...(shipping.length > 0 ? [{ title: tr.t('doc.deliveryNote.shipping'), lines: shipping }] : []),
      {
        title: tr.t('doc.deliveryNote.onReceipt'),
        lines: [
          tr.t('doc.deliveryNote.check'),
          tr.t('terms.inspection', { days: String(INSPECTION_DAYS) }),
          tr.t('doc.deliveryNote.questions', {
            email: facts.profile.supportEmail || facts.profile.salesEmail,
            phone: facts.profile.phone,
          }),
          tr.t('doc.termsOfSale', { url: facts.termsUrl }),
        ],
      },
    ],
  };
}
