// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { priceConfiguration } from '../../shared/pricing/price-configuration';
import { defaultSelection, fixtureProduct } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { chooseLanguage } from '../i18n/language';
import { QuotePage } from './quote-page';

/** The quote page in the buyer's page language (issue 40): its words, dates and money. */
const REF = 'abcdefghijklmnopqrstuvwxyz012345';
const selection = { ...defaultSelection, customerCountry: 'DE' };
const quote: QuoteResource = {
  id: '00000000-0000-4000-8000-000000000001',
  quoteNumber: 'Q2026-0042',
  reference: REF,
  status: 'sent',
  createdAt: '2026-12-12T10:00:00.000Z',
  validUntil: '2099-01-12T10:00:00.000Z',
  currency: 'EUR',
  configuration: selection,
  customerInfo: { email: 'l@lab.example', firstName: 'Lise', lastName: 'Meitner', organization: 'HZB', country: 'DE' },
  pricing: priceConfiguration(fixtureProduct, selection, 20),
  order: null,
  batch: null,
  kind: 'instrument',
  acceptance: null,
  extensionRequest: null,
};
const spaces = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function openQuote() {
  mockFetch({ 'GET /api/auth/session': signedOut, [`GET /api/quotes/${REF}`]: { body: { quote } } });
  return renderRoutes([{ path: '/quote/:id', element: <QuotePage /> }], `/quote/${REF}`);
}

describe('the quote page in German and French (happy-dom)', () => {
  afterEach(resetWebTest);

  it('in English by default, with the specification’s words and the shop’s money and dates', async () => {
    openQuote();
    expect(await screen.findByRole('heading', { name: 'Quote Q2026-0042' })).toBeTruthy();
    expect(screen.getByText('12 December 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { name: "What's Next?" })).toBeTruthy();
    expect(screen.getByTestId('quote-total').textContent).toMatch(/^€[\d,]+\.\d{2}$/);
  });

  it('in German: German words, "12. Dezember 2026" and "4.807,90 €"-style money; the terms stay English', async () => {
    await act(() => chooseLanguage('de'));
    openQuote();
    expect(await screen.findByRole('heading', { name: 'Angebot Q2026-0042' })).toBeTruthy();
    expect(screen.getByText('12. Dezember 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Wie geht es weiter?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Jetzt bestellen' })).toBeTruthy();
    expect(spaces(screen.getByTestId('quote-total').textContent)).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
  });

  it('in French: "12 décembre 2026" and "4 807,90 €"-style money', async () => {
    await act(() => chooseLanguage('fr'));
    openQuote();
    expect(await screen.findByRole('heading', { name: 'Devis Q2026-0042' })).toBeTruthy();
    expect(screen.getByText('12 décembre 2026')).toBeTruthy();
    expect(spaces(screen.getByTestId('quote-total').textContent)).toMatch(/^\d{1,3}( \d{3})*,\d{2} €$/);
  });
});
