/**
 * An EORI number (Economic Operators Registration and Identification), which customs use to name an
 * importer or exporter: the issuing country's two letters and up to 15 letters or digits. A UK one (GB,
 * or XI for Northern Ireland) is the letters and 12 digits.
 */
export const eoriNumberMessages = {
  format: 'An EORI number is its country code and up to 15 letters or digits, e.g. DE123456789012345.',
  uk: 'A GB or XI EORI number is the two letters and 12 digits, e.g. GB123456789000.',
} as const;

export type ParsedEoriNumber = { valid: true; eoriNumber: string } | { valid: false; message: string };

/** An EORI number as typed, without spaces or punctuation and upper-cased, or why it is refused. */
export function parseEoriNumber(raw: string): ParsedEoriNumber {
  const compact = raw.toUpperCase().replace(/[\s.\-/]/g, '');
  if (!/^[A-Z]{2}[A-Z0-9]{1,15}$/.test(compact)) return { valid: false, message: eoriNumberMessages.format };
  if (/^(GB|XI)/.test(compact) && !/^(GB|XI)\d{12}$/.test(compact))
    return { valid: false, message: eoriNumberMessages.uk };
  return { valid: true, eoriNumber: compact };
}
