import { countryName } from './country-name';
import { moneyIn } from './formats';
import type { Language } from './languages';

/**
 * One message model (issue 53): a sentence a customer can meet is a descriptor `{ id, message }`, defined
 * once where its feature owns it, with the English in ICU MessageFormat (`{name}`, `{n, plural, one {…}
 * other {…}}`). German and French come from the pages' catalogues by the id (src/web/i18n/locales, which
 * `scripts/web-messages.ts` fills from every descriptor of src/shared and src/web). A server refusal
 * carries its id and values beside its `code` (`messageId`, `values`), and the page renders it by id.
 */
export interface MessageDescriptor {
  id: string;
  message: string;
}

/**
 * A value a message carries raw, for the reader's language to write (issue 53): a country by its code
 * (`{ country: 'DE' }`: "Germany", "Deutschland", "Allemagne"), an amount in minor units with its
 * currency (`{ amount: 480790, currency: 'GBP' }`: "£4,807.90", "4.807,90 £"). A refusal sends it so in
 * its `values`, never written in English.
 */
export type RawValue = { country: string } | { amount: number; currency: string };

export type MessageValues = Record<string, string | number | RawValue>;

/** Values as a message is filled with them: every raw value written in the language. */
export type FilledValues = Record<string, string | number>;

/** The values written in a language: a country by its name in it, an amount in its money style. */
export function filledValues(values: MessageValues, language: Language): FilledValues;
export function filledValues(values: MessageValues | undefined, language: Language): FilledValues | undefined;
export function filledValues(values: MessageValues | undefined, language: Language): FilledValues | undefined {
  if (!values) return undefined;
  const filled: FilledValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'object') filled[name] = value;
    else if ('country' in value) filled[name] = countryName(language, value.country);
    else filled[name] = moneyIn(language, value.amount, value.currency, { decimals: 2 });
  }
  return filled;
}

/** A descriptor with the values that fill its placeholders: what a refusal carries. */
export interface Message extends MessageDescriptor {
  values?: MessageValues;
}

export function isMessage(value: unknown): value is Message {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Message).id === 'string' &&
    typeof (value as Message).message === 'string'
  );
}

/** A descriptor with the values of this refusal: `conflict(withValues(refusals.locked, { minutes }))`. */
export const withValues = (descriptor: MessageDescriptor, values: MessageValues | undefined): Message =>
  values ? { ...descriptor, values } : { ...descriptor };

/** A message's English, its values filled in (what the API's `message` says). */
export const englishText = (message: Message) => formatIcu(message.message, filledValues(message.values, 'en'));

/** Descriptors by key, kept as they are written (the `as const` of a map of descriptors). */
export const defineMessages = <const T extends Record<string, MessageDescriptor>>(messages: T): T => messages;

/** The English texts of a map of descriptors, for code that compares or shows the English (tests, logs). */
export function englishOf<T extends Record<string, MessageDescriptor>>(messages: T): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(messages).map(([key, { message }]) => [key, message])) as {
    [K in keyof T]: string;
  };
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, value: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(value);
}

/**
 * A small ICU MessageFormat formatter for the messages the code holds (the English of every descriptor
 * and `t()` call): `{name}`, `{n, plural, =0 {…} one {# item} other {# items}}`, `{x, select, a {…}
 * other {…}}`, and `'{'` quoting. The pages' German and French catalogues are compiled from the same
 * syntax and rendered by src/web/i18n/catalogue.ts (the documents' by @lingui/core); this keeps the
 * English pages free of catalogues (decisions 0069 and 0087).
 */
export function formatIcu(message: string, values: FilledValues = {}, locale = 'en-GB'): string {
  let position = 0;

  function text(pound?: string): string {
    let out = '';
    while (position < message.length) {
      const char = message[position];
      if (char === '}') return out;
      if (char === '{') {
        out += argument();
        continue;
      }
      if (char === '#' && pound !== undefined) {
        out += pound;
        position += 1;
        continue;
      }
      if (char === "'" && message[position + 1] === "'") {
        out += "'";
        position += 2;
        continue;
      }
      if (char === "'" && /[{}#]/.test(message[position + 1] ?? '')) {
        const end = message.indexOf("'", position + 1);
        out += message.slice(position + 1, end < 0 ? undefined : end);
        position = end < 0 ? message.length : end + 1;
        continue;
      }
      out += char;
      position += 1;
    }
    return out;
  }

  function argument(): string {
    const close = /[,}]/g;
    close.lastIndex = position + 1;
    const stop = close.exec(message);
    const name = message.slice(position + 1, stop?.index).trim();
    position = stop ? stop.index + 1 : message.length;
    const value = values[name];
    if (stop?.[0] === '}') return value === undefined ? `{${name}}` : String(value);
    const typeEnd = message.indexOf(',', position);
    const type = message.slice(position, typeEnd).trim();
    position = typeEnd + 1;
    const branches = new Map<string, string>();
    let chosen: string | undefined;
    const numeric = Number(value);
    const key =
      type === 'plural' || type === 'selectordinal' ? pluralCategory(locale, numeric) : String(value ?? 'other');
    // Read every branch (so the position moves past them); keep the one that applies.
    for (;;) {
      while (/\s/.test(message[position] ?? '')) position += 1;
      if (message[position] === '}' || position >= message.length) {
        position += 1;
        break;
      }
      const open = message.indexOf('{', position);
      const selector = message.slice(position, open).trim();
      position = open + 1;
      const branch = text(type === 'select' ? undefined : new Intl.NumberFormat(locale).format(numeric));
      position += 1; // the branch's closing brace
      branches.set(selector, branch);
    }
    if (type !== 'select' && branches.has(`=${numeric}`)) chosen = branches.get(`=${numeric}`);
    chosen ??= branches.get(key) ?? branches.get('other') ?? '';
    return chosen;
  }

  return text();
}
