import { findCountry } from '../countries';
import { intlLocales } from './formats';
import type { Language } from './languages';

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A country's name in a language (issue 53): the shop's own English name in English ("United Kingdom"),
 * the language's own elsewhere ("Vereinigtes Königreich", "Royaume-Uni"), as the documents name it
 * (translator.ts `country`). A code the shop does not know reads as it came.
 */
export function countryName(language: Language, code: string): string {
  const known = findCountry(code);
  if (!known) return code;
  if (language === 'en') return known.name;
  const locale = intlLocales[language];
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  return names.of(known.code) ?? known.name;
}
