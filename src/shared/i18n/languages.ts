/**
 * The languages of a buyer's documents and e-mails (issue 40): English, German and French. English is
 * the shop's own language and the default; the binding terms of sale stay English in every language.
 */
export const LANGUAGES = ['en', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Each language in its own name, for the select "Language of your documents". */
export const languageNames: Record<Language, string> = { en: 'English', de: 'Deutsch', fr: 'Français' };

/**
 * The default language for a buyer's country: German for Germany, Austria and Liechtenstein; French for
 * France, Luxembourg and Belgium (Belgium is French, Dutch and German speaking: French is its default
 * only because the buyer sees the choice and can change it); English elsewhere. The buyer's pick wins.
 */
export function defaultLanguageFor(country: string | null | undefined): Language {
  switch ((country ?? '').toUpperCase()) {
    case 'DE':
    case 'AT':
    case 'LI':
      return 'de';
    case 'FR':
    case 'LU':
    case 'BE':
      return 'fr';
    default:
      return 'en';
  }
}

/** A stored or sent language, or the default for the country when it is missing or not one of ours. */
export const languageOr = (value: unknown, country?: string | null): Language =>
  isLanguage(value) ? value : defaultLanguageFor(country);
