import { isEuMemberState } from '../countries';
import { roundHalfUp } from '../money';

/**
 * Each priced line's VAT, decided once (issue 37, docs/decisions/0055-vat-per-line.md): every price,
 * quote, order, invoice, credit note and register reads the treatment written here.
 *
 * Kept free of zod and of the VAT-number checks (`vatCustomer` in vat-customer.ts parses the number on
 * the server): the configurator's estimate reads it.
 */

/** What a line sells: goods (the instrument, its parts, accessories and their carriage) or services (servicing plans, repairs). */
export type SupplyKind = 'goods' | 'services';

export type VatTreatment = 'standard' | 'zero_rated_export' | 'reverse_charge';

/** What the treatment of a line depends on besides what it sells. */
export interface TaxContext {
  /** Where the goods go (ISO country code). */
  deliveryCountry: string;
  /** Collected from our UK premises rather than delivered: the goods have not been exported. */
  collected: boolean;
  /** The customer's country (the billing address's). */
  customerCountry: string;
  /** The country prefix of the customer's VAT number when it parses (EL for Greece, XI), else null (`vatCustomer`). */
  vatNumberCountry: string | null;
}

/** Who buys, for VAT: their country (the billing address's) and their VAT number's country when it parses. */
export interface VatCustomer {
  country: string;
  vatNumberCountry: string | null;
}

/** The wording every document prints for a 0% part (the table, word for word). */
export const vatWording = {
  zero_rated_export: 'Zero-rated export of goods (VAT Notice 703)',
  reverse_charge: 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC)',
} as const;

const percent = (rate: number) => (Number.isInteger(rate) ? String(rate) : rate.toFixed(2));

/** "VAT 20%" for a standard-rated part, else the rule's wording. */
export const treatmentLabel = (treatment: VatTreatment, ratePercent: number) =>
  treatment === 'standard' ? `VAT ${percent(ratePercent)}%` : vatWording[treatment];

/** Greece's VAT numbers start EL, not GR. */
const vatCountry = (code: string) => (code === 'EL' ? 'GR' : code);

/**
 * A business established in the EU, for VAT on services: its country (the billing address's) is an
 * EU member state and its VAT number parses as an EU member state's or Northern Ireland's (XI). No
 * VAT number, or one that does not parse, is not: the customer is then taxed as a consumer.
 */
export function isEuBusiness(customer: VatCustomer): boolean {
  const prefix = customer.vatNumberCountry;
  return (
    isEuMemberState(customer.country) && prefix !== null && (isEuMemberState(vatCountry(prefix)) || prefix === 'XI')
  );
}

/**
 * The treatment of one line:
 * - goods delivered in the UK or collected from us: standard rate (not exported);
 * - goods we deliver outside the UK (DAP): zero-rated export (VAT Notice 703), kept only with proof of export;
 * - services to a business established in the EU with a valid VAT number: outside the scope of UK VAT,
 *   reverse charge by the customer (VAT Notice 741A, Article 196 of Directive 2006/112/EC);
 * - services to anyone else (UK customers, and EU customers without a valid VAT number): standard rate.
 */
export function vatTreatment(supply: SupplyKind, context: TaxContext): VatTreatment {
  if (supply === 'goods')
    return context.collected || context.deliveryCountry === 'GB' ? 'standard' : 'zero_rated_export';
  return isEuBusiness({ country: context.customerCountry, vatNumberCountry: context.vatNumberCountry })
    ? 'reverse_charge'
    : 'standard';
}

export interface LineVat {
  supply: SupplyKind;
  vatTreatment: VatTreatment;
  /** Percent: the standard rate, or 0. */
  vatRate: number;
  /** Minor units: the line's net at its rate, rounded half-up on the line (VAT Notice 700, 17.5). */
  vat: number;
}

/** A line's VAT from its net (minor units) at the standard rate in force (the VAT-rate setting). */
export function lineVat(supply: SupplyKind, net: number, context: TaxContext, standardRatePercent: number): LineVat {
  const treatment = vatTreatment(supply, context);
  const vatRate = treatment === 'standard' ? standardRatePercent : 0;
  return { supply, vatTreatment: treatment, vatRate, vat: roundHalfUp((net * vatRate) / 100) };
}

/** One part of a VAT summary: the lines of one supply kind, treatment and rate. */
export interface VatGroup {
  supply: SupplyKind;
  treatment: VatTreatment;
  rate: number;
  net: number;
  vat: number;
}

const groupOrder: Record<string, number> = { goods: 0, services: 1 };

/** The lines' VAT by supply kind and treatment (goods first), each with its net and its lines' VAT summed. */
export function vatSummary(
  lines: readonly { supply: SupplyKind; vatTreatment: VatTreatment; vatRate: number; total: number; vat: number }[],
): VatGroup[] {
  const groups = new Map<string, VatGroup>();
  for (const line of lines) {
    const key = `${line.supply}:${line.vatTreatment}:${line.vatRate}`;
    const group = groups.get(key) ?? {
      supply: line.supply,
      treatment: line.vatTreatment,
      rate: line.vatRate,
      net: 0,
      vat: 0,
    };
    group.net += line.total;
    group.vat += line.vat;
    groups.set(key, group);
  }
  return [...groups.values()]
    .filter((group) => group.net !== 0 || group.vat !== 0)
    .sort((a, b) => (groupOrder[a.supply] ?? 0) - (groupOrder[b.supply] ?? 0));
}

/** A summary part as a document prints it: "Goods, VAT 20%" or "Services, Reverse charge: …". */
export const vatGroupLabel = (group: Pick<VatGroup, 'supply' | 'treatment' | 'rate'>) =>
  `${group.supply === 'goods' ? 'Goods' : 'Services'}: ${treatmentLabel(group.treatment, group.rate)}`;
