import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { englishIn, oneSpaced } from '../../../tests/support/english-phrases';
import { createUser, guestBilling } from '../../../tests/support/factories';
import { passingFactoryTest } from '../../../tests/support/factory-tests';
import { pdfText } from '../../../tests/support/pdf-text';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { exampleBusinessProfile } from '../../shared/business-profile';
import {
  type InstrumentPaperFacts,
  iqOqProtocolDocument,
  testCertificateDocument,
} from '../../shared/documents/instrument-papers';
import type { Order } from '../../shared/orders/order-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { paymentTransactions } from '../db/schema';
import { renderDocumentPdf } from '../documents/document-pdf';
import { updateSettings } from '../settings/settings-service';

/**
 * Issue 53: an instrument's factory test certificate, declaration of conformity and IQ/OQ protocol are
 * in its order's language (`recipientLanguage(order)`), as the order's other documents: headings,
 * checks, dates and numbers in German or French, no phrase of the English catalogue; the legislation
 * and standards as staff entered them (their names). The downloads are named in the language too.
 */
describe('the test certificate, the declaration of conformity and the IQ/OQ protocol in the order’s language (issue 53)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:00.000Z') });

  /** A German or French order, confirmed, paid, shipped with a passing test and delivered; its papers' texts. */
  async function papersOf(language: 'de' | 'fr', email: string, serial: string) {
    const admin = await createAdminSession(t);
    const customer = await createUser(t.db, { email });
    const cookie = await signIn(t, email);
    const placed = await t.post(
      '/api/orders',
      {
        configuration: { ...defaultSelection },
        billing: { ...guestBilling(email), poNumber: 'PO-LAB-4471' },
        notes: '',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
        language,
      },
      { cookie },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json() as { order: Order };
    expect(order.language).toBe(language);
    const patch = async (body: Record<string, unknown>) => {
      t.clock.now = new Date(t.clock.now.getTime() + 1000);
      const response = await t.patch(`/api/admin/orders/${order.id}`, body, { cookie: admin.cookie });
      expect(response.statusCode, response.body).toBe(200);
    };
    await patch({ status: 'confirmed' });
    await t.db.insert(paymentTransactions).values({
      orderId: order.id,
      transactionType: 'balance',
      amount: order.totalAmount,
      currency: order.currency,
      status: 'completed',
    });
    await patch({ status: 'shipped', serialNumbers: [serial], factoryTests: [passingFactoryTest] });
    await patch({ status: 'delivered' });
    const [instrument] = (await t.get('/api/account/instruments', { cookie })).json().instruments as {
      papers: { kind: string; url: string }[];
    }[];
    const filenames: Record<string, string> = {};
    const read = async (kind: string) => {
      const response = await t.get(instrument?.papers.find((paper) => paper.kind === kind)?.url ?? '', { cookie });
      expect(response.statusCode, kind).toBe(200);
      filenames[kind] = String(response.headers['content-disposition']);
      return oneSpaced(pdfText(response.rawPayload));
    };
    expect(customer.user.email).toBe(email);
    return {
      orderNumber: order.orderNumber,
      certificate: await read('test_certificate'),
      protocol: await read('iq_oq_protocol'),
      declaration: await read('declaration_of_conformity'),
      filenames,
    };
  }

  const conformity = {
    conformityUkcaLegislation: ['Electromagnetic Compatibility Regulations 2016'],
    conformityCeLegislation: ['EMC Directive 2014/30/EU'],
    conformityStandards: ['EN 61010-1:2010'],
  };

  it('German: the three papers German throughout (dates, decimals, checks, the declaration’s headings), no English catalogue phrase; named in German', async () => {
    await updateSettings(t.db, conformity);
    const { orderNumber, certificate, protocol, declaration, filenames } = await papersOf(
      'de',
      'qualitaet@uni-heidelberg.test',
      'DW-DE-0001',
    );
    expect(certificate).toContain('WERKSPRÜFZEUGNIS');
    expect(certificate).toContain('Seriennummer: DW-DE-0001');
    expect(certificate).toContain('Prüfdatum: 27. Februar 2026');
    expect(certificate).toContain(`Auftragsnummer: ${orderNumber}`);
    expect(certificate).toContain('Ihre Bestellnummer: PO-LAB-4471');
    expect(certificate).toContain('Ergebnisse der Endprüfung');
    // -0.4 % and 10.03 mL with the German decimal sign; the limits likewise.
    expect(certificate).toMatch(
      /Genauigkeit der Förderrate -0,4 % innerhalb ±2 % der eingestellten Förderrate BESTANDEN/,
    );
    expect(certificate).toMatch(/Abgegebenes Volumen 10,03 mL 9,9 bis 10,1 mL \(10 mL ±1 %\) BESTANDEN/);
    expect(certificate).toMatch(/Gesamtergebnis BESTANDEN/);
    expect(certificate).toContain('Geprüft von: Alex Tester');
    expect(certificate).toContain('Das Gerät hat vor dem Versand die werkseitige Endprüfung bestanden.');
    expect(certificate).toContain(`Unterzeichnet für und im Namen von ${exampleBusinessProfile.legalName}`);
    expect(certificate).toContain('Eingetragen in England und Wales');
    expect(englishIn(certificate, 'de')).toEqual([]);

    expect(protocol).toContain('IQ/OQ-PROTOKOLL');
    expect(protocol).toContain('Lieferdatum: 2. März 2026');
    expect(protocol).toContain('Installationsqualifizierung (IQ)');
    expect(protocol).toContain('Funktionsqualifizierung (OQ)');
    // The protocol's cells wrap in their columns: each piece is read where it stands.
    expect(protocol).toContain(`Auftrag ${orderNumber}, Ihre`);
    expect(protocol).toContain('Bestellnummer PO-LAB-4471');
    expect(protocol).toContain('Selbsttest beim Einschalten');
    expect(protocol).toContain('Innerhalb ±2 % der eingestellten');
    expect(protocol).toContain('Konformitätserklärung vorhanden');
    expect(protocol).toContain('9,9 bis 10,1 mL bei 10 mL');
    expect(protocol).toContain('Freigabe durch das Labor');
    expect(protocol).toContain('Freigegeben von (Name):');
    expect(englishIn(protocol, 'de')).toEqual([]);

    expect(declaration).toContain('KONFORMITÄTSERKLÄRUNG');
    expect(declaration).toContain('Ausstellungsdatum: 2. März 2026');
    expect(declaration).toContain(`Auftragsnummer: ${orderNumber}`);
    expect(declaration).toContain('Ihre Bestellnummer: PO-LAB-4471');
    expect(declaration).toContain('Hersteller');
    expect(declaration).toContain('Produkt');
    expect(declaration).toContain(
      'Die alleinige Verantwortung für die Ausstellung dieser Konformitätserklärung trägt der Hersteller.',
    );
    expect(declaration).toContain('Seriennummer DW-DE-0001, erfüllt die nachstehend genannten Rechtsvorschriften.');
    expect(declaration).toContain('UKCA: Rechtsvorschriften des Vereinigten Königreichs');
    expect(declaration).toContain('CE: Rechtsvorschriften der EU');
    expect(declaration).toContain('Angewandte Normen');
    // The legislation and standards are named as staff entered them: proper names, not translated.
    expect(declaration).toContain('• Electromagnetic Compatibility Regulations 2016');
    expect(declaration).toContain('• EMC Directive 2014/30/EU');
    expect(declaration).toContain('• EN 61010-1:2010');
    expect(declaration).toContain('Eingetragen in England und Wales');
    expect(englishIn(declaration, 'de')).toEqual([]);

    // Edge case: the download's name is German, the umlauts written out in the ASCII name.
    expect(filenames).toEqual({
      test_certificate:
        'attachment; filename="Werkspruefzeugnis-DW-DE-0001.pdf"; filename*=UTF-8\'\'Werkspr%C3%BCfzeugnis-DW-DE-0001.pdf',
      iq_oq_protocol: 'attachment; filename="IQ-OQ-Protokoll-DW-DE-0001.pdf"',
      declaration_of_conformity:
        'attachment; filename="Konformitaetserklaerung-DW-DE-0001.pdf"; filename*=UTF-8\'\'Konformit%C3%A4tserkl%C3%A4rung-DW-DE-0001.pdf',
    });
  });

  it('French: the three papers French throughout, with the narrow space before a colon drawn; no English catalogue phrase; named in French', async () => {
    await updateSettings(t.db, conformity);
    const { orderNumber, certificate, protocol, declaration, filenames } = await papersOf(
      'fr',
      'qualite@univ-lyon.test',
      'DW-FR-0001',
    );
    expect(certificate).toContain('CERTIFICAT D’ESSAI EN USINE');
    expect(certificate).toContain('Numéro de série : DW-FR-0001');
    expect(certificate).toContain('Date de l’essai : 27 février 2026');
    expect(certificate).toContain(`Numéro de commande : ${orderNumber}`);
    expect(certificate).toMatch(/Précision du débit -0,4 % à ±2 % près du débit réglé CONFORME/);
    expect(certificate).toMatch(/Résultat global CONFORME/);
    expect(certificate).toContain('L’instrument a réussi son essai final en usine avant l’expédition.');
    expect(englishIn(certificate, 'fr')).toEqual([]);

    expect(protocol).toContain('PROTOCOLE IQ/OQ');
    expect(protocol).toContain('Date de livraison : 2 mars 2026');
    expect(protocol).toContain('Qualification d’installation (IQ)');
    expect(protocol).toContain('Qualification opérationnelle (OQ)');
    expect(protocol).toContain(`Commande ${orderNumber}, bon de`);
    expect(protocol).toContain('commande PO-LAB-4471');
    expect(protocol).toContain('Approbation par le laboratoire');
    expect(englishIn(protocol, 'fr')).toEqual([]);

    expect(declaration).toContain('DÉCLARATION DE CONFORMITÉ');
    expect(declaration).toContain('Date d’établissement : 2 mars 2026');
    expect(declaration).toContain(
      'La présente déclaration de conformité est établie sous la seule responsabilité du fabricant.',
    );
    expect(declaration).toContain('numéro de série DW-FR-0001, est conforme à la législation ci-dessous.');
    expect(declaration).toContain('UKCA : législation du Royaume-Uni');
    expect(declaration).toContain('CE : législation de l’UE');
    expect(declaration).toContain('Normes appliquées');
    expect(declaration).toContain('• EMC Directive 2014/30/EU');
    expect(englishIn(declaration, 'fr')).toEqual([]);

    expect(filenames.declaration_of_conformity).toBe(
      'attachment; filename="Declaration-de-conformite-DW-FR-0001.pdf"; filename*=UTF-8\'\'D%C3%A9claration-de-conformit%C3%A9-DW-FR-0001.pdf',
    );
    expect(filenames.test_certificate).toBe(
      'attachment; filename="Certificat-d-essai-en-usine-DW-FR-0001.pdf"; filename*=UTF-8\'\'Certificat-d%E2%80%99essai-en-usine-DW-FR-0001.pdf',
    );
    expect(filenames.iq_oq_protocol).toBe('attachment; filename="Protocole-IQ-OQ-DW-FR-0001.pdf"');
  });
});

