import { cleanLine } from '../clean-text';
import type { BusinessProfile } from '../business-profile';
import { findCountry, isEuMemberState } from '../countries';
import { customsMessages, formatCommodityCode, formatWeight, incotermLine, originStatement } from '../customs';
import { type Translator, translator } from '../i18n/translator';
import { addressLines } from '../orders/order-lines';
import { localAddressLines, localIssuer } from './document-language';
import type { BusinessDocument, DocumentTable } from './document-model';
import { issuerOf } from './issuer';
import { type DocumentOrder, deliveryCountry, publicBuyerMeta } from './order-documents';

/** A catalogue row's customs data (null fields: not filled in yet). */
export interface ItemCustoms {
  commodityCode: string | null;
  originCountry: string | null;
  netWeightGrams: number | null;
  grossWeightGrams: number | null;
  /** Issue 51: the value declared for it when given at no charge, per currency (minor units); null: not set. */
  customsValueGbp?: number | null;
  customsValueEur?: number | null;
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
export function packagesOf(
  items: DocumentOrder['items'],
  tr: Translator = translator('en'),
): { count: number; text: string } {
  const instruments = items
    .filter((item) => item.itemType === 'base_configuration')
    .reduce((sum, item) => sum + item.quantity, 0);
  const accessories = items.some((item) => item.itemType === 'accessory') ? 1 : 0;
  const count = instruments + accessories;
  const plural = (n: number) => (n === 1 ? 'one' : 'other');
  const parts = [
    ...(instruments > 0
      ? [tr.t(`doc.ci.instrumentCartons.${plural(instruments)}`, { count: String(instruments) })]
      : []),
    ...(accessories > 0 ? [tr.t('doc.ci.accessoriesCarton')] : []),
  ];
  return { count, text: tr.t(`doc.ci.cartons.${plural(count)}`, { count: String(count), parts: parts.join(', ') }) };
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
const localRegionNames = new Map<string, Intl.DisplayNames>();
/** `countryName` in the buyer's language (issue 40): "Vereinigtes Königreich", "Chine". */
export const localCountryName = (tr: Translator, code: string | null | undefined) => {
  if (tr.language === 'en') return countryName(code);
  if (!code) return tr.t('doc.ci.notGiven');
  try {
    let names = localRegionNames.get(tr.language);
    if (!names) {
      names = new Intl.DisplayNames([tr.language], { type: 'region' });
      localRegionNames.set(tr.language, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
};
/** `formatWeight` in the buyer's language: "3,00 kg"; English as it always was. */
export const localWeight = (tr: Translator, grams: number | null) => {
  if (tr.language === 'en') return formatWeight(grams);
  if (grams === null) return tr.t('doc.ci.notGiven');
  return grams >= 1000 ? `${tr.number(grams / 1000, 2)} kg` : `${tr.number(grams, 0)} g`;
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
  // Issue 40: in the order's language. The commodity codes, EORI numbers and the Incoterm are data; the
  // statement on origin keeps the Agreement's prescribed English words (its English version is valid in the EU).
  const tr = translator(order.language);
  const english = tr.language === 'en';
  const money = (minor: number) => tr.money(minor, order.currency);
  const weight = (grams: number | null) => localWeight(tr, grams);
  const notGiven = english ? customsMessages.notGiven : tr.t('doc.ci.notGiven');
  const code = (value: string | null) => (value ? formatCommodityCode(value) : notGiven);
  const deliverTo = order.shippingAddress ?? order.billingAddress;
  const town = deliverTo ? cleanLine(deliverTo.city) : profile.deliveryPlace;
  const goods = goodsTypes.flatMap((type) => order.items.filter((item) => item.itemType === type));
  const lines = goods.map((item) => {
    const customs = facts.customs.get(itemCustomsKey(item.itemType, item.itemId)) ?? null;
    // Issue 51: an item given at no charge is declared at the catalogue's value for customs (null: not set).
    const declared = order.currency === 'EUR' ? customs?.customsValueEur : customs?.customsValueGbp;
    return {
      item,
      customs,
      net: times(customs?.netWeightGrams ?? null, item.quantity),
      gross: times(customs?.grossWeightGrams ?? null, item.quantity),
      noChargeValue: item.totalPrice === 0 ? times(declared ?? null, item.quantity) : null,
    };
  });
  const noCharge = lines.filter((line) => line.item.totalPrice === 0);
  const noChargeValue = noCharge.reduce((sum, line) => sum + (line.noChargeValue ?? 0), 0);
  const freight = order.items
    .filter((item) => item.itemType === 'shipping')
    .reduce((sum, item) => sum + item.totalPrice, 0);
  const goodsValue = goods.reduce((sum, item) => sum + item.totalPrice, 0);
  const notUkOrigin = lines.filter((line) => line.customs?.originCountry !== 'GB');
  const ukOrigin = lines.some((line) => line.customs?.originCountry === 'GB');
  const packages = packagesOf(order.items, tr);
  const netTotal = sumOf(lines.map((line) => line.net));
  const grossTotal = sumOf(lines.map((line) => line.gross));
  const invoiceNumber = facts.invoice?.number ?? order.orderNumber;
  const invoiceDate = tr.date(facts.invoice?.issuedAt ?? facts.printedAt);
  const issuer = english ? issuerOf(profile) : localIssuer(tr, profile);

  const buyer = english ? addressLines(order.billingAddress) : localAddressLines(tr, order.billingAddress);
  if (order.customerEmail) buyer.push(order.customerEmail);
  if (order.vatNumber) buyer.push(tr.t('doc.party.vatNumber', { number: cleanLine(order.vatNumber) }));
  buyer.push(tr.t('doc.ci.eori', { number: facts.buyerEori ? cleanLine(facts.buyerEori) : notGiven }));
  const consignee = order.shippingAddress ?? order.billingAddress;

  const table: DocumentTable = {
    title: tr.t('doc.ci.goods'),
    columns: [
      { label: tr.t('doc.ci.col.description'), width: 29 },
      { label: tr.t('doc.ci.col.commodityCode'), width: 13 },
      { label: tr.t('doc.ci.col.origin'), width: 10 },
      { label: tr.t('doc.pdf.qty'), width: 7, align: 'right' },
      { label: tr.t('doc.ci.col.netWeight'), width: 11, align: 'right' },
      { label: tr.t('doc.ci.col.grossWeight'), width: 11, align: 'right' },
      { label: tr.t('doc.ci.col.value', { currency: order.currency }), width: 14, align: 'right' },
    ],
    rows: [
      ...lines.map(({ item, customs, net, gross, noChargeValue: declared }) => ({
        cells: [
          item.totalPrice === 0 ? `${item.itemName}: ${tr.t('doc.ci.noCharge')}` : item.itemName,
          code(customs?.commodityCode ?? null),
          localCountryName(tr, customs?.originCountry ?? null),
          String(item.quantity),
          weight(net),
          weight(gross),
          item.totalPrice === 0 ? (declared === null ? notGiven : money(declared)) : money(item.totalPrice),
        ],
      })),
      {
        cells: [
          tr.t('doc.ci.totalGoods'),
          '',
          '',
          '',
          weight(netTotal),
          weight(grossTotal),
          money(goodsValue + noChargeValue),
        ],
        emphasis: true,
      },
    ],
  };

  return {
    kind: 'commercial_invoice',
    language: tr.language,
    issuer,
    title: tr.t('doc.ci.title'),
    name: tr.t('doc.ci.name', { number: invoiceNumber }),
    currency: order.currency,
    meta: [
      [tr.t('doc.meta.invoiceNumber'), invoiceNumber],
      [tr.t('doc.ci.invoiceDate'), invoiceDate],
      [tr.t('doc.meta.orderNumber'), order.orderNumber],
      ...(order.poNumber ? ([[tr.t('doc.meta.poNumber'), cleanLine(order.poNumber)]] as [string, string][]) : []),
      ...publicBuyerMeta(order, tr),
      [tr.t('doc.ci.incoterm'), incotermLine(town)],
    ],
    parties: [
      {
        title: tr.t('doc.ci.seller'),
        lines: [
          profile.legalName,
          ...issuer.lines.slice(0, -1),
          tr.t('doc.party.vatNumber', { number: profile.vatNumber }),
          tr.t('doc.ci.eori', { number: profile.eoriNumber }),
        ],
      },
      { title: tr.t('doc.ci.buyer'), lines: buyer },
      {
        title: tr.t('doc.ci.consignee'),
        lines: english ? addressLines(consignee) : localAddressLines(tr, consignee),
      },
    ],
    lines: [],
    totals: [
      { label: tr.t('doc.ci.totalGoodsValue'), amount: goodsValue },
      { label: tr.t('doc.ci.freight', { town }), amount: freight },
      { label: tr.t('doc.ci.totalValue'), amount: goodsValue + freight, emphasis: true },
      // Issue 51: the goods at no charge, declared at a value for customs purposes only, and the customs total.
      ...(noCharge.length > 0
        ? [
            { label: tr.t('doc.ci.totalNoCharge'), amount: noChargeValue },
            { label: tr.t('doc.ci.totalCustomsValue'), amount: goodsValue + noChargeValue + freight },
          ]
        : []),
    ],
    notes: [],
    tables: [table],
    sections: [
      {
        title: tr.t('doc.ci.shipment'),
        lines: [
          tr.t('doc.ci.packages', { packages: packages.text }),
          tr.t('doc.ci.weights', { net: weight(netTotal), gross: weight(grossTotal) }),
          tr.t('doc.ci.deliveryTerms', {
            incoterm: incotermLine(town),
            country: localCountryName(tr, deliveryCountry(order)),
          }),
          tr.t('doc.ci.currency', { currency: order.currency }),
        ],
      },
      { title: tr.t('doc.ci.vat'), lines: [tr.t('doc.ci.zeroRated')] },
      ...(ukOrigin && isEuMemberState(deliveryCountry(order))
        ? [
            {
              title: tr.t('doc.ci.originTitle'),
              lines: [
                ...(english ? [] : [tr.t('doc.ci.originEnglish')]),
                originStatement(profile.eoriNumber),
                ...(notUkOrigin.length > 0
                  ? [tr.t('doc.ci.notUkOrigin', { items: notUkOrigin.map((line) => line.item.itemName).join('; ') })]
                  : []),
                `${profile.tradingAddress.city}, ${invoiceDate}`,
                profile.legalName,
              ],
            },
          ]
        : []),
      ...(order.items.some((item) => item.itemType === 'servicing')
        ? [{ title: tr.t('doc.ci.servicesTitle'), lines: [tr.t('doc.ci.services')] }]
        : []),
      {
        title: tr.t('doc.ci.declarationTitle'),
        lines: [
          tr.t('doc.ci.declaration'),
          tr.t('doc.ci.signed', {
            name: profile.signatoryName,
            title: profile.signatoryTitle,
            company: profile.legalName,
          }),
          tr.t('doc.ci.date', { date: invoiceDate }),
        ],
      },
    ],
  };
}
