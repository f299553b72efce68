import { describe, expect, it } from 'vitest';
import { englishIn, oneSpaced } from '../../../tests/support/english-phrases';
import { pdfText } from '../../../tests/support/pdf-text';
import { authorisedReturnOfProInstrument } from '../../../tests/support/service-fixtures';
import { useTestApp } from '../../../tests/support/test-app';
import { seedCatalogue } from '../catalogue/seed-catalogue';

/**
 * Issue 53: the RMA document and the repair pro-forma of a service request are in the language of the
 * instrument's order (`recipientLanguage`), as the request's e-mails and its decontamination
 * declaration: no phrase of the English catalogue in German or French, the downloads named in the
 * language; an English order's papers as they always were.
 */
describe('the RMA document and the repair pro-forma in the order’s language (issue 53)', () => {
  const t = useTestApp({ now: new Date('2026-11-20T09:00:00.000Z') });
  let instruments = 0;

  /** An authorised return of a customer's Dropwise Pro bought in `language`, delivered to `country`. */
  async function authorisedReturn(language: 'en' | 'de' | 'fr', country: string, city: string) {
    await seedCatalogue(t.db);
    instruments += 1;
    const rmaNumber = `RMA2026-${String(instruments).padStart(5, '0')}`;
    const { request, order, cookie } = await authorisedReturnOfProInstrument(t, {
      country,
      city,
      currency: 'EUR',
      language,
      serialNumber: `DW-L-${language}-000${instruments}`,
      request: { rmaNumber, description: 'Der Motor bleibt stehen.', returnInstructions: 'Im Originalkarton.' },
    });
    const download = async (name: 'rma.pdf' | 'pro-forma.pdf') => {
      const response = await t.get(`/api/service-requests/${request.requestNumber}/${name}`, { cookie });
      expect(response.statusCode, response.body).toBe(200);
      return {
        text: oneSpaced(pdfText(response.rawPayload)),
        disposition: String(response.headers['content-disposition']),
      };
    };
    return { rmaNumber, request, order, rma: await download('rma.pdf'), proForma: await download('pro-forma.pdf') };
  }

  it('German: the RMA document German throughout, the customer’s words as written; no English catalogue phrase; named in German', async () => {
    const { rmaNumber, request, order, rma } = await authorisedReturn('de', 'DE', 'Heidelberg');
    expect(rma.text).toContain('RÜCKSENDEGENEHMIGUNG');
    expect(rma.text).toContain(`RMA-Nummer: ${rmaNumber}`);
    expect(rma.text).toContain(`Serviceanfrage: ${request.requestNumber}`);
    expect(rma.text).toMatch(/Eröffnet am: \d{1,2}\. \p{L}+ \d{4}/u);
    expect(rma.text).toContain('Rücksendung an');
    expect(rma.text).toMatch(/Seriennummer: DW-L-de-000\d/);
    expect(rma.text).toContain(`Auftrag: ${order.orderNumber}`);
    expect(rma.text).toContain('Was ist passiert Der Motor bleibt stehen.');
    expect(rma.text).toContain('Hinweise zur Rücksendung Im Originalkarton.');
    expect(rma.text).toContain('Kosten Von der Garantie gedeckt, vorbehaltlich der Prüfung (AGB §11)');
    expect(englishIn(rma.text, 'de')).toEqual([]);
    // Edge case: the name's umlaut written out in the ASCII name, the name itself in filename*.
    expect(rma.disposition).toBe(
      `attachment; filename="Ruecksendegenehmigung-${rmaNumber}.pdf"; filename*=UTF-8''R%C3%BCcksendegenehmigung-${rmaNumber}.pdf`,
    );
  });

  it('German: the repair pro-forma German throughout, its marking, movements and declaration; German numbers; named in German', async () => {
    const { rmaNumber, request, order, proForma } = await authorisedReturn('de', 'DE', 'Heidelberg');
    const text = proForma.text;
    expect(text).toContain('PROFORMA-RECHNUNG');
    expect(text).toContain(`Proforma-Nummer: PF-${rmaNumber}`);
    expect(text).toContain(`Serviceanfrage: ${request.requestNumber}`);
    expect(text).toContain(`Ursprünglicher Auftrag: ${order.orderNumber}`);
    // The two parties' headings side by side: each read in its column.
    expect(text).toContain('Kunde (sendet das Gerät ein, erhält es');
    expect(text).toContain('Reparaturbetrieb (erhält das Gerät, sendet');
    expect(text).toMatch(/Menge Bruttogew\. Wert für Zollzwecke \(EUR\)/);
    expect(text).toContain('EORI-Nummer: GB000000000000');
    expect(text).toContain('Zur Reparatur zurückgesandte Ware, ohne Handelswert, Wert nur für Zollzwecke');
    expect(text).toMatch(/Dropwise Pro DW-L-de-000\d 8479 89 97 Vereinigtes( Königreich)? 1 3,00 kg 4\.040,00\s€/);
    expect(text).toContain(
      `1. Versandland Deutschland, Bestimmungsland Vereinigtes Königreich: zur Reparatur unter RMA ${rmaNumber}.`,
    );
    expect(text).toContain('2. Versandland Vereinigtes Königreich, Bestimmungsland Deutschland');
    expect(text).toContain('Ich erkläre, dass die Angaben auf dieser Proforma-Rechnung wahr und richtig sind.');
    expect(englishIn(text, 'de')).toEqual([]);
    expect(proForma.disposition).toBe(`attachment; filename="Proforma-Rechnung-${rmaNumber}.pdf"`);
  });

  it('French: both papers French throughout, the narrow space before a colon drawn; no English catalogue phrase; named in French', async () => {
    const { rmaNumber, request, rma, proForma } = await authorisedReturn('fr', 'FR', 'Lyon');
    expect(rma.text).toContain('AUTORISATION DE RETOUR');
    expect(rma.text).toContain(`Numéro RMA : ${rmaNumber}`);
    expect(rma.text).toContain(`Demande d’intervention : ${request.requestNumber}`);
    expect(rma.text).toContain('Instructions de retour');
    expect(rma.text).toContain('Couvert par la garantie, sous réserve d’inspection (conditions, §11)');
    expect(englishIn(rma.text, 'fr')).toEqual([]);
    expect(rma.disposition).toBe(`attachment; filename="Autorisation-de-retour-${rmaNumber}.pdf"`);

    expect(proForma.text).toContain('FACTURE PRO FORMA');
    expect(proForma.text).toContain('Marchandises renvoyées pour réparation, sans valeur commerciale');
    expect(proForma.text).toContain('1. Pays d’expédition : France, pays de destination : Royaume-Uni');
    expect(proForma.text).toMatch(/Dropwise Pro DW-L-fr-000\d 8479 89 97 Royaume-Uni 1 3,00 kg 4\s040,00\s€/);
    expect(englishIn(proForma.text, 'fr')).toEqual([]);
    expect(proForma.disposition).toBe(`attachment; filename="Facture-pro-forma-${rmaNumber}.pdf"`);
  });

  it('an English order delivered to Germany: both papers English as they always were, English names', async () => {
    const { rmaNumber, rma, proForma } = await authorisedReturn('en', 'DE', 'Heidelberg');
    expect(rma.text).toContain('RETURN AUTHORISATION');
    expect(rma.text).toContain(`RMA number: ${rmaNumber}`);
    expect(rma.text).toContain('What happened');
    expect(rma.text).toContain('Covered by warranty, subject to inspection (terms §11)');
    expect(rma.disposition).toBe(`attachment; filename="RMA-${rmaNumber}.pdf"`);
    expect(proForma.text).toContain('PRO-FORMA INVOICE');
    expect(proForma.text).toContain('Returned goods for repair, no commercial value, value for customs purposes only');
    expect(proForma.text).toContain(`From Germany to the United Kingdom, for repair under RMA ${rmaNumber}.`);
    expect(proForma.disposition).toBe(`attachment; filename="Pro-forma-${rmaNumber}.pdf"`);
  });
});
