// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { addressFieldMessages, orderFlowRefusals } from '../../shared/order-flow';
import { emailFieldDescriptor } from '../../shared/email-address';
import { withValues } from '../../shared/i18n/message';
import { apiError, mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { chooseLanguage } from '../i18n/language';
import { saveOrderFlow } from '../lib/flow-storage';
import { OrderFlowPage } from './order-flow-page';

/** The order flow in the buyer's page language (issue 40); the binding terms stay English. */
function openOrderFlow() {
  saveOrderFlow({
    quoteReference: 'Q-REF-1',
    configuration: { ...defaultSelection, customerCountry: 'FR' },
    currency: 'EUR',
    total: 480790,
    deposit: 240395,
    customerInfo: { email: 'm@lab.example', firstName: 'Marie', lastName: 'Curie', organization: 'Institut' },
  });
  return renderRoutes([{ path: '/order-flow', element: <OrderFlowPage /> }], '/order-flow');
}

/** A quoted order in the German order flow, its delivery address typed, at "Bestätigen & bezahlen". */
async function reachConfirmStepInGerman(user: ReturnType<typeof userEvent.setup>) {
  saveOrderFlow({
    quoteReference: 'Q-REF-1',
    configuration: defaultSelection,
    currency: 'GBP',
    total: 488250,
    deposit: 244125,
    customerInfo: { email: 'ada@lab.example', firstName: 'Ada', lastName: 'Lovelace', organization: 'Engines Ltd' },
  });
  renderRoutes([{ path: '/order-flow', element: <OrderFlowPage /> }], '/order-flow');
  await screen.findByRole('heading', { name: 'Versandangaben' });
  await user.type(screen.getByLabelText('Adresse'), '1 Difference Lane');
  await user.type(screen.getByLabelText('Ort'), 'London');
  await user.type(screen.getByLabelText('Postleitzahl'), 'N1 9GU');
  await user.click(screen.getByRole('button', { name: 'Weiter zur Zahlung' }));
  await screen.findByRole('heading', { name: 'Bestätigen & bezahlen' });
}

describe('the order flow in German and French (happy-dom)', () => {
  afterEach(resetWebTest);

  it('in French: the step’s heading, labels and the shared field messages in French', async () => {
    mockFetch({ 'GET /api/auth/session': signedOut });
    await act(() => chooseLanguage('fr'));
    const user = userEvent.setup();
    openOrderFlow();
    expect(await screen.findByRole('heading', { name: 'Informations de livraison' })).toBeTruthy();
    expect((screen.getByLabelText('Prénom') as HTMLInputElement).value).toBe('Marie');
    expect(screen.getByLabelText('Société (facultatif)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }));
    expect(await screen.findByText('L’adresse est requise')).toBeTruthy();
    expect(screen.getByText('La ville est requise')).toBeTruthy();
    expect(screen.queryByText('Address is required')).toBeNull();
  });

  it('in German: the step’s heading and labels in German', async () => {
    mockFetch({ 'GET /api/auth/session': signedOut });
    await act(() => chooseLanguage('de'));
    openOrderFlow();
    expect(await screen.findByRole('heading', { name: 'Ihre Bestellung aufgeben' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Versandangaben' })).toBeTruthy();
    expect(screen.getByLabelText('Postleitzahl')).toBeTruthy();
  });

  it('in German: the terms check and the server’s refusal of the order (409 quote_expired) read in German by their ids (issue 53)', async () => {
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/orders': apiError(409, 'quote_expired', orderFlowRefusals.quoteExpired),
    });
    await act(() => chooseLanguage('de'));
    const user = userEvent.setup();
    await reachConfirmStepInGerman(user);

    await user.click(screen.getByRole('button', { name: 'Bestellung aufgeben' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bitte akzeptieren Sie die Verkaufsbedingungen, um Ihre Bestellung aufzugeben.',
    );
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Bestellung aufgeben' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Dieses Angebot ist abgelaufen. Bitte erstellen Sie ein neues Angebot, um zu aktuellen Preisen zu bestellen.',
      ),
    );
    expect(calls.some((call) => call.path === '/api/orders')).toBe(true);
    expect(screen.queryByText(orderFlowRefusals.quoteExpired.message)).toBeNull();
  });

  it('in German: an invalid e-mail and a missing postcode read in German, found by their ids (issue 53)', async () => {
    mockFetch({ 'GET /api/auth/session': signedOut });
    await act(() => chooseLanguage('de'));
    const user = userEvent.setup();
    openOrderFlow();
    await screen.findByRole('heading', { name: 'Versandangaben' });
    const email = screen.getByLabelText('E-Mail');
    await user.clear(email);
    await user.type(email, 'marie@lab');
    await user.type(screen.getByLabelText('Adresse'), '1 rue Pierre et Marie Curie');
    await user.type(screen.getByLabelText('Ort'), 'Paris');
    await user.click(screen.getByRole('button', { name: 'Weiter zur Zahlung' }));
    // zod carries the messages' ids ('error.email', 'error.postalCode'); the page shows them in German.
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeTruthy();
    expect(screen.getByText('Postleitzahl ist erforderlich')).toBeTruthy();
    for (const shown of [emailFieldDescriptor, addressFieldMessages.postalCode]) {
      expect(screen.queryByText(shown.message), shown.message).toBeNull();
      expect(screen.queryByText(shown.id), shown.id).toBeNull();
    }
  });

  it('in German: the server’s “priced for” refusal names the countries in German from their codes (issue 53)', async () => {
    // The server sends the countries raw ({ country: 'GB' }), never their English names.
    const pricedFor = withValues(orderFlowRefusals.pricedFor, {
      priced: { country: 'GB' },
      delivery: { country: 'DE' },
    });
    mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/orders': apiError(400, 'invalid_input', pricedFor, {
        'billing.country':
          'This order was priced for United Kingdom, not Germany. Change the delivery country or re-price the configuration for Germany.',
      }),
    });
    await act(() => chooseLanguage('de'));
    const user = userEvent.setup();
    await reachConfirmStepInGerman(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Bestellung aufgeben' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Diese Bestellung wurde für Vereinigtes Königreich berechnet, nicht für Deutschland. Ändern Sie das Lieferland oder berechnen Sie die Konfiguration für Deutschland neu.',
      ),
    );
    expect(document.body.textContent).not.toMatch(/United Kingdom|Germany|\[object Object\]/);
  });
});
