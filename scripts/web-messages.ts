/**
 * The shop pages' English catalogue from the code (issue 40, decision note 0069). Every
 * `t('id', 'English text')` in src/web (outside tests) is a message, and so is every message descriptor
 * `{ id: 'id', message: 'English text' }` in src/web and src/shared (issue 53: the server's refusals,
 * the shared labels; src/shared/i18n/message.ts): this writes
 * src/web/i18n/locales/en/messages.po from them, keeps the German and French translations of the ids
 * still in use, adds new ids to those files with an empty translation (and the English beside it for
 * the translator), and drops ids no longer used. Then run
 * `npx lingui compile --config lingui.web.config.ts --typescript`. Run: `npx tsx scripts/web-messages.ts`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const localesDir = join(root, 'src/web/i18n/locales');

const quoted = String.raw`'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"`;
/** `t('id', 'text'` or `t("id", "text"`, across line breaks as prettier writes them. */
const call = new RegExp(String.raw`\bt\(\s*'([\w.-]+)',\s*(?:${quoted})`, 'g');
/** `{ id: 'id', message: 'text' }`, a message descriptor, across line breaks as prettier writes them. */
const descriptor = new RegExp(String.raw`\{\s*id:\s*'([\w.-]+)',\s*message:\s*(?:${quoted})`, 'g');
const unescape = (text: string) => text.replace(/\\(.)/g, '$1');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'locales' && entry.name !== 'admin') yield* sourceFiles(path);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** Every message of the code: id → { english, files }; an id used with two English texts is an error. */
export function extractWebMessages() {
  const messages = new Map<string, { english: string; files: Set<string> }>();
  const conflicts: string[] = [];
  const files = [...sourceFiles(join(root, 'src/web')), ...sourceFiles(join(root, 'src/shared'))];
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    const found = file.includes(`${join('src', 'shared')}`) ? [] : [...code.matchAll(call)];
    for (const match of [...found, ...code.matchAll(descriptor)]) {
      const [, id = '', single, double] = match;
      const english = unescape(single ?? double ?? '');
      const known = messages.get(id);
      const where = relative(root, file);
      if (known && known.english !== english) conflicts.push(`${id}: "${known.english}" ≠ "${english}" (${where})`);
      else if (known) known.files.add(where);
      else messages.set(id, { english, files: new Set([where]) });
    }
  }
  return { messages, conflicts };
}

const escapePo = (text: string) => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const unescapePo = (text: string) => text.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

/** A PO file of ours: id → translation (only `msgid "…"` / `msgstr "…"` on one line each, as this script writes). */
export function readPo(path: string): Map<string, string> {
  const entries = new Map<string, string>();
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return entries;
  }
  const pattern = /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm;
  for (const [, id = '', translation = ''] of text.matchAll(pattern))
    if (id !== '') entries.set(unescapePo(id), unescapePo(translation));
  return entries;
}

const header = (language: string) =>
  `msgid ""\nmsgstr ""\n"MIME-Version: 1.0\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n"X-Generator: scripts/web-messages.mjs\\n"\n"Language: ${language}\\n"\n`;

function writePo(
  language: string,
  messages: Map<string, { english: string }>,
  translationOf: (id: string, english: string) => string,
) {
  const blocks = [...messages].map(([id, { english }]) => {
    const comment = language === 'en' ? '' : `#. en: ${english.replace(/\n/g, ' ')}\n`;
    return `${comment}msgid "${escapePo(id)}"\nmsgstr "${escapePo(translationOf(id, english))}"\n`;
  });
  writeFileSync(join(localesDir, language, 'messages.po'), [header(language), ...blocks].join('\n'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { messages, conflicts } = extractWebMessages();
  if (conflicts.length > 0) {
    console.error(`✗ ids used with different English texts:\n  ${conflicts.join('\n  ')}`);
    process.exit(1);
  }
  const sorted = new Map([...messages].sort(([a], [b]) => a.localeCompare(b)));
  writePo('en', sorted, (_id, english) => english);
  for (const language of ['de', 'fr']) {
    const existing = readPo(join(localesDir, language, 'messages.po'));
    writePo(language, sorted, (id) => existing.get(id) ?? '');
    const missing = [...sorted.keys()].filter((id) => !existing.get(id));
    if (missing.length > 0) console.log(`${language}: ${missing.length} messages to translate`);
  }
  console.log(`✓ ${sorted.size} messages in src/web/i18n/locales/en/messages.po`);
}
