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
 * The language of a delivery country, where it is one of ours (issue 53): German for Germany, Austria and
 * Liechtenstein; French for France, Luxembourg and Belgium (Belgium speaks French, Dutch and German:
 * French is only a suggestion the buyer may ignore); English for the United Kingdom and Ireland; none
 * elsewhere. Only ever a suggestion: a buyer's documents and e-mails follow the language they read the
 * shop in, and a delivery country never switches it (decision 0082).
 */
export function countryLanguage(country: string | null | undefined): Language | null {
  switch ((country ?? '').toUpperCase()) {
    case 'DE':
    case 'AT':
    case 'LI':
      return 'de';
    case 'FR':
    case 'LU':
    case 'BE':
      return 'fr';
    case 'GB':
    case 'IE':
      return 'en';
    default:
      return null;
  }
}
