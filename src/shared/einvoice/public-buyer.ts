/**
 * Public buyers' references (issue 52, decision 0079): a German public body's Leitweg-ID, and a French
 * public body's SIRET, service code and engagement number (what Chorus Pro routes and matches by).
 */

/** The check of a Leitweg-ID's or an identifier's form, in English (the order flow's own messages). */
export const publicBuyerMessages = {
  leitwegId:
    'Enter the Leitweg-ID as your public body gave it: digits, optionally a part of letters and digits, and two check digits, separated by hyphens (e.g. 04011000-1234512345-06).',
  leitwegIdCheck: 'This Leitweg-ID’s check digits do not match: please check it for a typing error.',
  siret: 'Enter the SIRET of 14 digits (spaces allowed) as Chorus Pro lists it.',
  siretCheck: 'This SIRET’s check digit does not match: please check it for a typing error.',
  serviceCode: 'At most 100 characters.',
  engagementNumber: 'At most 50 characters.',
} as const;

/** The Leitweg-ID as stored: upper case, no spaces. */
export const normalLeitwegId = (value: string) => value.replace(/\s/g, '').toUpperCase();

/**
 * ISO 7064 MOD 97-10 over the Leitweg-ID without its hyphens, letters counted A = 10 … Z = 35 (the
 * Leitweg-ID's format specification, KoSIT): the number, check digits included, leaves 1 when divided by 97.
 */
export function mod97(value: string): number {
  let remainder = 0;
  for (const character of value) {
    const digits = /[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/**
 * Why a Leitweg-ID is refused, or null when it is well formed: a coarse address of 2 to 12 digits, an
 * optional fine address of up to 30 letters and digits, and two check digits, separated by hyphens.
 */
export function leitwegIdProblem(value: string): string | null {
  const id = normalLeitwegId(value);
  if (id.length > 46 || !/^[0-9]{2,12}(-[0-9A-Z]{1,30})?-[0-9]{2}$/.test(id)) return publicBuyerMessages.leitwegId;
  return mod97(id.replace(/-/g, '')) === 1 ? null : publicBuyerMessages.leitwegIdCheck;
}

/** The SIRET as stored: its 14 digits. */
export const normalSiret = (value: string) => value.replace(/[\s.-]/g, '');

/**
 * Why a SIRET is refused, or null: 14 digits passing the Luhn check; La Poste's establishments (SIREN
 * 356 000 000) instead have digits that sum to a multiple of 5 (as python-stdnum's fr.siret checks).
 */
export function siretProblem(value: string): string | null {
  const siret = normalSiret(value);
  if (!/^[0-9]{14}$/.test(siret)) return publicBuyerMessages.siret;
  const digits = [...siret].map(Number);
  if (siret.startsWith('356000000') && siret !== '35600000000048')
    return digits.reduce((sum, digit) => sum + digit, 0) % 5 === 0 ? null : publicBuyerMessages.siretCheck;
  const luhn = digits
    .reverse()
    .reduce((sum, digit, index) => sum + (index % 2 === 1 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit), 0);
  return luhn % 10 === 0 ? null : publicBuyerMessages.siretCheck;
}

/** A French public body's references for Chorus Pro, kept on the order. */
export interface FrenchPublicBuyer {
  /** The receiving structure's SIRET (14 digits): the Factur-X buyer identifier, scheme 0009. */
  siret: string;
  /** The service code (BT-10, buyer reference), when the structure requires one. */
  serviceCode: string | null;
  /** The engagement number (BT-13, purchase order reference), when the structure requires one. */
  engagementNumber: string | null;
}
