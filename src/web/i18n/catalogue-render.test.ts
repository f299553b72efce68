import { setupI18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { numberIn, pluralCategory } from '../../shared/i18n/formats';
import { loadCatalogue, render } from './catalogue';
import { messages as de } from './locales/de/messages';
import { messages as fr } from './locales/fr/messages';

/**
 * The page catalogues are rendered without @lingui/core (decision 0087: Lingui's first plural built
 * Intl objects, a long task while /de hydrated). Every German and French message must read exactly as
 * Lingui reads it, with every value a message takes.
 */
const catalogues = { de, fr } as const;
type Token = string | [string, string?, Record<string, unknown>?];

/** The placeholders of a compiled message, each with whether it is counted (a plural's argument). */
function placeholdersOf(message: unknown, found = new Map<string, boolean>()): Map<string, boolean> {
  if (!Array.isArray(message)) return found;
  for (const token of message as Token[]) {
    if (typeof token === 'string') continue;
    const [name, type, cases] = token;
    found.set(name, (found.get(name) ?? false) || type === 'plural');
    for (const [key, branch] of Object.entries(cases ?? {})) if (key !== 'offset') placeholdersOf(branch, found);
  }
  return found;
}

afterEach(() => vi.restoreAllMocks());

describe('the page catalogues rendered without Lingui', () => {
  it('builds no Intl object for a German or French plural (the warranty on /de)', async () => {
    const pluralRules = vi.spyOn(Intl, 'PluralRules');
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const german = await loadCatalogue('de');
    const french = await loadCatalogue('fr');
    expect(german('home.spec.warrantyValue', { months: 12 })).toBe('12 Monate, verlängerbar mit jährlicher Wartung');
    expect(german('home.spec.warrantyValue', { months: 1 })).toMatch(/^1 Monat,/);
    expect(french('configure.yearWarranty', { years: 1 })).toBe('Garantie de 1 an');
    expect(french('configure.yearWarranty', { years: 3 })).toBe('Garantie de 3 ans');
    expect(pluralRules).not.toHaveBeenCalled();
    expect(numberFormat).not.toHaveBeenCalled();
  });

  it('reads every German and French message as @lingui/core does, with every value', () => {
    const differences: string[] = [];
    for (const [language, messages] of Object.entries(catalogues) as ['de' | 'fr', typeof de][]) {
      const lingui = setupI18n({ locale: language, messages: { [language]: messages } });
      for (const [id, message] of Object.entries(messages)) {
        const placeholders = [...placeholdersOf(message)];
        const samples: Record<string, string | number>[] = [
          {},
          Object.fromEntries(placeholders.map(([name]) => [name, `‹${name}›`])),
          ...[0, 1, 2, 5, 21, 1000, 1_000_000, 2_000_000].map((count) =>
            Object.fromEntries(placeholders.map(([name, counted]) => [name, counted ? count : `‹${name}›`])),
          ),
        ];
        for (const values of samples) {
          const ours = render(language, message as Parameters<typeof render>[1], values);
          const theirs = lingui._(id, values);
          if (ours !== theirs) differences.push(`${language} ${id} ${JSON.stringify(values)}: ${ours} ≠ ${theirs}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('reads plurals with an offset, exact cases and selects as @lingui/core does', () => {
    // `{n, plural, offset:1 =0 {nobody} =1 {you} one {you and # other} other {you and # others}} · {kind, select, …}`
    const message = [
      [
        'n',
        'plural',
        { offset: 1, 0: ['nobody'], 1: ['you'], one: ['you and ', '#', ' other'], other: ['you and ', '#', ' others'] },
      ],
      ' · ',
      ['kind', 'select', { quote: ['Angebot'], other: ['Auftrag'] }],
    ] as Parameters<typeof render>[1];
    expect(render('de', message, { n: 0, kind: 'quote' })).toBe('nobody · Angebot');
    expect(render('de', message, { n: 1, kind: 'order' })).toBe('you · Auftrag');
    expect(render('de', message, { n: 2 })).toBe('you and 1 other · Auftrag');
    expect(render('fr', message, { n: 1002 })).toBe('you and 1\u202f001 others · Auftrag');
    expect(render('de', message, { n: 1002 })).toBe('you and 1.001 others · Auftrag');
    for (const language of ['de', 'fr'] as const) {
      const lingui = setupI18n({ locale: language, messages: { [language]: { x: message as never } } });
      const samples: Record<string, string | number>[] = [
        { n: 0 },
        { n: 1, kind: 'quote' },
        { n: 2 },
        { n: 3 },
        { n: 1002 },
        { n: 1_000_001 },
      ];
      for (const values of samples)
        expect(render(language, message, values), JSON.stringify(values)).toBe(lingui._('x', values));
    }
  });
});

describe('pluralCategory and numberIn', () => {
  it('give what Intl gives in English, German and French', () => {
    const numbers = [0, 1, 2, 3, 5, 11, 21, 100, 101, 1000, 999_999, 1_000_000, 2_000_000, 1_500_000, -1, -2, 0.5, 1.5];
    for (const [language, locale] of [
      ['en', 'en-GB'],
      ['de', 'de-DE'],
      ['fr', 'fr-FR'],
    ] as const) {
      const rules = new Intl.PluralRules(locale);
      const format = new Intl.NumberFormat(locale);
      for (const n of numbers) {
        expect(pluralCategory(language, n), `${language} ${n}`).toBe(rules.select(n));
        expect(numberIn(language, n), `${language} ${n}`).toBe(format.format(n));
      }
    }
  });
});
