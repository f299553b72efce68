// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import type { AgedDebtAnswer } from '../../../shared/reporting/receivables-schemas';
import { refreshSession } from '../../lib/use-session';
import { AgedDebtPage } from './aged-debt-page';

const none = { not_due: 0, days_0_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0 };

const report: AgedDebtAnswer = {
  asOf: '2026-04-30',
  currencies: [
    {
      currency: 'GBP',
      customers: [
        {
          key: 'guest:0123456789abcdef0123456789abcdef',
          name: '<b>Universität</b> Lab',
          organisation: 'Analytical Engines',
          email: 'ada@example.com',
          erased: false,
          buckets: { ...none, not_due: 300000 },
          total: 300000,
          invoices: [
            {
              invoiceId: 'i-1',
              number: 'INV2026-00013',
              kind: 'deposit',
              orderId: 'order-4',
              orderNumber: 'O2026-00004',
              dueDate: '2026-06-30',
              daysOverdue: -61,
              bucket: 'not_due',
              outstanding: 300000,
            },
          ],
        },
        {
          key: null,
          name: '[erased]',
          organisation: '[erased]',
          email: '[erased]',
          erased: true,
          buckets: { ...none, days_over_90: 5000 },
          total: 5000,
          invoices: [
            {
              invoiceId: 'i-2',
              number: 'INV2026-00002',
              kind: 'deposit',
              orderId: 'order-2',
              orderNumber: 'O2026-00002',
              dueDate: '2025-12-01',
              daysOverdue: 150,
              bucket: 'days_over_90',
              outstanding: 5000,
            },
          ],
        },
      ],
      buckets: { ...none, not_due: 300000, days_over_90: 5000 },
      total: 305000,
      invoiceCount: 2,
    },
    {
      currency: 'EUR',
      customers: [
        {
          key: 'user-7',
          name: 'Grace Hopper',
          organisation: 'Compilers GmbH',
          email: 'grace@example.com',
          erased: false,
          buckets: { ...none, days_31_60: 72500 },
          total: 72500,
          invoices: [
            {
              invoiceId: 'i-3',
              number: 'INV2026-00007',
              kind: 'deposit',
              orderId: 'order-7',
              orderNumber: 'O2026-00007',
              dueDate: '2026-03-16',
              daysOverdue: 45,
              bucket: 'days_31_60',
              outstanding: 72500,
            },
          ],
        },
      ],
      buckets: { ...none, days_31_60: 72500 },
      total: 72500,
      invoiceCount: 1,
    },
  ],
};

const session = (permissions: string[]) => ({
  body: { user: { id: 'staff-1', email: 'staff@example.com' }, aal: 'aal2', staff: { roles: [], permissions } },
});

describe('the aged-debt page (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('shows a section per currency with each customer, their invoices in their bucket, the order links, the totals and the CSV', async () => {
    const calls = mockFetch({
      'GET /api/auth/session': session(['orders.view', 'exports.csv']),
      'GET /api/admin/receivables/aged-debt': { body: report },
    });
    await refreshSession();
    renderRoutes([{ path: '/admin/receivables/aged-debt', element: <AgedDebtPage /> }], '/admin/receivables/aged-debt');
    const gbp = await screen.findByRole('table', { name: 'Aged debt in GBP' });
    const eur = screen.getByRole('table', { name: 'Aged debt in EUR' });
    expect(screen.getByText(/"0–30" is 0 to 30 days inclusive/)).toBeTruthy();
    expect(screen.getByText(/as of 30 April 2026/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'EUR: €725.00 owed on 1 invoice' })).toBeTruthy();

    // The EUR invoice €725 short, 45 days past due, in 31–60: its row links the order.
    const eurRow = within(eur).getByText('INV2026-00007').closest('tr') as HTMLElement;
    expect(within(eurRow).getByRole('link', { name: 'O2026-00007' }).getAttribute('href')).toBe(
      '/admin/orders/order-7',
    );
    expect(within(eurRow).getByText('45 days overdue')).toBeTruthy();
    const cells = within(eurRow)
      .getAllByRole('cell')
      .map((cellElement) => cellElement.textContent);
    // Number, order, due, then Not yet due, 0–30, 31–60, 61–90, 90+, Total.
    expect(cells.slice(3)).toEqual(['', '', '€725.00', '', '', '€725.00']);
    expect(within(eur).getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe(
      '/admin/customers/user-7',
    );

    // Customer text as text; a guest links by key; an erased customer does not link.
    expect(within(gbp).getByRole('link', { name: '<b>Universität</b> Lab' }).getAttribute('href')).toBe(
      '/admin/customers/guest%3A0123456789abcdef0123456789abcdef',
    );
    expect(within(gbp).getByText('Due in 61 days')).toBeTruthy();
    expect(within(gbp).queryByRole('link', { name: '[erased]' })).toBeNull();
    expect(within(gbp).getByRole('rowheader', { name: /\[erased\]/ })).toBeTruthy();
    const total = within(gbp).getByRole('rowheader', { name: 'Total GBP' }).closest('tr') as HTMLElement;
    expect(
      within(total)
        .getAllByRole('cell')
        .map((cellElement) => cellElement.textContent),
    ).toEqual(['£3,000.00', '£0.00', '£0.00', '£0.00', '£50.00', '£3,050.00']);
    // GBP's total never includes the euros.
    expect(within(gbp).queryByText('€725.00')).toBeNull();

    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/receivables/aged-debt.csv',
    );
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'grace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain('/api/admin/receivables/aged-debt?search=grace&currency=EUR'),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/receivables/aged-debt.csv?search=grace&currency=EUR',
    );
  });

  it('says when nothing is owed, hides the CSV without exports.csv, and says when the report fails', async () => {
    mockFetch({
      'GET /api/auth/session': session(['orders.view']),
      'GET /api/admin/receivables/aged-debt': { body: { asOf: '2026-04-30', currencies: [] } },
    });
    await refreshSession();
    renderRoutes([{ path: '/admin/receivables/aged-debt', element: <AgedDebtPage /> }], '/admin/receivables/aged-debt');
    expect(await screen.findByText('No open invoices: nothing is owed.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    resetWebTest();

    mockFetch({
      'GET /api/auth/session': session(['orders.view']),
      'GET /api/admin/receivables/aged-debt': { status: 500, body: { error: { code: 'internal', message: 'x' } } },
    });
    await refreshSession();
    renderRoutes([{ path: '/admin/receivables/aged-debt', element: <AgedDebtPage /> }], '/admin/receivables/aged-debt');
    expect(await screen.findByText('The aged-debt report could not be loaded. Please try again.')).toBeTruthy();
  });
});
