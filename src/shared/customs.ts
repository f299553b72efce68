/**
 * Customs papers for deliveries outside the UK (issue 37): the texts the commercial invoice, the
 * service-return pro-forma and the proof-of-export record use, and the formats their fields take.
 * Kept free of zod, like business-profile.ts: the admin's schemas build on these checks.
 */

/** What the catalogue editors and the documents say about customs data. */
export const customsMessages = {
  commodityCode: 'Enter the commodity code as 6, 8 or 10 digits (HS or CN), for example 8479 89 97',
  originCountry: 'Enter the country of origin as its 2-letter ISO code, for example GB',
  weight: 'Enter the weight in whole grams (0 to 1,000,000)',
  grossBelowNet: 'The packed (gross) weight cannot be less than the net weight',
  mrn: 'Enter the MRN as 18 letters and digits, for example 26GB1234567890ABC1',
  date: 'Use a date as YYYY-MM-DD',
  eori: 'Enter the EORI number as GB followed by 12 digits, for example GB123456789000',
  notGiven: 'not given',
} as const;

/** A commodity code as typed ("8479 89 97", "8479.89.97") to its digits; null when it is not 6, 8 or 10 digits. */
export function normaliseCommodityCode(value: string): string | null {
  const digits = value.replace(/[\s.]/g, '');
  return /^(\d{6}|\d{8}|\d{10})$/.test(digits) ? digits : null;
}

/** "84798997" → "8479 89 97": the tariff's own grouping (heading, subheading, CN, TARIC). */
export function formatCommodityCode(code: string | null): string {
  if (!code) return customsMessages.notGiven;
  return [code.slice(0, 4), code.slice(4, 6), code.slice(6, 8), code.slice(8, 10)].filter(Boolean).join(' ');
}

/** An export declaration's Movement Reference Number: 18 letters and digits, starting with the year and country (26GB…). */
export const isMrn = (value: string) => /^\d{2}[A-Z]{2}[A-Z0-9]{14}$/.test(value);

/** A GB EORI number: GB and 12 digits (the exporter from Great Britain; XI numbers are for Northern Ireland movements). */
export const isGbEori = (value: string) => /^GB\d{12}$/.test(value);

/** Goods leave the UK: the delivery country is set and is not GB (a commercial invoice and proof of export are due). */
export const isExportDelivery = (country: string | null | undefined) => Boolean(country) && country !== 'GB';

/** The Incoterm and its named place as the documents print it: "DAP Heidelberg, Incoterms 2020". */
export const incotermLine = (town: string) => `DAP ${town}, Incoterms 2020`;

/**
 * The statement on origin of the EU–UK Trade and Cooperation Agreement (Annex ORIG-4, English
 * version), in its prescribed words, with the exporter's reference (the company's EORI) and the
 * origin ("United Kingdom"). Goods not of UK origin are marked as such on their lines ("except
 * where otherwise clearly indicated").
 */
export const originStatement = (exporterReference: string) =>
  `The exporter of the products covered by this document (Exporter Reference No ${exporterReference}) declares that, except where otherwise clearly indicated, these products are of United Kingdom preferential origin.`;

/** What the commercial invoice says of the goods' VAT (Notice 703: goods exported by the supplier). */
export const zeroRatedExport = 'Zero-rated export';

/** The service-return pro-forma's marking, word for word as issue 37 gives it. */
export const repairReturnMarking = 'Returned goods for repair, no commercial value, value for customs purposes only';

/** Grams as the documents print them: "9.80 kg" from 1 kg, else "450 g". */
export function formatWeight(grams: number | null): string {
  if (grams === null) return customsMessages.notGiven;
  return grams >= 1000 ? `${(grams / 1000).toFixed(2)} kg` : `${grams} g`;
}
