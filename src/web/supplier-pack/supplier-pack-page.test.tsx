// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { webEnglishPhrases } from '../../../tests/support/web-english-phrases';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { emailErrorDescriptor } from '../../shared/email-address';
import { supplierPackMessages } from '../../shared/supplier-pack/supplier-pack-labels';
import { chooseLanguage } from '../i18n/language';
import { pageText } from '../i18n/use-t';
import { SupplierPackPage } from './supplier-pack-page';

/** The server's 400 names the field's message by its id beside its English (issue 53). */
const byId = { email: emailErrorDescriptor.id };

const pack = {
  version: 3,
  pdfUrl: '/api/supplier-pack/pdf',
  certificates: [
    {
      id: 'c-1',
      kind: 'iso_9001',
      label: 'ISO 9001 certificate',
      title: 'ISO 9001:2015 <b>quality</b>',
      expiresOn: '2027-03-31',
      expired: false,
      filename: 'iso.pdf',
      size: 1000,
      url: '/api/supplier-pack/certificates/c-1',
      updatedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

describe('the supplier pack page', () => {
  afterEach(resetWebTest);

  it('offers the letter of the version in force and each certificate as its own download, the title as text', async () => {
    mockFetch({ 'GET /api/supplier-pack': { body: pack } });
    renderRoutes([{ path: '/supplier-pack', element: <SupplierPackPage /> }], '/supplier-pack');
    expect(await screen.findByText('Letter with our details (version 3)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the supplier pack (PDF)' }).getAttribute('href')).toBe(
      '/api/supplier-pack/pdf',
    );
    const certificate = screen.getByRole('link', { name: 'ISO 9001 certificate: ISO 9001:2015 <b>quality</b>' });
    expect(certificate.getAttribute('href')).toBe('/api/supplier-pack/certificates/c-1');
    expect(screen.getByText('(valid until 31 March 2027)')).toBeTruthy();
  });

  it('sends the pack to the address typed, and shows the refusal beside the field', async () => {
    let tries = 0;
    const calls = mockFetch({
      'GET /api/supplier-pack': { body: pack },
      'POST /api/supplier-pack/email': () =>
        (tries += 1) === 1
          ? apiError(400, 'invalid_input', emailErrorDescriptor, { email: emailErrorDescriptor.message }, byId)
          : { status: 202, body: { version: 3, message: supplierPackMessages.sent } },
    });
    renderRoutes([{ path: '/supplier-pack', element: <SupplierPackPage /> }], '/supplier-pack');
    const field = await screen.findByLabelText('E-mail address');
    fireEvent.change(field, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me the pack' }));
    expect((await screen.findByRole('alert')).textContent).toBe(supplierPackMessages.email);
    fireEvent.change(field, { target: { value: 'ap@university.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me the pack' }));
    expect((await screen.findByRole('status')).textContent).toBe(supplierPackMessages.sent);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { email: 'nope' },
      { email: 'ap@university.test' },
    ]);
  });

  // Issue 53: the page in the reader's language, and the letter downloaded in it.
  const phrases = webEnglishPhrases(['supplierPack.']);
  const words = {
    de: {
      heading: 'Lieferantenunterlagen',
      letter: 'Schreiben mit unseren Angaben (Version 3)',
      download: 'Lieferantenunterlagen herunterladen (PDF)',
      certificate: 'ISO-9001-Zertifikat: ISO 9001:2015 <b>quality</b>',
      validUntil: '(gültig bis 31. März 2027)',
      email: 'E-Mail-Adresse',
      send: 'Unterlagen zusenden',
      sent: 'Wir haben Ihnen einen Link zu den Lieferantenunterlagen gesendet. Folgen Sie ihm, um die Unterlagen herunterzuladen.',
    },
    fr: {
      heading: 'Dossier fournisseur',
      letter: 'Lettre avec nos informations (version 3)',
      download: 'Télécharger le dossier fournisseur (PDF)',
      certificate: 'Certificat ISO 9001\u202f: ISO 9001:2015 <b>quality</b>',
      validUntil: '(valable jusqu’au 31 mars 2027)',
      email: 'Adresse e-mail',
      send: 'M’envoyer le dossier',
      sent: 'Nous vous avons envoyé par e-mail un lien vers le dossier fournisseur. Suivez-le pour télécharger le dossier.',
    },
  } as const;

  for (const language of ['de', 'fr'] as const)
    it(`${language}: the page in the language, no phrase of its English catalogue; the download is the letter in it; a refusal and the confirmation in it`, async () => {
      const said = words[language];
      await chooseLanguage(language);
      let tries = 0;
      mockFetch({
        'GET /api/supplier-pack': { body: pack },
        'POST /api/supplier-pack/email': () =>
          (tries += 1) === 1
            ? apiError(400, 'invalid_input', emailErrorDescriptor, { email: emailErrorDescriptor.message }, byId)
            : { status: 202, body: { version: 3, message: supplierPackMessages.sent } },
      });
      renderRoutes([{ path: '/supplier-pack', element: <SupplierPackPage /> }], '/supplier-pack');
      expect(await screen.findByText(said.letter)).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(said.heading);
      expect(screen.getByRole('link', { name: said.download }).getAttribute('href')).toBe(
        `/api/supplier-pack/pdf?language=${language}`,
      );
      expect(screen.getByRole('link', { name: said.certificate })).toBeTruthy();
      expect(screen.getByText(said.validUntil)).toBeTruthy();
      const text = document.body.textContent ?? '';
      expect(phrases.filter((phrase) => text.includes(phrase))).toEqual([]);

      const field = screen.getByLabelText(said.email);
      fireEvent.change(field, { target: { value: 'nope' } });
      fireEvent.click(screen.getByRole('button', { name: said.send }));
      const refusal = (await screen.findByRole('alert')).textContent;
      expect(refusal).toBe(pageText(language).message(emailErrorDescriptor));
      expect(refusal).not.toBe(supplierPackMessages.email);
      fireEvent.change(field, { target: { value: 'ap@university.test' } });
      fireEvent.click(screen.getByRole('button', { name: said.send }));
      expect((await screen.findByRole('status')).textContent).toBe(said.sent);
    });
});
