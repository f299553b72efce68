import { type BankAccounts, type PublicBusinessProfile, profileAddressLines } from '../business-profile';
import { type Translator, translator } from '../i18n/translator';
import { addressLines } from '../orders/order-lines';
import type { OrderAddress } from '../orders/order-schema';
import type { BatchShip } from '../batches/ship-date';
import type { SupplyKind, VatGroup, VatTreatment } from '../tax/line-vat';
import {
  CANCELLATION_FEE_PERCENT,
  defaultTermsValues,
  REPAIR_LEAD_TIME_WORKING_DAYS,
  type TermsValues,
} from '../terms';
import type { DocumentIssuer, DocumentTotal } from './document-model';
import { vatPartsByTreatment } from './vat-summary';

/**
 * The pieces every document and e-mail of an order says, in the buyer's language (issue 40, decision
 * note 0064): each sentence is a message of the catalogues (src/shared/i18n/locales/{en,de,fr}/messages.po)
 * by its id, its figures formatted by the translator. The English catalogue holds the shop's English text
 * word for word (terms-text.test.ts holds its terms equal to src/shared/terms.ts).
 */

const percent = (rate: number) => (Number.isInteger(rate) ? String(rate) : rate.toFixed(2));

/** The lines table's headings in the buyer's language (a document model's `columns`). */
export const localColumns = (tr: Translator) => ({
  item: tr.t('doc.pdf.item'),
  quantity: tr.t('doc.pdf.qty'),
  unitPrice: tr.t('doc.pdf.unitPrice'),
  amount: tr.t('doc.pdf.amount'),
});

/** "VAT (20%)", or "VAT" when the order's one rate is not known. */
export const localVatLabel = (tr: Translator, vatRate: number | null) =>
  vatRate === null ? tr.t('doc.vat.labelNoRate') : tr.t('doc.vat.label', { rate: percent(vatRate) });

/** "Included" or "Free" in the buyer's language, for a line the shop gives at no charge. */
export const localFreeLabel = (tr: Translator, label: string | null) =>
  label === 'Included' ? tr.t('doc.line.included') : label === 'Free' ? tr.t('doc.line.free') : label;

const soldKey = (supplies: readonly SupplyKind[]) =>
  supplies.length > 1 ? 'goodsAndServices' : supplies[0] === 'services' ? 'services' : 'goods';

/** The wording of a 0% VAT treatment (the tax module's, in the buyer's language). */
export const localVatWording = (tr: Translator, treatment: Exclude<VatTreatment, 'standard'>) =>
  tr.t(`vat.wording.${treatment}`);

/** `vatSummaryParts` (vat-summary.ts) in the buyer's language. */
export function localVatSummaryParts(
  tr: Translator,
  groups: readonly VatGroup[],
  currency: string,
): { totals: DocumentTotal[]; notes: string[] } {
  const money = (minor: number) => tr.money(minor, currency);
  const shown = vatPartsByTreatment(groups);
  const totals: DocumentTotal[] = shown.map((part) => ({
    label: tr.t('doc.vat.part', {
      rate: percent(part.rate),
      what: tr.t(`doc.vat.${soldKey(part.supplies)}`),
      net: money(part.net),
    }),
    amount: part.vat,
  }));
  if (shown.length > 1)
    totals.push({ label: tr.t('doc.vat.total'), amount: shown.reduce((sum, part) => sum + part.vat, 0) });
  const notes = shown.flatMap((part) =>
    part.treatment === 'standard'
      ? []
      : [
          tr.t(`doc.vat.note.${soldKey(part.supplies)}`, {
            net: money(part.net),
            wording: localVatWording(tr, part.treatment),
          }),
        ],
  );
  return { totals, notes };
}

/** The letterhead in the buyer's language: the registration line's words are the catalogue's. */
export const localIssuer = (tr: Translator, profile: PublicBusinessProfile): DocumentIssuer => ({
  legalName: profile.legalName,
  lines: [
    ...profileAddressLines({ ...profile.tradingAddress, country: tr.country(profile.tradingAddress.country) }),
    `${profile.phone} · ${profile.salesEmail}`,
  ],
  registration: tr.t('doc.registration', {
    legalName: profile.legalName,
    registeredIn: tr.place(profile.registeredIn),
    companyNumber: profile.companyNumber,
    vatNumber: profile.vatNumber,
  }),
});

