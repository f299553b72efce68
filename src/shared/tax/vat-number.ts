// Each country's validator by its own path (stdnum's index pulls in every country of the world, ~50 KB
// gzip); the CommonJS build because Node loads it as it is and Vite bundles it for the order form.
import * as atUid from 'stdnum/lib/cjs/at/uid.js';
import * as beVat from 'stdnum/lib/cjs/be/vat.js';
import * as bgVat from 'stdnum/lib/cjs/bg/vat.js';
import * as cyVat from 'stdnum/lib/cjs/cy/vat.js';
import * as czDic from 'stdnum/lib/cjs/cz/dic.js';
import * as deVat from 'stdnum/lib/cjs/de/vat.js';
import * as dkCvr from 'stdnum/lib/cjs/dk/cvr.js';
import * as eeKmkr from 'stdnum/lib/cjs/ee/kmkr.js';
import * as esNif from 'stdnum/lib/cjs/es/nif.js';
import * as fiAlv from 'stdnum/lib/cjs/fi/alv.js';
import * as frTva from 'stdnum/lib/cjs/fr/tva.js';
import * as gbVat from 'stdnum/lib/cjs/gb/vat.js';
import * as grVat from 'stdnum/lib/cjs/gr/vat.js';
import * as hrOib from 'stdnum/lib/cjs/hr/oib.js';
import * as huAnum from 'stdnum/lib/cjs/hu/anum.js';
import * as ieVat from 'stdnum/lib/cjs/ie/vat.js';
import * as itIva from 'stdnum/lib/cjs/it/iva.js';
import * as ltPvm from 'stdnum/lib/cjs/lt/pvm.js';
import * as luTva from 'stdnum/lib/cjs/lu/tva.js';
import * as lvPvn from 'stdnum/lib/cjs/lv/pvn.js';
import * as mtVat from 'stdnum/lib/cjs/mt/vat.js';
import * as nlBtw from 'stdnum/lib/cjs/nl/btw.js';
import * as plNip from 'stdnum/lib/cjs/pl/nip.js';
import * as ptNif from 'stdnum/lib/cjs/pt/nif.js';
import * as roCif from 'stdnum/lib/cjs/ro/cif.js';
import * as seVat from 'stdnum/lib/cjs/se/vat.js';
import * as siDdv from 'stdnum/lib/cjs/si/ddv.js';
import * as skDph from 'stdnum/lib/cjs/sk/dph.js';

type Validate = typeof deVat.validate;

/**
 * The VAT prefixes we accept and each one's check (format and check digits, python-stdnum's rules):
 * the 27 member states (Greece is EL, not GR), Northern Ireland's XI (a UK number, for goods under the
 * Windsor Framework) and GB. A GB number is accepted from a UK buyer too: it is their number; whether
 * it changes the VAT is the tax module's question, not this one's.
 */
const vatPrefixes: Record<string, { name: string; validate: Validate }> = {
  AT: { name: 'Austrian', validate: atUid.validate },
  BE: { name: 'Belgian', validate: beVat.validate },
  BG: { name: 'Bulgarian', validate: bgVat.validate },
  CY: { name: 'Cypriot', validate: cyVat.validate },
  CZ: { name: 'Czech', validate: czDic.validate },
  DE: { name: 'German', validate: deVat.validate },
  DK: { name: 'Danish', validate: dkCvr.validate },
  EE: { name: 'Estonian', validate: eeKmkr.validate },
  EL: { name: 'Greek', validate: grVat.validate },
  ES: { name: 'Spanish', validate: esNif.validate },
  FI: { name: 'Finnish', validate: fiAlv.validate },
  FR: { name: 'French', validate: frTva.validate },
  HR: { name: 'Croatian', validate: hrOib.validate },
  HU: { name: 'Hungarian', validate: huAnum.validate },
  IE: { name: 'Irish', validate: ieVat.validate },
  IT: { name: 'Italian', validate: itIva.validate },
  LT: { name: 'Lithuanian', validate: ltPvm.validate },
  LU: { name: 'Luxembourg', validate: luTva.validate },
  LV: { name: 'Latvian', validate: lvPvn.validate },
  MT: { name: 'Maltese', validate: mtVat.validate },
  NL: { name: 'Dutch', validate: nlBtw.validate },
  PL: { name: 'Polish', validate: plNip.validate },
  PT: { name: 'Portuguese', validate: ptNif.validate },
  RO: { name: 'Romanian', validate: roCif.validate },
  SE: { name: 'Swedish', validate: seVat.validate },
  SI: { name: 'Slovenian', validate: siDdv.validate },
  SK: { name: 'Slovak', validate: skDph.validate },
  XI: { name: 'Northern Ireland (XI)', validate: gbVat.validate },
  GB: { name: 'UK', validate: gbVat.validate },
};

/** The messages a refused VAT number gets, beside the field. */
export const vatNumberMessages = {
  noPrefix: 'Start the VAT number with its country code, e.g. DE or GB.',
  greece: 'Greek VAT numbers start with EL, not GR.',
  unknownPrefix: (prefix: string) =>
    `${prefix} is not a VAT prefix we can check: enter a UK (GB or XI) or EU VAT number, or leave this blank.`,
  format: (name: string) => `This is not the format of a ${name} VAT number. Please check it against your invoices.`,
  checksum: (name: string) =>
    `This ${name} VAT number fails its check digit: there may be a typing error. Please check it.`,
} as const;

export type ParsedVatNumber = { valid: true; countryCode: string; number: string } | { valid: false; message: string };

/**
 * A VAT number as typed ("de 136 695 976", "GB980.7806.84") checked for its country's format and
 * check digits. Valid: the prefix and the number without spaces or punctuation ({ 'DE', '136695976' }).
 */
export function parseVatNumber(raw: string): ParsedVatNumber {
  const compact = raw.toUpperCase().replace(/[\s.\-/,_]/g, '');
  const prefix = compact.slice(0, 2);
  if (!/^[A-Z]{2}$/.test(prefix)) return { valid: false, message: vatNumberMessages.noPrefix };
  if (prefix === 'GR') return { valid: false, message: vatNumberMessages.greece };
  const country = vatPrefixes[prefix];
  if (!country) return { valid: false, message: vatNumberMessages.unknownPrefix(prefix) };
  const rest = compact.slice(2);
  const checked = country.validate(rest);
  if (!checked.isValid) {
    const checksum = checked.error?.name === 'InvalidChecksum';
    return {
      valid: false,
      message: checksum ? vatNumberMessages.checksum(country.name) : vatNumberMessages.format(country.name),
    };
  }
  return { valid: true, countryCode: prefix, number: checked.compact };
}

/** The number as stored and printed: prefix and number together, e.g. DE136695976. */
export const vatNumberText = (parsed: { countryCode: string; number: string }) =>
  `${parsed.countryCode}${parsed.number}`;
