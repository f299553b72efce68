import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { realBank, realDetails } from '../../../tests/support/business-profile';
import { englishIn, oneSpaced } from '../../../tests/support/english-phrases';
import { createOrder, createUser } from '../../../tests/support/factories';
import { pdfText } from '../../../tests/support/pdf-text';
import { signIn } from '../../../tests/support/sessions';
import { fillInShop } from '../../../tests/support/shop-details';
import { storeCertificateRow } from '../../../tests/support/supplier-pack';
import { useTestApp } from '../../../tests/support/test-app';
import { mailOutbox, supplierCertificates } from '../db/schema';
import { renderSupplierPack } from './supplier-pack';

const otherBank = {
  ...realBank,
  EUR: { ...realBank.EUR, iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' },
};

/**
 * Issue 40 (decision 0064): the pack has no buyer, so its e-mails go in the language of the address's
 * most recent order (an account's, or a guest's under that address), English when it has none; the
 * attached letter is rendered in the same language.
 */
describe("the supplier pack's e-mails in the address's language", () => {
  const t = useTestApp({ now: new Date('2026-12-12T10:00:00.000Z') });

  const mailOf = async (kind: string, to: string) =>
    (
      await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.toAddress, to)))
    )[0];

  it('a German account’s bank-change notice and a French guest’s requested pack are in their language (subject, body, certificate date, no English catalogue phrase), each letter rendered in it; an address with no order stays English', async () => {
    await fillInShop(t);
    await t.db.delete(supplierCertificates);
    await storeCertificateRow(t.db, {
      kind: 'iso_9001',
      title: 'ISO 9001:2015 quality management',
      expiresOn: '2099-03-31',
    });
    // A signed-in account whose order is German downloads the pack.
    const german = await createUser(t.db, { email: 'einkauf@uni-heidelberg.test' });
    await createOrder(t.db, { userId: german.user.id, language: 'de' });
    const cookie = await signIn(t, german.user.email);
    expect((await t.get('/api/supplier-pack/pdf', { cookie })).statusCode).toBe(200);
    // A guest whose order is French, and an address with no order, ask for it by e-mail.
    const frenchAddress = 'achats@univ-lyon.test';
    await createOrder(t.db, { language: 'fr', configuration: { customerInfo: { email: frenchAddress } } });
    for (const email of [frenchAddress, 'accounts@college.test'])
      expect((await t.post('/api/supplier-pack/email', { email })).statusCode).toBe(202);

    // Security issue 48, F13: a link to the pack, in the address's language, and its letter in it too.
    const requested = await mailOf('supplier_pack_link', frenchAddress);
    expect(requested?.subject).toMatch(/^Dossier fournisseur de Fjordlight Instruments Ltd \(version \d+\)$/);
    expect(requested?.textBody).toContain('Suivez ce lien pour télécharger le dossier fournisseur de Fjordlight');
    expect(englishIn(`${requested?.subject}\n${requested?.textBody}`, 'fr')).toEqual([]);
    const frenchLink = /\/api\/supplier-pack\/pdf\?link=[\w-]+&language=fr/.exec(requested?.textBody ?? '')?.[0];
    const frenchPack = await t.get(frenchLink ?? 'no link');
    expect(frenchPack.statusCode).toBe(200);
    expect(oneSpaced(pdfText(frenchPack.rawPayload))).toContain('ISO 9001:2015 quality management');
    const english = await mailOf('supplier_pack_link', 'accounts@college.test');
    expect(english?.subject).toMatch(/^Supplier pack of Fjordlight Instruments Ltd \(version \d+\)$/);
    expect(english?.textBody).toContain('The link works for 7 days');
    expect(english?.textBody).not.toContain('&language=');

    // The bank details change: the German account's notice is German, with the telephone warning.
    const admin = await createAdminSession(t);
    await admin.stepUp();
    expect((await t.put('/api/admin/business-profile/bank', otherBank, { cookie: admin.cookie })).statusCode).toBe(200);
    const notice = await mailOf('supplier_pack_changed', german.user.email);
    expect(notice?.subject).toMatch(
      /^Unsere Bankverbindung hat sich geändert: Lieferantenunterlagen von Fjordlight Instruments Ltd, Version \d+$/,
    );
    expect(notice?.textBody).toContain(
      `Bevor Sie auf das neue Konto zahlen, rufen Sie uns bitte unter ${realDetails.phone} an`,
    );
    expect(notice?.textBody).toContain(
      '- ISO-9001-Zertifikat: ISO 9001:2015 quality management, gültig bis 31. März 2099',
    );
    expect(englishIn(`${notice?.subject}\n${notice?.textBody}`, 'de')).toEqual([]);
    const [attachment] = notice?.attachments ?? [];
    if (!attachment || !('render' in attachment) || attachment.render.document !== 'supplier_pack')
      throw new Error('the notice has no rendered pack');
    expect(attachment.render.language).toBe('de');
    // Edge case: the attachment is named in German (issue 53).
    expect(attachment.filename).toBe(`Lieferantenunterlagen-v${attachment.render.version}.pdf`);
    // The letter the mail sender renders for it is German.
    const letter = await renderSupplierPack(
      t.db,
      t.clock.now,
      'https://shop.test',
      attachment.render.version,
      attachment.render.language,
    );
    expect(oneSpaced(pdfText(letter.pdf))).toContain('LIEFERANTENDATEN');
    // And the outbox delivers it.
    for (let round = 0; round < 20 && (await t.deliverMail()) > 0; round += 1);
    expect((await mailOf('supplier_pack_changed', german.user.email))?.status).toBe('sent');
  });

  // Issue 53: the pack page links the letter in the page's language (`?language=`).
  it('the letter the German and French pages download is wholly in the language: headings, dates, no English catalogue phrase; its file name too', async () => {
    await fillInShop(t);
    await t.db.delete(supplierCertificates);
    const headings = {
      de: [
        'LIEFERANTENDATEN',
        'Bankverbindung für Zahlungen in EUR',
        'Bestätigung einer geänderten Bankverbindung',
        'Datum: 12. Dezember 2026',
      ],
      fr: [
        'INFORMATIONS FOURNISSEUR',
        'Coordonnées bancaires pour les paiements en EUR',
        'Confirmation d’un changement de coordonnées bancaires',
        'Date : 12 décembre 2026',
      ],
    } as const;
    for (const language of ['de', 'fr'] as const) {
      const response = await t.get(`/api/supplier-pack/pdf?language=${language}`);
      expect(response.statusCode).toBe(200);
      const text = oneSpaced(pdfText(response.rawPayload));
      for (const heading of headings[language]) expect(text, language).toContain(heading);
      expect(englishIn(text, language)).toEqual([]);
      expect(response.headers['content-disposition'], language).toMatch(
        language === 'de'
          ? /^attachment; filename="Lieferantenunterlagen-v\d+\.pdf"$/
          : /^attachment; filename="Dossier-fournisseur-v\d+\.pdf"$/,
      );
    }
  });
});
