import { numberIn, pluralCategory } from '../../shared/i18n/formats';
import type { Language } from '../../shared/i18n/languages';
import type { Lookup } from './lookup';

/** A compiled catalogue message: text, or text and placeholders (`[name]`, `[name, 'plural', cases]`). */
type Token = string | [name: string, type?: string, cases?: Record<string, unknown>];
type Compiled = string | Token[];

/**
 * A German or French catalogue of the shop's pages (src/web/i18n/locales/{de,fr}/messages.po, compiled
 * by `npx lingui compile --config lingui.web.config.ts --typescript`), loaded by dynamic import when the
 * buyer chooses that language or opens /de or /fr.
 *
 * Its messages are rendered here rather than by @lingui/core: Lingui builds an `Intl.PluralRules` and
 * an `Intl.NumberFormat` for the first plural a page shows, and building the page's first Intl objects
 * was a task of about 40 ms of CPU while /de hydrated (its specification's warranty, "12 Monate"),
 * 160 ms at Lighthouse's mobile CPU (decision 0087). The compiled messages hold only placeholders,
 * plurals and selects; catalogue.test.ts holds every message equal to what @lingui/core renders.
 */
export async function loadCatalogue(language: Exclude<Language, 'en'>): Promise<Lookup> {
  const { messages } =
    language === 'de' ? await import('./locales/de/messages') : await import('./locales/fr/messages');
  return (id, values) => (id in messages ? render(language, messages[id] as Compiled, values ?? {}) : undefined);
}

/**
 * A compiled message with its values, as @lingui/core renders it: a missing value renders as nothing; a
 * plural picks the case of the exact value (`=0`), else of the value's plural category less the offset,
 * else `other`, and writes `#` as that number; a select picks the case of the value, else `other`.
 */
export function render(
  language: Language,
  message: Compiled,
  values: Record<string, string | number>,
  pound?: string,
): string {
  if (typeof message === 'string') return message;
  let text = '';
  for (const token of message) {
    if (typeof token === 'string') {
      text += token === '#' && pound !== undefined ? pound : token;
      continue;
    }
    const [name, type, cases = {}] = token;
    const value = values[name];
    if (type === 'plural') {
      const { offset = 0, ...branches } = cases as Record<string, Compiled> & { offset?: number };
      const number = Number(value) - offset;
      const branch = branches[String(value)] ?? branches[pluralCategory(language, number)] ?? branches.other ?? '';
      text += render(language, branch, values, numberIn(language, number));
    } else if (type === 'select') {
      const branches = cases as Record<string, Compiled>;
      text += render(language, branches[String(value)] ?? branches.other ?? '', values);
    } else if (value !== undefined && value !== null) text += String(value);
  }
  return text;
}
