// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import type { AccountQuote } from '../../shared/accounts/account-quotes';
import { chooseLanguage } from '../i18n/language';
import { QuotesTab } from './quotes-tab';

const quote = (overrides: Partial<AccountQuote>): AccountQuote => ({
  id: 'q-1',
  quoteNumber: 'Q2026-00011',
  reference: 'ref-1',
  createdAt: '2026-11-20T09:00:00.000Z',
  validUntil: '2026-11-27T09:00:00.000Z',
  status: 'sent',
  currency: 'GBP',
  totalAmount: 488250,
  order: null,
  ...overrides,
});

const cards = async () => screen.findAllByRole('listitem');

describe('My Quotes', () => {
  afterEach(resetWebTest);

  it('reads "Ordered" and links to the order that Order Now made, with no "Order from this quote" (issue 38)', async () => {
    mockFetch({
      'GET /api/account/quotes': {
        body: {
          quotes: [
            quote({ status: 'accepted', order: { id: 'o-7', orderNumber: 'O2026-00007', own: true } }),
            quote({ id: 'q-2', quoteNumber: 'Q2026-00012', reference: 'ref-2' }),
          ],
        },
      },
    });
    renderRoutes([{ path: '/my-account', element: <QuotesTab /> }], '/my-account');
    const [ordered, open] = await cards();
    expect(ordered?.textContent).toContain('Ordered');
    expect(ordered?.textContent).not.toContain('Valid');
    expect(
      within(ordered as HTMLElement)
        .getByRole('link', { name: 'View order O2026-00007' })
        .getAttribute('href'),
    ).toBe('/order-details/o-7');
    expect(ordered?.textContent).toContain('Ordered asO2026-00007');
    expect(
      within(ordered as HTMLElement)
        .getByRole('link', { name: 'O2026-00007' })
        .getAttribute('href'),
    ).toBe('/order-details/o-7');
    expect(within(ordered as HTMLElement).queryByRole('link', { name: /Order from quote/ })).toBeNull();
    // A quote not yet ordered keeps its button.
    expect(open?.textContent).toContain('Valid');
    expect(within(open as HTMLElement).getByRole('link', { name: 'Order from quote Q2026-00012' })).toBeTruthy();
  });

  it('reads "Ordered" even when the answer names an order beside a status it has not caught up with', async () => {
    mockFetch({
      'GET /api/account/quotes': {
        body: { quotes: [quote({ status: 'sent', order: { id: 'o-8', orderNumber: 'O2026-00008', own: true } })] },
      },
    });
    renderRoutes([{ path: '/my-account', element: <QuotesTab /> }], '/my-account');
    const [card] = await cards();
    expect(card?.textContent).toContain('Ordered');
    expect(card?.textContent).not.toContain('Valid');
    expect(within(card as HTMLElement).queryByRole('link', { name: /Order from quote/ })).toBeNull();
    expect(within(card as HTMLElement).getByRole('link', { name: 'View order O2026-00008' })).toBeTruthy();
  });

  it('in French (issue 40): the tab’s words, dates and money in French', async () => {
    await act(() => chooseLanguage('fr'));
    mockFetch({
      'GET /api/account/quotes': { body: { quotes: [quote({ currency: 'EUR', totalAmount: 480790 })] } },
    });
    renderRoutes([{ path: '/my-account', element: <QuotesTab /> }], '/my-account');
    const [card] = await cards();
    expect(screen.getByRole('heading', { name: 'Mes devis (1)' })).toBeTruthy();
    expect(card?.textContent).toContain('Devis Q2026-00011');
    expect(card?.textContent).toContain('Créé le 20 novembre 2026');
    expect(card?.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('4 807,90 €');
    expect(
      within(card as HTMLElement).getByRole('link', { name: 'Commander à partir du devis Q2026-00011' }),
    ).toBeTruthy();
  });
});
