import type { BusinessProfile, ProfileAddress } from '../business-profile';
import { cleanLine } from '../clean-text';
import {
  invoiceDocument,
  type DocumentFacts,
  type DocumentOrder,
  type InvoiceFacts,
} from '../documents/order-documents';
import { orderVatSummary } from '../documents/vat-summary';
import type { OrderAddress } from '../orders/order-schema';
import { invoiceVatSummary } from '../orders/invoice-vat';
import { type SupplyKind, treatmentLabel, type VatGroup } from '../tax/line-vat';
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
  /** BT-146: the net price of one unit. */
  unitPrice: number;
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
  /** BT-81: 58 SEPA credit transfer (an IBAN), 30 credit transfer (a UK account number). */
  meansCode: '58' | '30';
  /** BT-83: the reference the buyer quotes. */
  reference: string;
  /** BT-84: the IBAN or the account number. */
  accountId: string;
  /** BT-85. */
  accountName: string;
  /** BT-86: the BIC or the sort code. */
  providerId: string | null;
}

export interface EInvoice {
  kind: 'invoice' | 'credit_note';
  /** BT-3: 380 commercial invoice, 381 credit note. */
  typeCode: '380' | '381';
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
    /** BT-113: money received on account beyond the earlier invoices (an overpaid deposit). */
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
 * standard's business terms. Each VAT part of the PDF's summary is a line with its category, so the
 * lines, the VAT breakdown and the totals are the PDF's figures exactly.
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
  const parts = vatParts(order, amount, vatAmount);
  const lineName = document.lines.at(-1)?.name ?? document.name;
  const lines: EInvoiceLine[] = parts.map((part, index) => ({
    id: String(index + 1),
    name: parts.length > 1 ? `${lineName}: ${supplyName(part.supply)}` : lineName,
    note: treatmentLabel(part.treatment, part.rate),
    quantity: 1,
    unitPrice: part.net,
    net: part.net,
    category: vatCategory(part.treatment).code,
    rate: part.rate,
  }));
  const breakdown = new Map<string, EInvoiceVatBreakdown>();
  for (const part of parts) {
    const category = vatCategory(part.treatment);
    const key = `${category.code}:${part.rate}`;
    const entry = breakdown.get(key) ?? {
      category: category.code,
      rate: part.rate,
      basis: 0,
      vat: 0,
      exemptionReason: category.exemptionReason,
      exemptionReasonCode: category.exemptionReasonCode,
    };
    entry.basis += part.net;
    entry.vat += part.vat;
    breakdown.set(key, entry);
  }
  const lineNet = lines.reduce((sum, line) => sum + line.net, 0);
  const vat = [...breakdown.values()].reduce((sum, entry) => sum + entry.vat, 0);
  const prepaid = credit ? 0 : (invoice.paidOnAccount ?? 0);
  const routing = extras.buyerRoutingReference ? cleanLine(extras.buyerRoutingReference) : null;
  const po = order.poNumber ? cleanLine(order.poNumber) : null;
  const preceding =
    extras.preceding ?? (invoice.creditsNumber ? { number: invoice.creditsNumber, issuedAt: null } : null);
  const sections = document.sections.flatMap((section) => section.lines);
  return {
    kind: credit ? 'credit_note' : 'invoice',
    typeCode: credit ? '381' : '380',
    number: invoice.number,
    issueDate: isoDate(invoice.issuedAt),
    dueDate: credit ? null : isoDate(invoice.dueDate),
    currency: order.currency,
    notes: [
      ...document.notes,
      ...(credit ? sections.filter((line) => !line.startsWith('Terms of sale:')) : []),
      ...(prepaid > 0
        ? [`Paid on account, deducted from the amount due: ${(prepaid / 100).toFixed(2)} ${order.currency}.`]
        : []),
    ],
    buyerReference: routing ?? po,
    buyerReferenceIsRouting: routing !== null,
    purchaseOrder: po,
    salesOrder: order.orderNumber,
    preceding: preceding
      ? { number: preceding.number, issueDate: preceding.issuedAt ? isoDate(preceding.issuedAt) : null }
      : null,
    seller: seller(facts.profile),
    buyer: { ...buyer(order), peppolId: buyerPeppolId(routing, vatIdentifier(order.vatNumber)) },
    deliverTo: order.shippingAddress
      ? {
          name: order.shippingAddress.company || order.shippingAddress.name || null,
          address: orderAddress(order.shippingAddress),
        }
      : null,
    payment: credit ? null : payment(order, facts.profile),
    // BT-20: the PDF's "How to pay" instruction and its terms, word for word.
    paymentTerms: credit ? null : paymentTermsOf(document.sections),
    lines,
    vat: [...breakdown.values()],
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
