import { describe, expect, it } from 'vitest';
import { englishIn } from '../../../tests/support/english-phrases';
import { exampleBusinessProfile } from '../../shared/business-profile';
import { defaultTermsValues } from '../../shared/terms';
import { coverReminderMail } from './cover-reminders';

/** Issue 40 (decision 0064): the cover reminder of an instrument is in the language of the order it came from. */
describe("the instrument cover reminder in the order's language", () => {
  const input = {
    to: 'labor@example.com',
    firstName: 'Jürgen',
    lastName: 'Weber',
    serialNumber: 'DW-0042',
    model: 'Dropwise Pro',
    endsOn: '2027-03-02',
    quoteNumber: 'Q2027-00007',
    total: { amount: 51000, currency: 'EUR' },
    quoteUrl: 'http://localhost:3000/quote/abc',
    facts: { profile: exampleBusinessProfile, terms: defaultTermsValues, termsUrl: 'http://localhost:3000/terms' },
  };

  it('a German order: German subject and body, German date and money, no English catalogue phrase', () => {
    const mail = coverReminderMail({ ...input, kind: 'warranty_end', language: 'de' });
    expect(mail.subject).toBe('Ihr Gerät DW-0042: Die Garantie endet am 2. März 2027');
    expect(mail.text.split('\n').slice(0, 5)).toEqual([
      'Guten Tag Jürgen Weber,',
      '',
      'Die Garantie Ihres Geräts Dropwise Pro, Seriennummer DW-0042, endet am 2. März 2027.',
      'Damit es abgesichert und gewartet bleibt, verlängern Sie die Wartung um ein Jahr: Angebot Q2027-00007, 510,00\u00a0€.',
      'Hier können Sie es ansehen und bestellen: http://localhost:3000/quote/abc',
    ]);
    expect(englishIn(`${mail.subject}\n${mail.text}`, 'de')).toEqual([]);
  });

  it('a French servicing plan ending reads French; an English order (or none) reads as before', () => {
    const french = coverReminderMail({ ...input, kind: 'service_plan_end', language: 'fr' });
    expect(french.subject).toBe('Votre instrument DW-0042\u202f: son contrat d’entretien prend fin le 2 mars 2027');
    expect(englishIn(`${french.subject}\n${french.text}`, 'fr')).toEqual([]);
    const english = coverReminderMail({ ...input, kind: 'warranty_end', language: null });
    expect(english.subject).toBe('Your instrument DW-0042: its warranty ends on 2 March 2027');
    expect(english.text).toContain('renew its servicing for a year: quote Q2027-00007, €510.00.');
  });
});
