import { findCountry } from '../../shared/countries';
import { intlLocales } from '../../shared/i18n/formats';
import type { PageText } from './use-t';

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A country's name in the page's language (issue 53): the shop's own English name in English
 * ("United Kingdom"), the language's own elsewhere ("Vereinigtes Königreich", "Royaume-Uni"), as the
 * documents name it (translator.ts `country`). A code the shop does not know reads as it came.
 */
export function countryNameIn({ language }: Pick<PageText, 'language'>, code: string): string {
  const known = findCountry(code);
  if (!known) return code;
  if (language === 'en') return known.name;
  const locale = intlLocales[language];
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  return names.of(known.code) ?? known.name;
}

/**
 * A list of countries named in the page's language, for a select: English keeps the shop's order; German
 * and French keep the United Kingdom (and the United States) first and put the rest in their own
 * alphabetical order ("Belgien, Bulgarien, Dänemark, Deutschland, …").
 */
export function countriesIn<C extends { code: string; name: string }>(
  text: Pick<PageText, 'language'>,
  list: readonly C[],
): C[] {
  if (text.language === 'en') return [...list];
  const named = list.map((country) => ({ ...country, name: countryNameIn(text, country.code) }));
  const first = named.filter((country) => country.code === 'GB' || country.code === 'US');
  const rest = named
    .filter((country) => country.code !== 'GB' && country.code !== 'US')
    .sort((a, b) => a.name.localeCompare(b.name, intlLocales[text.language]));
  return [...first, ...rest];
}

/** An address's lines with its last line, the country's English name, in the page's language. */
export function addressLinesIn(
  text: Pick<PageText, 'language'>,
  lines: string[],
  code: string | null | undefined,
): string[] {
  if (text.language === 'en' || !code) return lines;
  const english = findCountry(code)?.name;
  return english ? lines.map((line) => (line === english ? countryNameIn(text, code) : line)) : lines;
}
