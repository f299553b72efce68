import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { englishIn, oneSpaced } from '../../../tests/support/english-phrases';
import { createOrder, createUser } from '../../../tests/support/factories';
import { pdfText } from '../../../tests/support/pdf-text';
import { createInstrument } from '../../../tests/support/service-fixtures';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { ServiceRequest } from '../../shared/service-requests/service-contracts';
import { serviceRequests } from '../db/schema';
import { collectPersonData } from '../privacy/data-export';

/**
 * Issue 53: the decontamination declaration's PDF is in the language of the instrument's order
 * (`recipientLanguage`), as the request's e-mails: its headings, the statement the customer signed and
 * the dates, no phrase of the English catalogue; the customer's own words as written. Its download is
 * named in the language.
 */
describe('the decontamination declaration in the order’s language (issue 53)', () => {
  const t = useTestApp({ now: new Date('2026-11-20T09:00:00.000Z') });

  /** A German or French customer's instrument, a service request authorised and its declaration signed. */
  async function signedDeclaration(language: 'de' | 'fr', declaration: Record<string, unknown>) {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const order = await createOrder(t.db, {
      userId: user.id,
      status: 'delivered',
      language,
      currency: 'EUR',
      configuration: { ...defaultSelection, customerInfo: { email: user.email, firstName: 'Eva', lastName: 'Roth' } },
    });
    const instrument = await createInstrument(t.db, { orderId: order.id });
    const created = await t.post(
      '/api/service-requests',
      { serial: instrument.serialNumber, description: 'Der Motor bleibt stehen.' },
      { cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    const { requestNumber } = (created.json() as { request: ServiceRequest }).request;
    const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.requestNumber, requestNumber));
    const admin = await createAdminSession(t);
    const authorised = await t.post(
      `/api/admin/service/${row?.id}/moves`,
      { to: 'authorised', returnInstructions: 'Prepaid label.' },
      { cookie: admin.cookie },
    );
    expect(authorised.statusCode, authorised.body).toBe(200);
    const signed = await t.post(`/api/service-requests/${requestNumber}/decontamination`, declaration, { cookie });
    expect(signed.statusCode, signed.body).toBe(200);
    const view = (signed.json() as { request: ServiceRequest }).request;
    const pdf = await t.get(view.declarationUrl ?? '', { cookie });
    expect(pdf.statusCode).toBe(200);
    return {
      user,
      requestNumber,
      serialNumber: instrument.serialNumber,
      orderNumber: order.orderNumber,
      text: oneSpaced(pdfText(pdf.rawPayload)),
      disposition: String(pdf.headers['content-disposition']),
    };
  }

  it('German: the declaration German throughout, the customer’s words as written; no English catalogue phrase; named in German', async () => {
    const { user, requestNumber, serialNumber, orderNumber, text, disposition } = await signedDeclaration('de', {
      substances: 'Wässrige Puffer; Humanserum (BSL-2)',
      cleaningMethod: 'Mit 10 % Bleichlauge gespült, dann 70 % Ethanol',
      signatoryName: 'Eva Roth',
      signed: true,
      signedOn: '2026-11-21',
    });
    expect(text).toContain('DEKONTAMINATIONSERKLÄRUNG');
    expect(text).toContain(`Serviceanfrage: ${requestNumber}`);
    expect(text).toContain('Unterzeichnet am: 21. November 2026');
    expect(text).toContain(`Seriennummer: ${serialNumber}`);
    expect(text).toContain(`Auftrag: ${orderNumber}`);
    expect(text).toContain('Rücksendung an');
    expect(text).toContain('Stoffe, mit denen das Gerät in Berührung kam');
    expect(text).toContain('Wässrige Puffer; Humanserum (BSL-2)');
    expect(text).toContain('Reinigungs- und Dekontaminationsverfahren');
    expect(text).toContain('Ich erkläre, dass das hier genannte Gerät wie beschrieben gereinigt');
    expect(text).toContain('Unterzeichnet: Eva Roth (eingegebener Name, auf der Seite der Anfrage bestätigt)');
    expect(text).toContain('Erfasst: 20. November 2026');
    expect(text).toContain('Legen Sie eine Kopie dieser Erklärung in das Paket');
    expect(englishIn(text, 'de')).toEqual([]);

    // Edge case: the download's name is German, its umlaut written out in the ASCII name.
    expect(disposition).toBe(
      `attachment; filename="Dekontaminationserklaerung-${requestNumber}.pdf"; filename*=UTF-8''Dekontaminationserkl%C3%A4rung-${requestNumber}.pdf`,
    );
    // The customer's data export holds it under the same name, in ASCII.
    const { files } = await collectPersonData(
      t.db,
      { email: user.email, userId: user.id },
      t.clock.now,
      t.env.publicUrl,
    );
    expect(files[`documents/Dekontaminationserklaerung-${requestNumber}.pdf`]).toBeDefined();
  });

  it('French: the declaration French throughout, with the narrow space before a colon drawn; no English catalogue phrase; named in French', async () => {
    const { requestNumber, text, disposition } = await signedDeclaration('fr', {
      substances: 'Tampons aqueux',
      cleaningMethod: 'Rincé à l’éthanol à 70 %',
      signatoryName: 'Claire Martin',
      signed: true,
      signedOn: '2026-11-21',
    });
    expect(text).toContain('DÉCLARATION DE DÉCONTAMINATION');
    expect(text).toContain(`Demande d’intervention : ${requestNumber}`);
    expect(text).toContain('Signée le : 21 novembre 2026');
    expect(text).toContain('Substances manipulées avec l’instrument');
    expect(text).toContain('Méthode de nettoyage et de décontamination');
    expect(text).toContain('Je déclare que l’instrument désigné ici a été nettoyé et décontaminé');
    expect(text).toContain('Signé : Claire Martin (nom saisi, confirmé sur la page de la demande)');
    expect(text).toContain('Placez une copie de cette déclaration dans le colis');
    expect(englishIn(text, 'fr')).toEqual([]);
    expect(disposition).toBe(
      `attachment; filename="Declaration-de-decontamination-${requestNumber}.pdf"; filename*=UTF-8''D%C3%A9claration-de-d%C3%A9contamination-${requestNumber}.pdf`,
    );
  });
});
