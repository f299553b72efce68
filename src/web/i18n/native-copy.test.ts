import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localIssuer } from '../../shared/documents/document-language';
import { exampleBusinessProfile } from '../../shared/business-profile';
import { greetingLine } from '../../shared/i18n/greeting';
import { catalogues, translator } from '../../shared/i18n/translator';
import { messages as webDe } from './locales/de/messages';
import { messages as webFr } from './locales/fr/messages';

/** Issue 53: German and French a native reader signs off (docs/glossary.md). */
const de = translator('de');
const fr = translator('fr');
const en = translator('en');

/** Every literal text of a compiled catalogue, nested ICU branches included. */
const texts = (message: unknown): string[] =>
  typeof message === 'string'
    ? [message]
    : Array.isArray(message)
      ? message.flatMap(texts)
      : message && typeof message === 'object'
        ? Object.values(message).flatMap(texts)
        : [];
const all = (catalogue: Record<string, unknown>) => Object.entries(catalogue).map(([id, m]) => [id, texts(m).join('')]);

describe('German and French a native reader signs off (issue 53)', () => {
  it('greets formally by the family name: "Guten Tag Herr Becker,", "Guten Tag Frau Becker,", "Bonjour Madame Martin,"', () => {
    expect(greetingLine(de, { firstName: 'Thomas', lastName: 'Becker', title: 'mr' })).toBe('Guten Tag Herr Becker,');
    expect(greetingLine(de, { firstName: 'Anna', lastName: 'Becker', title: 'ms' })).toBe('Guten Tag Frau Becker,');
    expect(greetingLine(fr, { firstName: 'Claire', lastName: 'Martin', title: 'ms' })).toBe('Bonjour Madame Martin,');
    expect(greetingLine(fr, { firstName: 'Luc', lastName: 'Martin', title: 'mr' })).toBe('Bonjour Monsieur Martin,');
  });

  it('with no title known, a neutral formal greeting with the full name, never a first name with “Sie”', () => {
    expect(greetingLine(de, { firstName: 'Thomas', lastName: 'Becker' })).toBe('Guten Tag Thomas Becker,');
    expect(greetingLine(fr, { firstName: 'Claire', lastName: 'Martin' })).toBe('Bonjour Claire Martin,');
    // A first name alone: the general salutation, not "Guten Tag Thomas,".
    expect(greetingLine(de, { firstName: 'Thomas', lastName: null })).toBe('Sehr geehrte Kundin, sehr geehrter Kunde,');
    expect(greetingLine(fr, { firstName: 'Claire', lastName: '' })).toBe('Chère cliente, cher client,');
    expect(greetingLine(de, { firstName: null, lastName: 'Becker' })).toBe('Guten Tag Becker,');
    // English keeps the shop's own "Dear Ada,".
    expect(greetingLine(en, { firstName: 'Ada', lastName: 'Lovelace' })).toBe('Dear Ada,');
    expect(greetingLine(en, { firstName: 'Ada', lastName: 'Lovelace', title: 'ms' })).toBe('Dear Ms Lovelace,');
    expect(greetingLine(en, null)).toBe('Dear customer,');
  });

  it('plural agreement through ICU: "1 Jahr", "3 Jahre"; "1 an", "3 ans"; "1 month", "12 months"', () => {
    expect([1, 3].map((n) => de.t('terms.period.years', { n }))).toEqual(['1 Jahr', '3 Jahre']);
    expect([1, 3].map((n) => fr.t('terms.period.years', { n }))).toEqual(['1 an', '3 ans']);
    expect([1, 3].map((n) => en.t('terms.period.years', { n }))).toEqual(['1 year', '3 years']);
    expect([1, 12].map((n) => de.t('terms.period.months', { n }))).toEqual(['1 Monat', '12 Monate']);
    expect([1, 12].map((n) => en.t('terms.period.months', { n }))).toEqual(['1 month', '12 months']);
    // The configurator's warranty on the German and French pages.
    expect(texts(webDe['configure.yearWarranty']).join(' ')).toContain('Jahr Garantie');
    expect(texts(webFr['configure.yearWarranty']).join(' ')).toContain('Garantie de');
  });

  it('"eingetragen in England und Wales", "Angleterre et pays de Galles" on every document’s registration line', () => {
    const profile = { ...exampleBusinessProfile, registeredIn: 'England and Wales' };
    expect(localIssuer(de, profile).registration).toContain('Eingetragen in England und Wales,');
    expect(localIssuer(fr, profile).registration).toContain('Immatriculée en Angleterre et pays de Galles,');
    expect(localIssuer(en, profile).registration).toContain('Registered in England and Wales,');
    // A place the catalogue does not know is printed as the profile holds it.
    expect(de.place('Jersey')).toBe('Jersey');
  });

  it('the late-payment interest names the Bank of England base rate, not the German Basiszinssatz', () => {
    expect(de.t('doc.invoice.latePayment', { url: 'u' })).toContain('über dem Leitzins der Bank of England');
    expect(fr.t('doc.invoice.latePayment', { url: 'u' })).toContain('taux directeur de la Banque d’Angleterre');
    expect(en.t('doc.invoice.latePayment', { url: 'u' })).toContain('8% above the Bank of England base rate');
    for (const catalogue of [catalogues.de, webDe])
      for (const [id, text] of all(catalogue)) expect(text, id).not.toMatch(/Basiszins/);
  });

  it('German: "Auftragsnummer" is the shop’s order number and "Ihre Bestellnummer" the buyer’s PO, everywhere', () => {
    expect(de.t('doc.meta.orderNumber')).toBe('Auftragsnummer');
    expect(de.t('doc.meta.poNumber')).toBe('Ihre Bestellnummer');
    expect(de.t('mail.summary.orderNumber', { number: 'O2026-00001' })).toBe('Auftragsnummer: O2026-00001');
    const bare = [catalogues.de, webDe].flatMap((catalogue) =>
      all(catalogue).filter(([, text]) => /(?<!Ihre |Ihrer |die )Bestellnummer/.test(text ?? '')),
    );
    expect(bare).toEqual([]);
  });

  it('French typography: a narrow no-break space (U+202F) before : ; ? ! and inside « », in every French message', () => {
    const wrong: string[] = [];
    for (const catalogue of [catalogues.fr, webFr])
      for (const [id, text = ''] of all(catalogue)) {
        if (/[ \u00a0][:;?!]/.test(text)) wrong.push(`${id}: a plain space before punctuation`);
        if (/[^\s\u202f{][;?!](\s|$)/.test(text)) wrong.push(`${id}: no space before ; ? !`);
        if (/\p{L}:\s/u.test(text)) wrong.push(`${id}: no space before a colon`);
        if (/«(?!\u202f)|(?<!\u202f)»/.test(text)) wrong.push(`${id}: « » without narrow spaces`);
      }
    expect(wrong).toEqual([]);
    expect(fr.t('mail.questions', { email: 'a@b.c', phone: '1' })).toContain('Des questions\u202f?');
    expect(fr.colon).toBe('\u202f:');
  });

  it('the glossary lists each term in English, German and French, and the catalogues use its German terms', () => {
    const glossary = readFileSync(new URL('../../../docs/glossary.md', import.meta.url), 'utf8');
    for (const row of [
      '| Order number | Auftragsnummer | Numéro de commande |',
      '| PO number | Ihre Bestellnummer |',
      '| Title (of a person) | Anrede | Civilité |',
      '| Mr | Herr | Monsieur |',
      '| Ms | Frau | Madame |',
    ])
      expect(glossary).toContain(row);
  });
});
