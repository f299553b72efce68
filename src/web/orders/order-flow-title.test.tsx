// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { apiError, mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { chooseLanguage } from '../i18n/language';
import { saveOrderFlow } from '../lib/flow-storage';
import { OrderFlowPage } from './order-flow-page';

/** Issue 53: the order flow asks the buyer's title beside the name; the e-mails greet by it. */
function openOrderFlow(title?: 'mr' | 'ms') {
  saveOrderFlow({
    quoteReference: 'Q-REF-1',
    configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
    currency: 'EUR',
    total: 480790,
    deposit: 240395,
    customerInfo: {
      email: 'thomas@lab.example',
      ...(title ? { title } : {}),
      firstName: 'Thomas',
      lastName: 'Becker',
      organization: 'Institut',
    },
  });
  return renderRoutes([{ path: '/order-flow', element: <OrderFlowPage /> }], '/order-flow');
}

const optionTexts = (select: HTMLElement) => [...select.querySelectorAll('option')].map((option) => option.textContent);

describe('the title in the order flow (happy-dom)', () => {
  afterEach(resetWebTest);

  it('in German: "Anrede" with Keine Angabe, Herr and Frau, reached by the keyboard before the first name, chosen and sent as mr', async () => {
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/orders': apiError(409, 'quote_expired', 'This quote has expired.'),
    });
    await act(() => chooseLanguage('de'));
    const user = userEvent.setup();
    openOrderFlow();
    await screen.findByRole('heading', { name: 'Versandangaben' });
    const title = screen.getByRole('combobox', { name: 'Anrede (optional)' }) as HTMLSelectElement;
    expect(optionTexts(title)).toEqual(['Keine Angabe', 'Herr', 'Frau']);
    expect(title.value).toBe('');

    // The keyboard reaches it: Shift+Tab from the first name lands on the title.
    (screen.getByLabelText('Vorname') as HTMLInputElement).focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(title);
    await user.selectOptions(title, 'Herr');
    expect(title.value).toBe('mr');

    await user.type(screen.getByLabelText('Adresse'), '1 Hauptstraße');
    await user.type(screen.getByLabelText('Ort'), 'Heidelberg');
    await user.type(screen.getByLabelText('Postleitzahl'), '69120');
    await user.selectOptions(screen.getByLabelText('Land'), 'DE');
    await user.click(screen.getByRole('button', { name: 'Weiter zur Zahlung' }));
    // The review names the buyer with the title, as the e-mails will greet them.
    const billing = await screen.findByRole('region', { name: 'Rechnungsadresse' });
    expect(billing.textContent).toContain('Herr Thomas Becker');

    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Bestellung aufgeben' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/orders')).toBe(true));
    const order = calls.find((call) => call.path === '/api/orders')?.body as { billing: Record<string, unknown> };
    expect(order.billing).toMatchObject({ title: 'mr', firstName: 'Thomas', lastName: 'Becker' });
  });

  it('starts with the title given with the quote (Frau), which "Keine Angabe" clears', async () => {
    await act(() => chooseLanguage('de'));
    mockFetch({ 'GET /api/auth/session': signedOut });
    const user = userEvent.setup();
    openOrderFlow('ms');
    await screen.findByRole('heading', { name: 'Versandangaben' });
    const title = screen.getByRole('combobox', { name: 'Anrede (optional)' }) as HTMLSelectElement;
    expect(title.value).toBe('ms');
    await user.selectOptions(title, 'Keine Angabe');
    expect(title.value).toBe('');
  });

  it('in French: "Civilité" with Monsieur and Madame; in English: "Title" with Mr and Ms', async () => {
    mockFetch({ 'GET /api/auth/session': signedOut });
    await act(() => chooseLanguage('fr'));
    const view = openOrderFlow();
    await screen.findByRole('heading', { name: 'Informations de livraison' });
    expect(optionTexts(screen.getByRole('combobox', { name: 'Civilité (facultatif)' }))).toEqual([
      'Non précisée',
      'Monsieur',
      'Madame',
    ]);
    view.unmount();
    await act(() => chooseLanguage('en'));
    openOrderFlow();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    expect(optionTexts(screen.getByRole('combobox', { name: 'Title (optional)' }))).toEqual(['No title', 'Mr', 'Ms']);
  });
});
