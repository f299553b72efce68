import { cleanLine } from '../clean-text';
import type { BusinessProfile } from '../business-profile';
import { findCountry, isEuMemberState } from '../countries';
import {
  customsMessages,
  formatCommodityCode,
  formatWeight,
  incotermLine,
  originStatement,
  zeroRatedExport,
} from '../customs';
import { formatUkDate } from '../dates';
import { formatMoney } from '../money';
import { addressLines } from '../orders/order-lines';
import type { BusinessDocument, DocumentTable } from './document-model';
import { issuerOf } from './issuer';
import { type DocumentOrder, deliveryCountry } from './order-documents';

/** A catalogue row's customs data (null fields: not filled in yet). */
export interface ItemCustoms {
  commodityCode: string | null;
  originCountry: string | null;
  netWeightGrams: number | null;
  grossWeightGrams: number | null;
}

/** The order item types that are goods (they cross the border); shipping and servicing are not. */
const goodsTypes = ['base_configuration', 'power_adaptor', 'syringe_holder', 'adaptor', 'accessory'];

export const itemCustomsKey = (itemType: string, itemId: string) => `${itemType}:${itemId}`;

export interface CommercialInvoiceFacts {
  profile: BusinessProfile;
  /** The order's latest invoice (deposit or balance), or null: the order number and today's date stand in. */
  invoice: { number: string; issuedAt: Date | string } | null;
  /** Each goods item's customs data by `itemCustomsKey(itemType, itemId)`. */
  customs: Map<string, ItemCustoms>;
  /** The buyer's EORI number as given at checkout, or null (not given). */
  buyerEori: string | null;
  printedAt: Date | string;
}

/**
 * The number and type of packages: one carton per instrument (its power cord, syringe holder and
 * adaptors packed with it), and one for the accessories where there are any.
 */
export function packagesOf(items: DocumentOrder['items']): { count: number; text: string } {
  const instruments = items
    .filter((item) => item.itemType === 'base_configuration')
    .reduce((sum, item) => sum + item.quantity, 0);
  const accessories = items.some((item) => item.itemType === 'accessory') ? 1 : 0;
  const count = instruments + accessories;
  const parts = [
    ...(instruments > 0 ? [`${instruments} instrument carton${instruments === 1 ? '' : 's'}`] : []),
    ...(accessories > 0 ? ['1 accessories carton'] : []),
  ];
  return { count, text: `${count} carton${count === 1 ? '' : 's'} (${parts.join(', ')})` };
}

