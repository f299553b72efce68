import type { Language } from '../i18n/languages';
/**
 * One model for every document the shop issues (quote, order confirmation, invoice, credit note):
 * who it is from and for, its number and dates, its priced lines, its totals and its terms. The
 * server's one PDF layout draws any of them, so they all look like one company's.
 */

export type DocumentKind =
  | 'quote'
  | 'acknowledgement'
  | 'confirmation'
  | 'invoice'
  | 'credit_note'
  | 'delivery_note'
  | 'rma'
  | 'statement'
  | 'commercial_invoice'
  | 'repair_pro_forma'
  | 'order_pro_forma'
  | 'decontamination_declaration'
  | 'test_certificate'
  | 'declaration_of_conformity'
  | 'iq_oq_protocol'
  | 'single_supplier_statement'
  | 'supplier_pack'
  | 'production_list';

/**
 * One priced line. Amounts are net of VAT on every document (issue 39: one convention); `total` is
 * the line's net. A document whose lines show VAT (`lineColumns: 'net_vat_gross'`) gives each line's
 * `vat` and `gross` (net + VAT, to the penny).
 */
export interface DocumentLine {
  name: string;
  quantity: number;
  unitPrice: number;
  total: number;
  /** "Included" or "Free" in place of a 0 amount, as on the quote. */
  freeLabel: string | null;
  vat?: number;
  gross?: number;
  /** A summing line drawn bold (the order's total, the amount invoiced). */
  emphasis?: boolean;
  /** A line that only explains (no quantity or unit price drawn). */
  summary?: boolean;
}

export interface DocumentTotal {
  label: string;
  /** Minor units of the document's currency. */
  amount: number;
  emphasis?: boolean;
}

export interface DocumentParty {
  title: string;
  lines: string[];
}

/** Who issues the document: the business profile's letterhead and registration line. */
export interface DocumentIssuer {
  legalName: string;
  /** Address lines, then phone and sales mailbox. */
  lines: string[];
  /** The foot of every page: legal name, registration, company and VAT number. */
  registration: string;
}

/**
 * A titled table of text cells (a statement's account per currency): the layout draws the columns at
 * their share of the page width, wraps long cells, and repeats the header on a new page.
 */
export interface DocumentTable {
  title: string;
  columns: { label: string; width: number; align?: 'left' | 'right' }[];
  rows: { cells: string[]; emphasis?: boolean }[];
}

export interface BusinessDocument {
  kind: DocumentKind;
  /** The language its texts are in (issue 40): the layout's own words and its money follow it. Absent: English. */
  language?: Language;
  /**
   * The lines table's headings in that language (Item, Qty, Unit price, Amount), so the PDF and the
   * browser's printable page say the same; absent: the English ones.
   */
  columns?: { item: string; quantity: string; unitPrice: string; amount: string };
  issuer: DocumentIssuer;
  /** The heading, e.g. "QUOTATION", "ORDER CONFIRMATION", "INVOICE", "CREDIT NOTE". */
  title: string;
  /** The PDF's metadata title, e.g. "Invoice INV2026-00001". */
  name: string;
  currency: string;
  /** Number, dates and references, shown top right as "label: value". */
  meta: [string, string][];
  parties: DocumentParty[];
  lines: DocumentLine[];
  totals: DocumentTotal[];
  /** Small print under the totals (e.g. prices excluding local VAT). */
  notes: string[];
  /** A titled block of text after the totals (payment details, terms). */
  sections: { title: string; lines: string[] }[];
  /** Tables drawn after the notes and before the sections (a statement's accounts). */
  tables?: DocumentTable[];
  /**
   * The lines' columns: 'amount' (quantity, unit price, amount) by default; 'net_vat_gross' adds each
   * line's VAT and gross beside its net (invoices, credit notes and the pro-forma, issue 39).
   */
  lineColumns?: 'amount' | 'net_vat_gross';
  /** A statement printed at the top of every page (the pro-forma's "Pro-forma: not a VAT invoice"). */
  banner?: string;
}