/** `bankLines` (business-profile.ts) in the buyer's language. */
export function localBankLines(tr: Translator, bank: BankAccounts, currency: 'GBP' | 'EUR'): string[] {
  if (currency === 'EUR') {
    const account = bank.EUR;
    return [
      tr.t('doc.bank.accountName', { value: account.accountName }),
      tr.t('doc.bank.bank', { value: account.bankName }),
      `IBAN: ${account.iban}`,
      `BIC: ${account.bic}`,
    ];
  }
  const account = bank.GBP;
  return [
    tr.t('doc.bank.accountName', { value: account.accountName }),
    tr.t('doc.bank.bank', { value: account.bankName }),
    tr.t('doc.bank.sortCode', { value: account.sortCode }),
    tr.t('doc.bank.accountNumber', { value: account.accountNumber }),
  ];
}

/** The documents' batch line: "Production batch: Batch 2. Ships in March 2027, estimated." */
export const localBatchLine = (tr: Translator, batch: Pick<BatchShip, 'name' | 'shipDate'> | null) =>
  !batch
    ? tr.t('doc.batch.toBeAllocated')
    : batch.shipDate
      ? tr.t('doc.batch.ships', { name: batch.name, month: tr.month(batch.shipDate) })
      : tr.t('doc.batch.toBeConfirmed', { name: batch.name });

/**
 * The confirmation's estimated delivery window (issue 38) in the buyer's language: from the batch's
 * ship date to `windowDays` later (dispatch, transit and customs, the terms' DELIVERY_WINDOW_DAYS),
 * by the order's shipping option. Null while the ship date is to be confirmed.
 */
export function localDeliveryWindow(
  tr: Translator,
  shipDate: string | null,
  shipping: string | null,
  windowDays: number,
): string | null {
  if (!shipDate) return null;
  const last = new Date(`${shipDate}T00:00:00Z`);
  if (Number.isNaN(last.getTime())) return null;
  last.setUTCDate(last.getUTCDate() + windowDays);
  const values = { from: tr.date(shipDate), to: tr.date(last) };
  return shipping ? tr.t('doc.deliveryWindowBy', { ...values, shipping }) : tr.t('doc.deliveryWindow', values);
}

/** "12 months", "3 years" (terms.ts `periodText`) in the buyer's language. */
const localPeriod = (tr: Translator, months: number) =>
  months % 12 === 0 && months >= 24
    ? tr.t('terms.period.years', { n: months / 12 })
    : tr.t('terms.period.months', { n: months });

/**
 * The terms' sentences (src/shared/terms.ts `terms`) in the buyer's language: a summary for reading. The
 * binding text of the terms of sale stays English; every German or French document says so beside the
 * link to it (the `doc.termsOfSale` message).
 */
export function localTerms(tr: Translator) {
  const place = (values: Pick<TermsValues, 'deliveryPlace'>) =>
    values.deliveryPlace === defaultTermsValues.deliveryPlace
      ? tr.t('terms.deliveryPlace.default')
      : values.deliveryPlace;
  return {
    binding: tr.t('terms.binding'),
    deposit: (values: Pick<TermsValues, 'depositPercent' | 'depositDueDays'>) =>
      tr.t('terms.deposit', { percent: String(values.depositPercent), days: String(values.depositDueDays) }),
    balance: tr.t('terms.balance'),
    currency: (currency: string) => tr.t('terms.currency', { currency }),
    cancellation: tr.t('terms.cancellation', { percent: String(CANCELLATION_FEE_PERCENT) }),
    warranty: (months: number, planName: string | null) =>
      planName
        ? tr.t('terms.warranty.plan', { period: localPeriod(tr, months), plan: planName })
        : tr.t('terms.warranty.standard', { period: localPeriod(tr, months) }),
    delivery: (country: string | null | undefined, values: Pick<TermsValues, 'deliveryPlace'>) =>
      country === 'GB'
        ? tr.t('terms.delivery.uk', { place: place(values) })
        : tr.t('terms.delivery.abroad', { place: place(values) }),
    // A repair's terms (terms.ts `repairTerms`, decision 0062).
    repairValidity: (values: Pick<TermsValues, 'quoteValidityDays'>) =>
      tr.t('terms.repair.validity', { days: String(values.quoteValidityDays) }),
    repairPayment: tr.t('terms.repair.payment'),
    repairLeadTime: tr.t('terms.repair.leadTime', { days: String(REPAIR_LEAD_TIME_WORKING_DAYS) }),
    repairScope: tr.t('terms.repair.scope'),
    repairCancellation: tr.t('terms.repair.cancellation'),
  };
}

/** An order's address as lines (order-lines.ts `addressLines`), its country named in the buyer's language. */
export function localAddressLines(tr: Translator, address: OrderAddress | null): string[] {
  const lines = addressLines(address);
  if (!address || tr.language === 'en') return lines;
  const english = translator('en').country(address.country);
  return lines.map((line) => (line === english ? tr.country(address.country) : line));
}