let regionNames: Intl.DisplayNames | undefined;
/** A country of origin by name: the shop's own list first, then any ISO code (goods are made anywhere). */
export const countryName = (code: string | null | undefined) => {
  if (!code) return customsMessages.notGiven;
  try {
    // Made on first use, not at load (decision 0050: no Intl at page load).
    regionNames ??= new Intl.DisplayNames(['en-GB'], { type: 'region' });
    return findCountry(code)?.name ?? regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};
const times = (grams: number | null, quantity: number) => (grams === null ? null : grams * quantity);
const sumOf = (values: (number | null)[]) =>
  values.some((value) => value === null) ? null : values.reduce<number>((sum, value) => sum + (value ?? 0), 0);

/**
 * The commercial invoice of an order delivered outside the UK (issue 37): the seller with its GB EORI,
 * the buyer with theirs, the invoice's number and date, the Incoterm with its named place, each goods
 * line with its commodity code, origin, quantity, weights and value, the packages, the statement on
 * origin (EU deliveries, goods of UK origin), "Zero-rated export" and the signatory. Shipping is the
 * freight to the named place; services (servicing plans) are not goods and are left off.
 */
export function commercialInvoiceDocument(order: DocumentOrder, facts: CommercialInvoiceFacts): BusinessDocument {
  const { profile } = facts;
  const money = (minor: number) => formatMoney(minor, order.currency, { decimals: 2 });
  const deliverTo = order.shippingAddress ?? order.billingAddress;
  const town = deliverTo ? cleanLine(deliverTo.city) : profile.deliveryPlace;
  const goods = goodsTypes.flatMap((type) => order.items.filter((item) => item.itemType === type));
  const lines = goods.map((item) => {
    const customs = facts.customs.get(itemCustomsKey(item.itemType, item.itemId)) ?? null;
    return {
      item,
      customs,
      net: times(customs?.netWeightGrams ?? null, item.quantity),
      gross: times(customs?.grossWeightGrams ?? null, item.quantity),
    };
  });
  const freight = order.items
    .filter((item) => item.itemType === 'shipping')
    .reduce((sum, item) => sum + item.totalPrice, 0);
  const goodsValue = goods.reduce((sum, item) => sum + item.totalPrice, 0);
  const notUkOrigin = lines.filter((line) => line.customs?.originCountry !== 'GB');
  const ukOrigin = lines.some((line) => line.customs?.originCountry === 'GB');
  const packages = packagesOf(order.items);
  const netTotal = sumOf(lines.map((line) => line.net));
  const grossTotal = sumOf(lines.map((line) => line.gross));
  const invoiceNumber = facts.invoice?.number ?? order.orderNumber;
  const invoiceDate = formatUkDate(facts.invoice?.issuedAt ?? facts.printedAt);

  const buyer = addressLines(order.billingAddress);
  if (order.customerEmail) buyer.push(order.customerEmail);
  if (order.vatNumber) buyer.push(`VAT number: ${cleanLine(order.vatNumber)}`);
  buyer.push(`EORI number: ${facts.buyerEori ? cleanLine(facts.buyerEori) : customsMessages.notGiven}`);

  const table: DocumentTable = {
    title: 'Goods',
    columns: [
      { label: 'Description', width: 30 },
      { label: 'Commodity code', width: 13 },
      { label: 'Origin', width: 10 },
      { label: 'Qty', width: 6, align: 'right' },
      { label: 'Net weight', width: 11, align: 'right' },
      { label: 'Gross weight', width: 11, align: 'right' },
      { label: `Value (${order.currency})`, width: 14, align: 'right' },
    ],
    rows: [
      ...lines.map(({ item, customs, net, gross }) => ({
        cells: [
          item.itemName,
          formatCommodityCode(customs?.commodityCode ?? null),
          countryName(customs?.originCountry ?? null),
          String(item.quantity),
          formatWeight(net),
          formatWeight(gross),
          money(item.totalPrice),
        ],
      })),
      {
        cells: ['Total goods', '', '', '', formatWeight(netTotal), formatWeight(grossTotal), money(goodsValue)],
        emphasis: true,
      },
    ],
  };

  return {
    kind: 'commercial_invoice',
    issuer: issuerOf(profile),
    title: 'COMMERCIAL INVOICE',
    name: `Commercial invoice ${invoiceNumber}`,
    currency: order.currency,
    meta: [
      ['Invoice number', invoiceNumber],
      ['Invoice date', invoiceDate],
      ['Order number', order.orderNumber],
      ...(order.poNumber ? ([['Your PO number', cleanLine(order.poNumber)]] as [string, string][]) : []),
      ['Incoterm', incotermLine(town)],
    ],
    parties: [
      {
        title: 'Seller (exporter)',
        lines: [
          profile.legalName,
          ...issuerOf(profile).lines.slice(0, -1),
          `VAT number: ${profile.vatNumber}`,
          `EORI number: ${profile.eoriNumber}`,
        ],
      },
      { title: 'Buyer (importer)', lines: buyer },
      { title: 'Deliver to (consignee)', lines: addressLines(order.shippingAddress ?? order.billingAddress) },
    ],
    lines: [],
    totals: [
      { label: 'Total value of goods', amount: goodsValue },
      { label: `Freight and insurance to ${town}`, amount: freight },
      { label: 'Total invoice value', amount: goodsValue + freight, emphasis: true },
    ],
    notes: [],
    tables: [table],
    sections: [
      {
        title: 'Shipment',
        lines: [
          `Packages: ${packages.text}`,
          `Total net weight: ${formatWeight(netTotal)}. Total gross weight: ${formatWeight(grossTotal)}.`,
          `Delivery terms: ${incotermLine(town)}. Country of destination: ${countryName(deliveryCountry(order))}.`,
          `Currency of invoice: ${order.currency}.`,
        ],
      },
      { title: 'VAT', lines: [`${zeroRatedExport}: goods exported from the United Kingdom (VAT Notice 703).`] },
      ...(ukOrigin && isEuMemberState(deliveryCountry(order))
        ? [
            {
              title: 'Statement on origin',
              lines: [
                originStatement(profile.eoriNumber),
                ...(notUkOrigin.length > 0
                  ? [
                      `Not of United Kingdom preferential origin: ${notUkOrigin.map((line) => line.item.itemName).join('; ')}.`,
                    ]
                  : []),
                `${profile.tradingAddress.city}, ${invoiceDate}`,
                profile.legalName,
              ],
            },
          ]
        : []),
      ...(order.items.some((item) => item.itemType === 'servicing')
        ? [
            {
              title: 'Services',
              lines: ['The servicing plan on this order is a service, not goods: it is not listed here.'],
            },
          ]
        : []),
      {
        title: 'Declaration',
        lines: [
          'I declare that the information on this invoice is true and correct.',
          `Signed: ${profile.signatoryName}, ${profile.signatoryTitle}, for ${profile.legalName}`,
          `Date: ${invoiceDate}`,
        ],
      },
    ],
  };
}
