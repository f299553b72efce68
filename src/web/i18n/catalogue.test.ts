import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { extractWebMessages, localesDir } from '../../../scripts/web-messages';
import { authRefusals } from '../../shared/accounts/auth-messages';
import { organisationRefusals } from '../../shared/accounts/organisation-schemas';
import { passkeyRefusals } from '../../shared/accounts/passkey-contracts';
import { LANGUAGES } from '../../shared/i18n/languages';
import { paymentBadgeLabels } from '../../shared/orders/order-status';
import { messages as de } from './locales/de/messages';
import { messages as en } from './locales/en/messages';
import { messages as fr } from './locales/fr/messages';
import { pageText } from './use-t';

/**
 * The shop pages' catalogues (issue 40, decision note 0069): every message the code says has its
 * English (as the code says it), German and French, with the same placeholders; the compiled modules
 * are the PO files compiled.
 */
const po = formatter({ explicitIdAsDefault: true, origins: false });
const read = async (language: string) =>
  po.parse(readFileSync(join(localesDir, language, 'messages.po'), 'utf8'), {
    locale: language,
    sourceLocale: 'en',
    filename: `${language}/messages.po`,
  });
// A placeholder, or the argument of an ICU plural or select (`{n, plural, one {# Jahr} other {# Jahre}}`).
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)(?=[,}])/g)].map((match) => match[1]))].sort();
const compiled = { en, de, fr };

describe('the shop pages’ message catalogues', () => {
  it('every message has English, German and French, none empty, with the same placeholders', async () => {
    const [english, ...others] = await Promise.all(LANGUAGES.map(read));
    const ids = Object.keys(english ?? {});
    expect(ids.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const [index, catalogue] of others.entries()) {
      const language = LANGUAGES[index + 1];
      for (const id of ids) {
        const source = english?.[id]?.translation ?? '';
        const own = catalogue?.[id]?.translation ?? '';
        if (source.trim() === '') problems.push(`en lacks ${id}`);
        if (own.trim() === '') problems.push(`${language} lacks ${id}`);
        else if (placeholders(own).join() !== placeholders(source).join())
          problems.push(`${language} ${id}: placeholders ${placeholders(own).join()} ≠ ${placeholders(source).join()}`);
        // A sentence left in English (a copy of the source) is a missing translation too.
        else if (own === source && source.split(' ').length > 2) problems.push(`${language} ${id} is still English`);
      }
      for (const id of Object.keys(catalogue ?? {}))
        if (!(id in (english ?? {}))) problems.push(`${language} only: ${id}`);
    }
    expect(problems).toEqual([]);
  });

  it('the English catalogue is what the code says, word for word (run `npx tsx scripts/web-messages.ts`)', async () => {
    const { messages, conflicts } = extractWebMessages();
    expect(conflicts).toEqual([]);
    const english = await read('en');
    const fromPo = Object.fromEntries(Object.entries(english).map(([id, message]) => [id, message.translation]));
    const fromCode = Object.fromEntries([...messages].map(([id, message]) => [id, message.english]));
    expect(fromPo).toEqual(fromCode);
  });

  it('the compiled messages.ts of each language is its PO file compiled', async () => {
    for (const language of LANGUAGES) {
      const catalogue = await read(language);
      const fromPo = Object.fromEntries(
        Object.entries(catalogue).map(([id, message]) => [id, compileMessage(message.translation ?? '')]),
      );
      expect(compiled[language], `stale src/web/i18n/locales/${language}/messages.ts`).toEqual(fromPo);
    }
  });

  it('every server refusal’s id is in the catalogues, with German and French (issue 53)', () => {
    const refusals = [
      ...Object.values(authRefusals),
      ...Object.values(organisationRefusals),
      ...Object.values(passkeyRefusals),
      ...Object.values(paymentBadgeLabels),
    ];
    const missing = refusals.flatMap(({ id, message }) =>
      LANGUAGES.filter((language) => !(id in compiled[language])).map(
        (language) => `${language} lacks ${id} (${message})`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it('money and dates follow the language; English keeps the shop’s own format', () => {
    const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(pageText('en').money(480790, 'EUR')).toBe('€4,807.90');
    expect(spaces(pageText('de').money(480790, 'EUR'))).toBe('4.807,90 €');
    expect(spaces(pageText('fr').money(480790, 'EUR'))).toBe('4 807,90 €');
    expect(pageText('en').date('2026-12-12')).toBe('12 December 2026');
    expect(pageText('de').date('2026-12-12')).toBe('12. Dezember 2026');
    expect(pageText('fr').date('2026-12-12')).toBe('12 décembre 2026');
  });
});
