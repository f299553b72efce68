import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { localTerms } from '../documents/document-language';
import { defaultTermsValues, INSPECTION_DAYS, repairTerms, terms } from '../terms';
import { LANGUAGES } from './languages';
import { catalogues, translator } from './translator';

/**
 * The message catalogues (issue 40, decision note 0064): every message in English, German and French,
 * the same placeholders in each, and the compiled modules (messages.ts) as the PO files say.
 */
const po = formatter({ explicitIdAsDefault: true, origins: false });
const read = async (language: string) =>
  po.parse(readFileSync(join(import.meta.dirname, 'locales', language, 'messages.po'), 'utf8'), {
    locale: language,
    sourceLocale: 'en',
    filename: `${language}/messages.po`,
  });
// A placeholder, or the argument of an ICU plural or select (`{n, plural, one {# Jahr} other {# Jahre}}`).
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)(?=[,}])/g)].map((match) => match[1]))].sort();

describe('the message catalogues', () => {
  it('every message has English, German and French, none empty, with the same placeholders', async () => {
    const [en, de, fr] = await Promise.all(LANGUAGES.map(read));
    const ids = Object.keys(en ?? {});
    expect(ids.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const [language, catalogue] of [
      ['de', de],
      ['fr', fr],
    ] as const) {
      for (const id of ids) {
        const english = en?.[id]?.translation ?? '';
        const own = catalogue?.[id]?.translation ?? '';
        if (english.trim() === '') problems.push(`en lacks ${id}`);
        if (own.trim() === '') problems.push(`${language} lacks ${id}`);
        else if (placeholders(own).join() !== placeholders(english).join())
          problems.push(
            `${language} ${id}: placeholders ${placeholders(own).join()} ≠ ${placeholders(english).join()}`,
          );
      }
      for (const id of Object.keys(catalogue ?? {})) if (!(id in (en ?? {}))) problems.push(`${language} only: ${id}`);
    }
    expect(problems).toEqual([]);
  });

  it('the compiled messages.ts of each language is the PO file compiled (run `npx lingui compile --typescript`)', async () => {
    for (const language of LANGUAGES) {
      const catalogue = await read(language);
      const fromPo = Object.fromEntries(
        Object.entries(catalogue).map(([id, message]) => [id, compileMessage(message.translation ?? '')]),
      );
      expect(catalogues[language], `${language}: stale src/shared/i18n/locales/${language}/messages.ts`).toEqual(
        fromPo,
      );
    }
  });

  it('the English catalogue’s terms are the terms module’s sentences word for word', () => {
    const said = localTerms(translator('en'));
    expect(said.binding).toBe(terms.binding);
    expect(said.deposit(defaultTermsValues)).toBe(terms.deposit(defaultTermsValues));
    expect(said.balance).toBe(terms.balance);
    expect(said.currency('EUR')).toBe(terms.currency('EUR'));
    expect(said.cancellation).toBe(terms.cancellation);
    expect(translator('en').t('terms.inspection', { days: String(INSPECTION_DAYS) })).toBe(terms.inspection);
    // A repair's terms (decision 0062) too.
    expect(said.repairValidity(defaultTermsValues)).toBe(repairTerms.validity(defaultTermsValues));
    expect([said.repairPayment, said.repairLeadTime, said.repairScope, said.repairCancellation]).toEqual([
      repairTerms.payment,
      repairTerms.leadTime,
      repairTerms.scope,
      repairTerms.cancellation,
    ]);
    for (const months of [12, 18, 24, 36])
      for (const plan of [null, '3-year servicing plan'])
        expect(said.warranty(months, plan)).toBe(terms.warranty(months, plan));
    for (const country of ['GB', 'DE', null])
      for (const place of [defaultTermsValues.deliveryPlace, 'Unit 4, Cambridge'])
        expect(said.delivery(country, { deliveryPlace: place })).toBe(
          terms.delivery(country, { deliveryPlace: place }),
        );
  });

  it('dates and money follow the language; English stays the shop’s own format', () => {
    const [en, de, fr] = LANGUAGES.map((language) => translator(language));
    expect([en?.date('2026-12-12'), de?.date('2026-12-12'), fr?.date('2026-12-12')]).toEqual([
      '12 December 2026',
      '12. Dezember 2026',
      '12 décembre 2026',
    ]);
    // No-break spaces (U+00A0) where German and French put them: the PDFs' fonts draw them.
    expect([en?.money(480790, 'EUR'), de?.money(480790, 'EUR'), fr?.money(480790, 'EUR')]).toEqual([
      '€4,807.90',
      '4.807,90\u00a0€',
      '4\u00a0807,90\u00a0€',
    ]);
    expect([en?.month('2027-03-01'), de?.month('2027-03-01'), fr?.month('2027-03-01')]).toEqual([
      'March 2027',
      'März 2027',
      'mars 2027',
    ]);
  });

  it('a day and time in UK time follows the language and British summer time', () => {
    const [en, de, fr] = LANGUAGES.map((language) => translator(language));
    const winter = new Date('2026-12-12T10:00:00Z');
    expect([en?.ukTime(winter), de?.ukTime(winter), fr?.ukTime(winter)]).toEqual([
      '12 December 2026 at 10:00',
      '12. Dezember 2026 um 10:00',
      '12 décembre 2026 à 10:00',
    ]);
    // In summer UK time is an hour ahead of UTC.
    expect(de?.ukTime(new Date('2027-07-01T23:30:00Z'))).toBe('2. Juli 2027 um 00:30');
  });

  it('a message missing from German reads in English, never as its id; one missing from English is an error', () => {
    expect(() => translator('de').t('no.such.message')).toThrow(/No message "no.such.message"/);
  });
});