/** A test uploaded as a record (no typed results), with no PO and not yet delivered: the other sentences. */
const recorded = (language: 'de' | 'fr'): InstrumentPaperFacts => ({
  profile: exampleBusinessProfile,
  instrument: { serialNumber: 'DW-R-0001', model: 'Dropwise Standard', softwareVersion: null, deliveredOn: null },
  order: { orderNumber: 'O2026-00009', poNumber: null, shippingAddress: null, billingAddress: null },
  test: {
    rateLimitPercent: 2,
    nominalVolumeMl: 10,
    volumeLimitPercent: 1,
    rateAccuracyPercent: null,
    volumeDeliveredMl: null,
    testedBy: 'Alex Tester',
    testedOn: '2026-02-27',
    recordedAt: '2026-03-01T10:00:00.000Z',
    record: { filename: 'run-17.pdf', sha256: 'ab'.repeat(32), uploadedAt: '2026-02-28T10:00:00.000Z' },
  },
  conformity: { ukca: [], ce: [], standards: [] },
  papers: { declaration: false, manual: true },
  language,
});

describe('the papers of a test uploaded as a record, in German and French (issue 53)', () => {
  it.each(['de', 'fr'] as const)(
    '%s: the record, the verdict and the unset values in the language',
    async (language) => {
      const certificate = oneSpaced(pdfText(await renderDocumentPdf(testCertificateDocument(recorded(language)))));
      const protocol = oneSpaced(pdfText(await renderDocumentPdf(iqOqProtocolDocument(recorded(language)))));
      expect(englishIn(certificate, language)).toEqual([]);
      expect(englishIn(protocol, language)).toEqual([]);
      if (language === 'de') {
        expect(certificate).toContain('Prüfprotokoll: run-17.pdf');
        expect(certificate).toContain('hochgeladen am 28. Februar 2026');
        expect(certificate).toContain('im Prüfprotokoll');
        expect(certificate).toContain('Softwareversion: wie am Gerät angezeigt');
        expect(protocol).toContain('Lieferdatum: noch nicht geliefert');
        expect(protocol).toContain('Auftrag O2026-00009, laut Ihrer');
        expect(protocol).toContain('Bedienungsanleitung vorhanden');
      } else {
        expect(certificate).toContain('Rapport d’essai : run-17.pdf');
        expect(certificate).toContain('téléversé le 28 février 2026');
        expect(certificate).toContain('le technicien les a jugés au regard des limites ci-dessus');
        expect(protocol).toContain('Date de livraison : pas encore livré');
        expect(protocol).toContain('Commande O2026-00009, selon votre');
      }
    },
  );
});
