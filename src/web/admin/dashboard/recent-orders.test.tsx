// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrderRow } from '../../../shared/orders/order-admin-contracts';
import { mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import { RecentOrders } from './recent-orders';

const row = (n: number, overrides: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  id: `order-${n}`,
  orderNumber: `O2026-000${String(n).padStart(2, '0')}`,
  createdAt: '2026-11-20T09:00:00.000Z',
  customerName: `Buyer ${n}`,
  customerEmail: `buyer${n}@example.com`,
  customerCompany: null,
  isGuest: false,
  totalAmount: 514800,
  currency: 'GBP',
  status: 'confirmed',
  paymentStatus: 'deposit_paid',
  ...overrides,
});

describe('the dashboard’s recent orders (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('asks for the ten newest orders and links each, with customer, total, status and payment', async () => {
    const items = Array.from({ length: 10 }, (_, i) => row(10 - i));
    items[0] = row(10, {
      customerName: '<b>Universität</b> Lab',
      totalAmount: 334000,
      currency: 'EUR',
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    const calls = mockFetch({
      'GET /api/admin/orders': () => ({ body: { items, total: 42, page: 1, pageSize: 10 } }),
    });
    renderRoutes([{ path: '/admin', element: <RecentOrders /> }], '/admin');
    const table = await screen.findByRole('table', { name: 'Recent orders' });
    expect(calls.map((call) => call.path)).toEqual(['/api/admin/orders?pageSize=10']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'O2026-00010' }).getAttribute('href')).toBe('/admin/orders/order-10');
    // Customer text is shown as text.
    expect(first.getByText('<b>Universität</b> Lab')).toBeTruthy();
    expect(first.getByText('€3,340.00')).toBeTruthy();
    expect(first.getByText('Cancelled')).toBeTruthy();
    expect(first.getByText('Refunded')).toBeTruthy();
    expect(within(rows[9] as HTMLElement).getByRole('link', { name: 'O2026-00001' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All orders' }).getAttribute('href')).toBe('/admin/orders');
  });

  it('says so when there are no orders yet', async () => {
    mockFetch({ 'GET /api/admin/orders': { body: { items: [], total: 0, page: 1, pageSize: 10 } } });
    renderRoutes([{ path: '/admin', element: <RecentOrders /> }], '/admin');
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
  });
});
