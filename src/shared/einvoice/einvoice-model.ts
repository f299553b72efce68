import type { BusinessProfile, ProfileAddress } from '../business-profile';
import { cleanLine } from '../clean-text';
import {
  invoiceDocument,
  orderVatLines,
  type DocumentFacts,
  type DocumentOrder,
  type InvoiceFacts,
} from '../documents/order-documents';
import { orderVatSummary } from '../documents/vat-summary';
import type { OrderAddress } from '../orders/order-schema';
import { invoiceVatSummary } from '../orders/invoice-vat';
import { type SupplyKind, treatmentLabel, type VatGroup } from '../tax/line-vat';
import { localVatLabel } from '../documents/document-language';
import { type Translator, translator } from '../i18n/translator';
import { orderLines } from '../orders/order-lines';
import { roundHalfUp } from '../money';
import { paysInFull } from '../orders/order-kind';
import { type VatCategoryCode, vatCategory } from '../tax/vat-category';

/**
 * How the serialisers start their XML document: a character XML 1.0 cannot carry (a C0 control,
 * U+FFFE, a lone surrogate) is dropped rather than written, so a stored value from before the
 * input check (decision 0072) cannot make the invoice malformed XML.
 */
export const XML_OPTIONS = { version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' } as const;

/**
 * One EN 16931 model of an invoice or credit note (issue 40, decision 0063), drawn from the same
 * document model as its PDF: the serialisers (CII for Factur-X, UBL for Peppol BIS Billing 3.0 and
 * XRechnung) only write it out. Amounts are minor units, positive on a credit note as EN 16931 wants.
 */

export interface EInvoiceAddress {
  /** Street lines (BT-35, BT-36, BT-162). */
  lines: string[];
  city: string;
  postalCode: string;
  region: string | null;
  /** ISO 3166-1 alpha-2 (BT-40, BT-55, BT-80). */
  countryCode: string;
}

export interface EInvoiceParty {
  /** BT-27 / BT-44. */
  name: string;
  /** BT-28 / BT-45. */
  tradingName: string | null;
  /** BT-30 / BT-47: the company number. */
  legalId: string | null;
  /** BT-30-1 / BT-47-1: the legal id's ISO 6523 scheme (0009 for a French SIRET), where one is stated. */
  legalIdScheme?: string | null;
  /** BT-29 / BT-46: the party's identifier with its ISO 6523 scheme (a French public body's SIRET, 0009). */
  identifier?: { scheme: string; id: string } | null;
  /** BT-31 / BT-48: with its country prefix. */
  vatId: string | null;
  address: EInvoiceAddress;
  /** BT-34 / BT-49 (scheme EM) where the party has no Peppol participant id. */
  email: string | null;
  /** BT-49 as a Peppol participant id (EAS scheme and identifier): a Leitweg-ID (0204) or a VAT number. */
  peppolId?: { scheme: string; id: string } | null;
  /** BG-6 / BG-9. */
  contact: { name: string | null; phone: string | null; email: string | null } | null;
}

export interface EInvoiceLine {
  id: string;
  name: string;
  note: string | null;
  quantity: number;
  /** BT-146: the net price of `baseQuantity` units. */
  unitPrice: number;
  /** BT-149: the number of units the price is for (absent: 1; the line's quantity for a line invoiced in part). */
  baseQuantity?: number;
  /** BT-131. */
  net: number;
  category: VatCategoryCode;
  rate: number;
}

export interface EInvoiceVatBreakdown {
  category: VatCategoryCode;
  rate: number;
  /** BT-116. */
  basis: number;
  /** BT-117. */
  vat: number;
  exemptionReason: string | null;
  exemptionReasonCode: string | null;
}

export interface EInvoicePayment {
  /**
   * BT-81: 58 SEPA credit transfer (an IBAN), 30 credit transfer (a UK account number); on a credit
   * note 1 (not defined: the refund's way is agreed with the buyer), which XRechnung's BR-DE-1 needs.
   */
  meansCode: '58' | '30' | '1';
  /** BT-83: the reference the buyer quotes. */
  reference: string;
  /** BT-84: the IBAN or the account number (none on a credit note). */
  accountId: string | null;
  /** BT-85. */
  accountName: string | null;
  /** BT-86: the BIC or the sort code. */
  providerId: string | null;
}

export interface EInvoice {
  kind: 'invoice' | 'credit_note';
  /** BT-3: 380 commercial invoice, 381 credit note. */
  typeCode: '380' | '381' | '386';
  /** BT-1. */
  number: string;
  /** BT-2, YYYY-MM-DD. */
  issueDate: string;
  /** BT-9 (invoices). */
  dueDate: string | null;
  /** BT-5. */
  currency: string;
  /** BT-22: the document's notes (VAT wording of its 0% parts, the credit's reason). */
  notes: string[];
  /** BT-10: the Leitweg-ID where given, else the buyer's PO number; null when the buyer gave neither. */
  buyerReference: string | null;
  /** Whether BT-10 is the buyer's routing reference (Leitweg-ID) rather than its PO number. */
  buyerReferenceIsRouting: boolean;
  /** BT-13: the buyer's PO number. */
  purchaseOrder: string | null;
  /** BT-14: the order number. */
  salesOrder: string;
  /** BG-3: the invoice a credit note corrects, or the deposit invoice a balance invoice follows. */
  preceding: { number: string; issueDate: string | null } | null;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  /** BG-13: where the goods go. */
  deliverTo: { name: string | null; address: EInvoiceAddress } | null;
  /** BG-16 (invoices). */
  payment: EInvoicePayment | null;
  /** BT-20. */
  paymentTerms: string | null;
  lines: EInvoiceLine[];
  vat: EInvoiceVatBreakdown[];
  totals: {
    /** BT-106. */
    lineNet: number;
    /** BT-109. */
    taxExclusive: number;
    /** BT-110. */
    vat: number;
    /** BT-112. */
    taxInclusive: number;
    /** BT-113: what the earlier invoices asked for (a balance invoice's deposit) and money received on account. */
    prepaid: number;
    /** BT-115. */
    payable: number;
  };
}

/** What the e-invoice reads besides what the PDF reads. */
export interface EInvoiceExtras {
  /** The buyer's routing reference (Leitweg-ID), stored on the order. */
  buyerRoutingReference?: string | null;
  /** For a credit note: the credited invoice's issue date. For a balance invoice: the deposit invoice. */
  preceding?: { number: string; issuedAt: Date | string | null } | null;
}

const isoDate = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

const streetLines = (street: string) =>
  street
    .split(/\r?\n/)
    .map((line) => cleanLine(line))
    .filter((line) => line !== '');

const profileAddress = (address: ProfileAddress): EInvoiceAddress => ({
  lines: streetLines(address.street),
  city: cleanLine(address.city),
  postalCode: cleanLine(address.postalCode),
  region: address.region ? cleanLine(address.region) : null,
  countryCode: address.countryCode.toUpperCase(),
});

const orderAddress = (address: OrderAddress): EInvoiceAddress => ({
  lines: streetLines(address.street),
  city: cleanLine(address.city),
  postalCode: cleanLine(address.postal_code),
  region: address.state ? cleanLine(address.state) : null,
  countryCode: address.country.toUpperCase(),
});

/** A VAT number as EN 16931 wants it (BR-CO-9): its country prefix, no spaces or dots; null when it has no prefix. */
export function vatIdentifier(value: string | null | undefined): string | null {
  if (!value) return null;
  const compact = value.replace(/[\s.-]/g, '').toUpperCase();
  return /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(compact) ? compact : null;
}

function seller(profile: BusinessProfile): EInvoiceParty {
  return {
    name: profile.legalName,
    tradingName: profile.tradingName && profile.tradingName !== profile.legalName ? profile.tradingName : null,
    legalId: profile.companyNumber || null,
    vatId: vatIdentifier(profile.vatNumber),
    address: profileAddress(profile.registeredAddress),
    email: profile.salesEmail || null,
    contact: {
      name: profile.tradingName || profile.legalName,
      phone: profile.phone || null,
      email: profile.salesEmail || null,
    },
  };
}

/** The EAS scheme of a VAT number used as a Peppol participant id, by its country prefix (Peppol's code list). */
const vatSchemes: Record<string, string> = {
  AT: '9914',
  BE: '9925',
  BG: '9926',
  CY: '9928',
  CZ: '9929',
  DE: '9930',
  EE: '9931',
  GB: '9932',
  EL: '9933',
  HR: '9934',
  IE: '9935',
  LU: '9938',
  LV: '9939',
  MT: '9943',
  NL: '9944',
  PL: '9945',
  PT: '9946',
  RO: '9947',
  SI: '9949',
  SK: '9950',
  SM: '9951',
  FR: '9957',
  ES: '9920',
  IT: '0211',
  HU: '9910',
  LT: '9937',
  FI: '0213',
  SE: '0007',
  DK: '0184',
};

/** The buyer's Peppol participant id: its Leitweg-ID (0204) where given, else its VAT number where the scheme is known. */
export function buyerPeppolId(routing: string | null, vatId: string | null): { scheme: string; id: string } | null {
  if (routing) return { scheme: '0204', id: routing };
  const scheme = vatId ? vatSchemes[vatId.slice(0, 2)] : undefined;
  return scheme && vatId ? { scheme, id: vatId } : null;
}

function buyer(order: DocumentOrder): EInvoiceParty {
  const billing = order.billingAddress ?? order.shippingAddress;
  const name = cleanLine(billing?.company || billing?.name || order.customerEmail || 'Customer');
  return {
    name,
    tradingName: null,
    legalId: null,
    vatId: vatIdentifier(order.vatNumber),
    address: billing ? orderAddress(billing) : { lines: [], city: '', postalCode: '', region: null, countryCode: 'GB' },
    email: order.customerEmail,
    contact:
      billing?.name || order.customerEmail
        ? {
            name: billing?.name ? cleanLine(billing.name) : null,
            phone: billing?.phone ?? null,
            email: order.customerEmail,
          }
        : null,
  };
}

const supplyName = (supply: SupplyKind) => (supply === 'goods' ? 'goods' : 'services');

/**
 * The invoice's VAT parts: the order's parts shared as its PDF shares them (`invoiceVatSummary`), or
 * for an order placed before lines had VAT its one rate (standard, or zero-rated at 0%).
 */
function vatParts(order: DocumentOrder, amount: number, vatAmount: number): VatGroup[] {
  const summary = orderVatSummary(order.items);
  if (summary)
    return invoiceVatSummary(summary, amount, vatAmount).filter((group) => group.net !== 0 || group.vat !== 0);
  const rate = order.vatRate ?? 0;
  return [
    {
      supply: 'goods',
      treatment: rate > 0 ? 'standard' : 'zero_rated_export',
      rate,
      net: amount - vatAmount,
      vat: vatAmount,
    },
  ];
}

const groupKey = (group: Pick<VatGroup, 'supply' | 'treatment' | 'rate'>) =>
  `${group.supply}:${group.treatment}:${group.rate}`;

/** One item line of the order as the PDF lists it, with the VAT part it belongs to. */
interface ItemLine {
  name: string;
  quantity: number;
  unitPrice: number;
  total: number;
  freeLabel: string | null;
  group: Pick<VatGroup, 'supply' | 'treatment' | 'rate'>;
}

/** The order's item lines in the PDF's order and words (the buyer's language), or null for an order without line VAT. */
function itemLines(order: DocumentOrder, tr: Translator): ItemLine[] | null {
  const items = new Map(order.items.map((item) => [`${item.itemType}:${item.itemId}`, item]));
  const keys = orderLines(order.items).map((line) => line.key);
  const printed = orderVatLines(order, tr).filter((line) => !line.summary);
  const lines: ItemLine[] = [];
  for (const [index, line] of printed.entries()) {
    const item = items.get(keys[index] ?? '');
    if (!item?.supply || !item.vatTreatment || item.vatRate == null) return null;
    lines.push({
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      total: line.total,
      freeLabel: line.freeLabel,
      group: { supply: item.supply, treatment: item.vatTreatment, rate: item.vatRate },
    });
  }
  return lines.length > 0 ? lines : null;
}

/**
 * An item line of the e-invoice: its quantity and net. A line invoiced in full keeps the PDF's unit
 * price; a line invoiced in part (a deposit's or a credit note's share of it) is priced for its whole
 * quantity (BT-149 base quantity = BT-129), so quantity × price / base = net exactly, in minor units.
 */
function pricedLine(id: number, line: ItemLine, net: number, note: string | null): EInvoiceLine {
  const category = vatCategory(line.group.treatment).code;
  const whole = net === line.total;
  const even = line.quantity !== 0 && net % line.quantity === 0;
  const unitPrice = whole ? line.unitPrice : even ? net / line.quantity : net;
  const quantity = unitPrice < 0 ? -line.quantity : line.quantity;
  return {
    id: String(id),
    name: line.name,
    note: [line.freeLabel, note].filter(Boolean).join(' · ') || null,
    quantity,
    unitPrice: Math.abs(unitPrice),
    baseQuantity: whole || even ? 1 : Math.abs(line.quantity),
    net,
    category,
    rate: line.group.rate,
  };
}

/**
 * The share of each item line in `parts` (an invoice's VAT parts, from `invoiceVatSummary`): each
 * part's net over its lines by their net, rounded half-up, the part's last priced line taking what
 * rounding leaves, so the lines of a part sum to the part's net exactly.
 */
function lineShares(lines: ItemLine[], parts: VatGroup[]): number[] {
  const partNet = new Map(parts.map((part) => [groupKey(part), part.net]));
  const shares = lines.map(() => 0);
  const byGroup = new Map<string, number[]>();
  for (const [index, line] of lines.entries()) {
    const key = groupKey(line.group);
    byGroup.set(key, [...(byGroup.get(key) ?? []), index]);
  }
  for (const [key, indexes] of byGroup) {
    const net = partNet.get(key) ?? 0;
    const whole = indexes.reduce((sum, index) => sum + (lines[index]?.total ?? 0), 0);
    const lastPriced = indexes.findLast((index) => lines[index]?.total !== 0) ?? indexes.at(-1) ?? 0;
    let left = net;
    for (const index of indexes) {
      if (index === lastPriced) continue;
      const share = whole === 0 ? 0 : roundHalfUp(((lines[index]?.total ?? 0) * net) / whole);
      shares[index] = share;
      left -= share;
    }
    shares[lastPriced] = left;
  }
  return shares;
}

/** The VAT breakdown of `parts`, one entry per category and rate, with an entry (at 0) for every line's category. */
function breakdownOf(
  parts: readonly VatGroup[],
  lineGroups: readonly Pick<VatGroup, 'treatment' | 'rate'>[],
): EInvoiceVatBreakdown[] {
  const breakdown = new Map<string, EInvoiceVatBreakdown>();
  const entry = (treatment: VatGroup['treatment'], rate: number) => {
    const category = vatCategory(treatment);
    const key = `${category.code}:${rate}`;
    const found = breakdown.get(key) ?? {
      category: category.code,
      rate,
      basis: 0,
      vat: 0,
      exemptionReason: category.exemptionReason,
      exemptionReasonCode: category.exemptionReasonCode,
    };
    breakdown.set(key, found);
    return found;
  };
  for (const part of parts) {
    const found = entry(part.treatment, part.rate);
    found.basis += part.net;
    found.vat += part.vat;
  }
  for (const group of lineGroups) entry(group.treatment, group.rate);
  return [...breakdown.values()];
}

function payment(order: DocumentOrder, profile: BusinessProfile): EInvoicePayment {
  if (order.currency === 'EUR') {
    const account = profile.bank.EUR;
    return {
      meansCode: '58',
      reference: order.orderNumber,
      accountId: account.iban.replace(/\s/g, '').toUpperCase(),
      accountName: account.accountName,
      providerId: account.bic ? account.bic.replace(/\s/g, '').toUpperCase() : null,
    };
  }
  const account = profile.bank.GBP;
  return {
    meansCode: '30',
    reference: order.orderNumber,
    accountId: account.accountNumber.replace(/\s/g, ''),
    accountName: account.accountName,
    providerId: account.sortCode ? account.sortCode.replace(/[\s-]/g, '') : null,
  };
}

function paymentTermsOf(sections: { title: string; lines: string[] }[]): string | null {
  const howToPay = sections.find((section) => section.title === 'How to pay')?.lines[0];
  const termLines = sections.find((section) => section.title === 'Terms')?.lines ?? [];
  const text = [howToPay, ...termLines].filter(Boolean).join(' ');
  return text === '' ? null : text;
}

/**
 * The EN 16931 model of a deposit or balance invoice or a credit note: what its PDF says, as the
 * standard's business terms. Every item line of the PDF is a line (issue 52, decision 0079) in the
 * buyer's language, with its VAT category and rate; the VAT breakdown is the PDF's VAT summary.
 */
export function einvoiceOf(
  order: DocumentOrder,
  invoice: InvoiceFacts,
  facts: Omit<DocumentFacts, 'warranty'>,
  extras: EInvoiceExtras = {},
): EInvoice {
  const document = invoiceDocument(order, invoice, facts);
  const credit = invoice.kind === 'credit';
  const sign = credit ? -1 : 1;
  const amount = sign * invoice.amount;
  const vatAmount = sign * invoice.vatAmount;
  const tr = translator(order.language);
  const items = itemLines(order, tr);
  const summaryLine = document.lines.at(-1);
  const summaryName = summaryLine?.name ?? document.name;
  let lines: EInvoiceLine[];
  let vatBreakdown: EInvoiceVatBreakdown[];
  let deduction: string | null = null;
  const orderSummary = orderVatSummary(order.items);
  const orderNet = items?.reduce((sum, line) => sum + line.total, 0) ?? 0;
  const orderVat = orderSummary?.reduce((sum, group) => sum + group.vat, 0) ?? 0;
  // Issue 52: a balance invoice lists the order's lines in full and deducts what was invoiced in
  // advance as the prepaid amount (BT-113); a deposit invoice and a credit note list every line with
  // its share of what they ask or credit. An order placed before lines had VAT keeps one line per part.
  const inFull = invoice.kind === 'balance' && items && orderSummary && orderNet + orderVat >= amount;
  if (items && orderSummary && inFull) {
    lines = items.map((line, index) => pricedLine(index + 1, line, line.total, null));
    vatBreakdown = breakdownOf(
      orderSummary,
      items.map((line) => line.group),
    );
    const advanceLine = document.lines.find((line) => line.summary && !line.emphasis && (line.gross ?? 0) < 0);
    if (advanceLine)
      deduction = `${advanceLine.name}: ${tr.money(-(advanceLine.gross ?? 0), order.currency)} (${tr.t('doc.total.net')} ${tr.money(-advanceLine.total, order.currency)}, ${localVatLabel(tr, null)} ${tr.money(-(advanceLine.vat ?? 0), order.currency)})`;
  } else if (items && orderSummary) {
    const parts = invoiceVatSummary(orderSummary, amount, vatAmount);
    const shares = lineShares(items, parts);
    lines = items.map((line, index) => pricedLine(index + 1, line, shares[index] ?? 0, summaryName));
    vatBreakdown = breakdownOf(
      parts,
      items.map((line) => line.group),
    );
  } else {
    const parts = vatParts(order, amount, vatAmount);
    lines = parts.map((part, index) => ({
      id: String(index + 1),
      name: parts.length > 1 ? `${summaryName}: ${supplyName(part.supply)}` : summaryName,
      note: treatmentLabel(part.treatment, part.rate),
      quantity: 1,
      unitPrice: part.net,
      baseQuantity: 1,
      net: part.net,
      category: vatCategory(part.treatment).code,
      rate: part.rate,
    }));
    vatBreakdown = breakdownOf(parts, []);
  }
  const lineNet = lines.reduce((sum, line) => sum + line.net, 0);
  const vat = vatBreakdown.reduce((sum, entry) => sum + entry.vat, 0);
  const onAccount = credit ? 0 : (invoice.paidOnAccount ?? 0);
  // BT-113: on a balance invoice in full, what the earlier invoices asked for, and any money paid on account.
  const prepaid = lineNet + vat - amount + onAccount;
  const routing = extras.buyerRoutingReference ? cleanLine(extras.buyerRoutingReference) : null;
  const po = order.poNumber ? cleanLine(order.poNumber) : null;
  // Issue 52: a French public body (Chorus Pro): its SIRET is the buyer's identifier and legal id
  // (scheme 0009), its service code the buyer reference (BT-10), its engagement number BT-13.
  const french = order.publicBuyer ?? null;
  const siret = french ? cleanLine(french.siret) : null;
  const serviceCode = french?.serviceCode ? cleanLine(french.serviceCode) : null;
  const engagement = french?.engagementNumber ? cleanLine(french.engagementNumber) : null;
  const preceding =
    extras.preceding ?? (invoice.creditsNumber ? { number: invoice.creditsNumber, issuedAt: null } : null);
  const sections = document.sections.flatMap((section) => section.lines);
  // A repair's first invoice asks for the whole order (decision 0062): a commercial invoice, not an advance.
  const advanceInvoice = invoice.kind === 'deposit' && !paysInFull(order);
  return {
    kind: credit ? 'credit_note' : 'invoice',
    // A deposit invoice is a prepayment invoice (UNTDID 1001: 386).
    typeCode: credit ? '381' : advanceInvoice ? '386' : '380',
    number: invoice.number,
    issueDate: isoDate(invoice.issuedAt),
    dueDate: credit ? null : isoDate(invoice.dueDate),
    currency: order.currency,
    notes: [
      ...document.notes,
      ...(credit ? sections.filter((line) => !line.startsWith('Terms of sale:')) : []),
      ...(advanceInvoice ? [summaryName] : []),
      ...(deduction ? [deduction] : []),
      // A PO number the engagement number displaced from BT-13 stays on the e-invoice as a note.
      ...(engagement && po ? [`PO: ${po}`] : []),
      ...(onAccount > 0
        ? [`Paid on account, deducted from the amount due: ${(onAccount / 100).toFixed(2)} ${order.currency}.`]
        : []),
    ],
    buyerReference: routing ?? serviceCode ?? po,
    buyerReferenceIsRouting: routing !== null,
    purchaseOrder: engagement ?? po,
    salesOrder: order.orderNumber,
    preceding: preceding
      ? { number: preceding.number, issueDate: preceding.issuedAt ? isoDate(preceding.issuedAt) : null }
      : null,
    seller: seller(facts.profile),
    buyer: {
      ...buyer(order),
      peppolId: siret ? { scheme: '0009', id: siret } : buyerPeppolId(routing, vatIdentifier(order.vatNumber)),
      ...(siret ? { identifier: { scheme: '0009', id: siret }, legalId: siret, legalIdScheme: '0009' } : {}),
    },
    deliverTo: order.shippingAddress
      ? {
          name: order.shippingAddress.company || order.shippingAddress.name || null,
          address: orderAddress(order.shippingAddress),
        }
      : null,
    payment: credit
      ? { meansCode: '1', reference: order.orderNumber, accountId: null, accountName: null, providerId: null }
      : payment(order, facts.profile),
    // BT-20: the PDF's "How to pay" instruction and its terms, word for word.
    paymentTerms: credit ? null : paymentTermsOf(document.sections),
    lines,
    vat: vatBreakdown,
    totals: {
      lineNet,
      taxExclusive: lineNet,
      vat,
      taxInclusive: lineNet + vat,
      prepaid,
      payable: lineNet + vat - prepaid,
    },
  };
}
