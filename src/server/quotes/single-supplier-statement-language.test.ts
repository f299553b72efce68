import { describe, expect, it } from 'vitest';
import { englishIn, oneSpaced } from '../../../tests/support/english-phrases';
import { pdfText } from '../../../tests/support/pdf-text';
import { useTestApp } from '../../../tests/support/test-app';
import { exampleBusinessProfile } from '../../shared/business-profile';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { resetSettings, updateSettings } from '../settings/settings-service';

/**
 * Issue 53: the single-supplier statement is in the quote's language (`recipientLanguage(quote)`), as
 * its quotation: headings, dates and money in German or French, no phrase of the English catalogue.
 */
describe('the single-supplier statement in the quote’s language (issue 53)', () => {
  const t = useTestApp({ now: new Date('2026-12-12T10:00:00.000Z') });

  const statementOf = async (language: 'en' | 'de' | 'fr', email: string) => {
    const made = await t.post('/api/quotes', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      customerInfo: { email, firstName: 'Erika', lastName: 'Becker', organization: 'Universität Heidelberg' },
      flowType: 'quote',
      language,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { quote } = made.json() as { quote: QuoteResource };
    const response = await t.get(`/api/quotes/${quote.reference}/single-supplier-statement.pdf`);
    expect(response.statusCode).toBe(200);
    return { quote, text: oneSpaced(pdfText(response.rawPayload)) };
  };

  it('German: the German headings, date, money and reasons; no English catalogue phrase', async () => {
    const { quote, text } = await statementOf('de', 'einkauf@uni-heidelberg.test');
    expect(quote.language).toBe('de');
    expect(text).toContain('ERKLÄRUNG ZUM ALLEINLIEFERANTEN');
    expect(text).toContain(`Angebotsnummer: ${quote.quoteNumber}`);
    expect(text).toContain('Datum der Erklärung: 12. Dezember 2026');
    expect(text).toContain(`ist der alleinige Hersteller und einzige Lieferant des in Angebot ${quote.quoteNumber}`);
    expect(text).toMatch(/\(Gesamtbetrag \d{1,3}(\.\d{3})*,\d{2} €\)/);
    expect(text).toContain('Warum es das einzige ist');
    expect(text).toContain(`Unterzeichnet für und im Namen von ${exampleBusinessProfile.legalName}`);
    expect(text).toContain('Datum: 12. Dezember 2026');
    expect(text).toContain('Eingetragen in England und Wales');
    // The reasons of the German list (the settings' default, translated).
    expect(text).toContain('• Wir entwickeln und fertigen es selbst;');
    expect(englishIn(text, 'de')).toEqual([]);
  });

  it('French: the French headings, date, money and typography; no English catalogue phrase', async () => {
    const { quote, text } = await statementOf('fr', 'achats@univ-lyon.test');
    expect(text).toContain('ATTESTATION DE FOURNISSEUR UNIQUE');
    // The narrow no-break space before a colon is drawn as a no-break space (the fonts lack U+202F).
    expect(text).toContain(`Numéro de devis : ${quote.quoteNumber}`);
    expect(text).toContain('Date de l’attestation : 12 décembre 2026');
    expect(text).toMatch(/\(total \d{1,3}( \d{3})*,\d{2} €\)/);
    expect(text).toContain('pour les raisons suivantes :');
    expect(text).toContain(`Signé pour le compte de ${exampleBusinessProfile.legalName}`);
    expect(text).toContain('• Nous le concevons et le fabriquons ; aucun distributeur');
    expect(englishIn(text, 'fr')).toEqual([]);
  });

  it('a language whose reasons staff emptied lists the English ones; staff’s German reasons are printed as written', async () => {
    await updateSettings(t.db, {
      singleSupplierReasonsDe: ['Nur dieses Gerät passt in unsere Sicherheitswerkbank.'],
      singleSupplierReasonsFr: [],
    });
    try {
      expect((await statementOf('de', 'labor@uni-bonn.test')).text).toContain(
        '• Nur dieses Gerät passt in unsere Sicherheitswerkbank.',
      );
      expect((await statementOf('fr', 'labo@univ-lille.test')).text).toContain(
        '• We design and make it; no distributor or other manufacturer sells it',
      );
    } finally {
      await resetSettings(t.db, ['singleSupplierReasonsDe', 'singleSupplierReasonsFr']);
    }
  });

  it('English stays as it was', async () => {
    const { quote, text } = await statementOf('en', 'purchasing@college.test');
    expect(text).toContain('SINGLE-SUPPLIER STATEMENT');
    expect(text).toContain(`Quote number: ${quote.quoteNumber}`);
    expect(text).toContain('Date of statement: 12 December 2026');
    expect(text).toMatch(
      /is the sole manufacturer and the only supplier of the Dropwise offered in quotation Q\S+ \(total €/,
    );
    expect(text).toContain(
      'To the best of our knowledge, it is the only instrument that meets the need, for these reasons:',
    );
    expect(text).toContain('Date: 12 December 2026');
  });
});
