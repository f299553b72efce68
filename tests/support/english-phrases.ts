import type { Language } from '../../src/shared/i18n/languages';
import { catalogues } from '../../src/shared/i18n/translator';

/** Text as a reader sees it, whatever the layout: every run of spaces (no-break ones too) and line breaks one space. */
export const oneSpaced = (text: string) => text.replace(/\s+/g, ' ');

/** The literal runs of a compiled message, between its placeholders. */
const literals = (message: unknown): string[] =>
  typeof message === 'string'
    ? [message]
    : Array.isArray(message)
      ? message.filter((token): token is string => typeof token === 'string')
      : [];

/**
 * The English catalogue's phrases a German or French text must not contain (issue 40): each message's
 * literal runs of at least `minLength` characters, less those the language's own catalogue also says
 * (a name such as "IBAN" or a word both languages share). Product names and customer text are not
 * in the catalogue, so they never count.
 */
export function englishPhrases(language: Exclude<Language, 'en'>, minLength = 10): string[] {
  const own = oneSpaced(Object.values(catalogues[language]).flatMap(literals).join(' | '));
  const phrases = new Set<string>();
  for (const message of Object.values(catalogues.en))
    for (const literal of literals(message)) {
      const phrase = oneSpaced(literal)
        .trim()
        .replace(/^[\s.,:;()]+|[\s.,:;()]+$/g, '');
      if (phrase.length >= minLength && !own.includes(phrase)) phrases.add(phrase);
    }
  return [...phrases];
}

const escaped = (phrase: string) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English phrases found in a German or French text (empty when it is all in its language), each
 * as words of its own: the heading "Instrument" is found, the proper name "Fjordlight Instruments
 * Ltd" does not contain it.
 */
export const englishIn = (text: string, language: Exclude<Language, 'en'>) => {
  const read = oneSpaced(text);
  return englishPhrases(language).filter(
    (phrase) =>
      read.includes(phrase) && new RegExp(`(?<![\\p{L}\\p{N}])${escaped(phrase)}(?![\\p{L}\\p{N}])`, 'u').test(read),
  );
};
