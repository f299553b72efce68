import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Phrases of the pages' English catalogue (src/web/i18n/locales/en/messages.po), for tests that fail
 * when a German or French page still says one (issue 53). Each message is cut at its placeholders;
 * the pieces of three words or more are phrases (a single word such as "Dropwise" or "FAQ", or a
 * figure, reads the same in every language). `prefixes` narrows to ids starting so (`['home.', 'nav.']`).
 */
export function webEnglishPhrases(prefixes: readonly string[] = ['']): string[] {
  const po = readFileSync(join(process.cwd(), 'src/web/i18n/locales/en/messages.po'), 'utf8');
  const phrases = new Set<string>();
  for (const [, id = '', english = ''] of po.matchAll(/^msgid "([^"]+)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)) {
    if (!prefixes.some((prefix) => id.startsWith(prefix))) continue;
    for (const part of english.replace(/\\(.)/g, '$1').split(/\{[^}]*\}/)) {
      const phrase = part.trim();
      if (phrase.split(/\s+/).length >= 3) phrases.add(phrase);
    }
  }
  return [...phrases];
}
