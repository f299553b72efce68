// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetWebTest } from '../../../tests/support/web-render';
import { chooseLanguage } from '../i18n/language';
import { EInvoiceLinks, xrechnungNeedsReference } from './einvoice-links';

const document = {
  number: 'INV2026-00012',
  einvoices: [
    { format: 'xrechnung' as const, url: '/api/orders/o/documents/i/einvoice/xrechnung?key=k' },
    { format: 'peppol' as const, url: '/api/orders/o/documents/i/einvoice/peppol?key=k' },
    { format: 'cii' as const, url: '/api/orders/o/documents/i/einvoice/cii?key=k' },
  ],
};

describe('the e-invoices beside an invoice’s PDF (issue 40)', () => {
  afterEach(resetWebTest);

  it('links XRechnung, Peppol UBL and CII once the order has a buyer reference', () => {
    render(<EInvoiceLinks document={document} hasBuyerReference />);
    expect(screen.getByRole('link', { name: 'XRechnung (UBL)' }).getAttribute('href')).toBe(document.einvoices[0]?.url);
    expect(screen.getByRole('link', { name: 'Peppol UBL' }).getAttribute('href')).toBe(document.einvoices[1]?.url);
    expect(screen.getByRole('link', { name: 'CII (Factur-X)' }).getAttribute('href')).toBe(document.einvoices[2]?.url);
  });

  it('without a Leitweg-ID or PO number the XRechnung is not a link, and says why', () => {
    render(<EInvoiceLinks document={document} hasBuyerReference={false} />);
    expect(screen.queryByRole('link', { name: 'XRechnung (UBL)' })).toBeNull();
    expect(screen.getByText(`XRechnung (UBL) (${xrechnungNeedsReference})`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Peppol UBL' })).toBeTruthy();
  });

  it('a document with no e-invoices (an acknowledgement) shows nothing', () => {
    const { container } = render(<EInvoiceLinks document={{ number: 'O2026-00001' }} hasBuyerReference />);
    expect(container.textContent).toBe('');
  });

  it('in German: the label and why the XRechnung waits; the formats keep their names', async () => {
    await act(() => chooseLanguage('de'));
    render(<EInvoiceLinks document={document} hasBuyerReference={false} />);
    expect(screen.getByText('E-Rechnung:')).toBeTruthy();
    expect(
      screen.getByText('XRechnung (UBL) (Die XRechnung braucht eine Leitweg-ID oder Ihre Bestellnummer im Auftrag)'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Peppol UBL' })).toBeTruthy();
  });
});
