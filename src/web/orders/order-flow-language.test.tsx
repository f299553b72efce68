// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
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
});
