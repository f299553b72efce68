import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { countries, findCountry } from '../countries';
import { dateIn, intlLocales, moneyIn } from './formats';
import type { Language } from './languages';
import { messages as de } from './locales/de/messages';
import { messages as en } from './locales/en/messages';
import { messages as fr } from './locales/fr/messages';

/**
 * The buyer's language for a document or an e-mail (issue 40, decision note 0064): its messages from
 * the Lingui catalogues (src/shared/i18n/locales/{en,de,fr}/messages.po, compiled to messages.ts) by
 * explicit id, and its dates, numbers and money. English is the shop's own text, word for word as the
 * specification has it: its dates and money are the shop's own formatters, unchanged. German and French
 * format through Intl: "12. Dezember 2026", "4.807,90 €"; "12 décembre 2026", "4 807,90 €".
 *
 * Server-side only in practice (documents and e-mails): it loads all three catalogues.
 */
export interface Translator {
  language: Language;
  /**
   * The colon after a label joined in code ("Subtotal: £10.00"): French sets a narrow no-break space
   * before it (issue 53, docs/glossary.md "French typography"): "Sous-total : 10,00 €".
   */
  colon: string;
  /** The message `id` in this language, with its `{placeholders}` filled (values already formatted). */
  t(id: string, values?: Record<string, string | number>): string;
  /** Money with two decimals, in this language's style. */
  money(minor: number, currency: string): string;
  /** A calendar day: "22 November 2026", "22. November 2026", "22 novembre 2026". */
  date(date: Date | string): string;
  /** A month: "November 2026", "November 2026", "novembre 2026". */
  month(date: Date | string): string;
  /**
   * A day and time in UK time (Europe/London), as the account and invitation e-mails give it:
   * "12 December 2026 at 10:00", "12. Dezember 2026 um 10:00", "12 décembre 2026 à 10:00".
   */
  ukTime(date: Date): string;
  /** A number with this language's digit grouping and decimal sign ("1,234.5", "1.234,5", "1 234,5"). */
  number(value: number, decimals?: number): string;
  /**
   * A country's name in this language ("Germany", "Deutschland", "Allemagne") from its ISO code, or from
   * the shop's English name of it (an address line); anything else is returned as it is.
   */
  country(codeOrName: string): string;
  /**
   * Where the company is registered, in this language (issue 53): "England and Wales", "England und
   * Wales", "Angleterre et pays de Galles"; Scotland and Northern Ireland likewise. Any other place is
   * returned as the profile holds it.
   */
  place(name: string): string;
}

const placeIds: Record<string, string> = {
  'england and wales': 'place.englandAndWales',
  scotland: 'place.scotland',
  'northern ireland': 'place.northernIreland',
};

export const catalogues: Record<Language, Messages> = { en, de, fr };

const intlLocale = intlLocales;

/**
 * French groups digits with a narrow no-break space (U+202F), which the PDFs' standard fonts cannot
 * draw: it becomes a no-break space (U+00A0), the same look on paper and in an e-mail.
 */
const drawable = (text: string) => text.replace(/\u202f/g, '\u00a0');

const instances = new Map<Language, I18n>();
function i18nFor(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({
      locale: language,
      locales: [intlLocale[language]],
      messages: { [language]: catalogues[language] },
    });
    instances.set(language, i18n);
  }
  return i18n;
}

const translators = new Map<Language, Translator>();

export function translator(language: Language = 'en'): Translator {
  const known = translators.get(language);
  if (known) return known;
  const locale = intlLocale[language];
  const ukTimeFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  });
  let regionNames: Intl.DisplayNames | undefined;
  const made: Translator = {
    language,
    colon: language === 'fr' ? '\u202f:' : ':',
    t(id, values) {
      // A message a German or French catalogue lacks reads in English rather than as its id (the
      // missing-translation test fails on it first); one the English catalogue lacks is a programming error.
      const own = id in catalogues[language] ? language : 'en';
      if (!(id in catalogues[own])) throw new Error(`No message "${id}" in the English catalogue`);
      return i18nFor(own)._(id, values);
    },
    money: (minor, currency) => drawable(moneyIn(language, minor, currency, { decimals: 2 })),
    date: (date) => dateIn(language, 'day', date),
    month: (date) => dateIn(language, 'month', date),
    ukTime(date) {
      return ukTimeFormat.format(date);
    },
    country(codeOrName) {
      const known = findCountry(codeOrName) ?? countries.find((country) => country.name === codeOrName);
      if (!known) return codeOrName;
      if (language === 'en') return known.name;
      regionNames ??= new Intl.DisplayNames([locale], { type: 'region' });
      return regionNames.of(known.code) ?? known.name;
    },
    place(name) {
      const id = placeIds[name.trim().toLowerCase()];
      return id ? made.t(id) : name;
    },
    number(value, decimals) {
      const options =
        decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
      return drawable(new Intl.NumberFormat(language === 'en' ? 'en-US' : locale, options).format(value));
    },
  };
  translators.set(language, made);
  return made;
}
