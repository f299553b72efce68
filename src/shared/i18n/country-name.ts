import { intlLocales } from './formats';
import type { Language } from './languages';

/**
 * The shop's English names where they differ from Intl's en-GB ones (src/shared/countries.ts `name`;
 * country-name.test.ts holds every shop country's name equal). Kept apart from the countries list, so a
 * page that only may show a refusal does not load that list (the home page's budget, issue 27).
 */
const shopEnglish: Record<string, string> = { CZ: 'Czech Republic' };

const regionNames = new Map<Language, Intl.DisplayNames>();

/**
 * A country's name in a language, by its code (issue 53): the shop's own English name in English
 * ("United Kingdom", "Czech Republic"), the language's own elsewhere ("Vereinigtes Königreich",
 * "Royaume-Uni"), as the pages and documents name it. Anything that is not a region code reads as it came.
 */
export function countryName(language: Language, code: string): string {
  if (language === 'en' && shopEnglish[code]) return shopEnglish[code];
  if (!/^[A-Z]{2}$/.test(code)) return code;
  let names = regionNames.get(language);
  if (!names)
    regionNames.set(
      language,
      (names = new Intl.DisplayNames([intlLocales[language]], { type: 'region', fallback: 'code' })),
    );
  return names.of(code) ?? code;
}
