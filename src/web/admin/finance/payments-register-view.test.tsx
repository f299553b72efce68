// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentsRegisterAnswer } from '../../../shared/reporting/payments-register-contracts';
import { apiError, type FetchCall, mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import { RegisterPage } from './register-page';

/** A line of an order (not a receipt on account, not voided). */
const orderLine = { accountReceiptId: null, unallocated: null, allocatedTo: [], voided: null };

const march: PaymentsRegisterAnswer = {
  from: '2026-03-01',
  to: '2026-03-31',
  items: [
    {
      id: 'p1',
      kind: 'receipt',
      date: '2026-03-04',
      orderId: 'order-8',
      orderNumber: 'O2026-00008',
      invoiceNumber: 'INV2026-00011',
      customer: 'Smith, Jones & "Partners" Ltd',
      amount: 100000,
      currency: 'GBP',
      method: 'Bank transfer',
      reference: 'BACS SMITH DEP 1',
      ...orderLine,
    },
    {
      id: 'r1',
      kind: 'refund',
      date: '2026-03-20',
      orderId: 'order-8',
      orderNumber: 'O2026-00008',
      invoiceNumber: 'INV2026-00011',
      customer: 'Smith, Jones & "Partners" Ltd',
      amount: -8655,
      currency: 'GBP',
      method: 'Bank transfer',
      reference: 'RF-0001',
      ...orderLine,
    },
    {
      id: 'p2',
      kind: 'receipt',
      date: '2026-03-05',
      orderId: 'order-7',
      orderNumber: 'O2026-00007',
      invoiceNumber: null,
      customer: 'Universität Heidelberg',
      amount: 100000,
      currency: 'EUR',
      method: 'Bank transfer',
      reference: null,
      ...orderLine,
    },
  ],
  total: 3,
  page: 1,
  pageSize: 25,
  totals: [
    { currency: 'EUR', receipts: 1, refunds: 0, received: 100000, refunded: 0, net: 100000, unallocated: 0, voided: 0 },
    {
      currency: 'GBP',
      receipts: 1,
      refunds: 1,
      received: 100000,
      refunded: 8655,
      net: 91345,
      unallocated: 0,
      voided: 0,
    },
  ],
};

const registerCalls = (calls: FetchCall[]) =>
  calls.map((call) => call.path).filter((path) => path.startsWith('/api/admin/payments'));

function open(path: string) {
  renderRoutes(
    [
      { path: '/admin/register', element: <RegisterPage /> },
      { path: '/admin/orders/:id', element: <p>Order page</p> },
    ],
    path,
  );
}

describe('the payments register view (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('shows each receipt and refund with its invoice, customer as text and signed amount, the totals per currency, and the CSV of the same range', async () => {
    const calls = mockFetch({ 'GET /api/admin/payments': { body: march } });
    open('/admin/register?view=payments&from=2026-03-01&to=2026-03-31');
    expect(screen.getByText('Loading the payments...')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Receipts and refunds' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        '4 March 2026',
        'Receipt',
        'O2026-00008',
        'INV2026-00011',
        'Smith, Jones & "Partners" Ltd',
        '£1,000.00',
        'Bank transfer',
        'BACS SMITH DEP 1',
      ],
      [
        '20 March 2026',
        'Refund',
        'O2026-00008',
        'INV2026-00011',
        'Smith, Jones & "Partners" Ltd',
        '-£86.55',
        'Bank transfer',
        'RF-0001',
      ],
      ['5 March 2026', 'Receipt', 'O2026-00007', '—', 'Universität Heidelberg', '€1,000.00', 'Bank transfer', '—'],
    ]);
    const totals = screen.getByRole('table', { name: 'Totals per currency' });
    expect(
      within(totals)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'EUR€1,000.00 (1 receipt)€0.00 (0 refunds)€1,000.00€0.00',
      'GBP£1,000.00 (1 receipt)£86.55 (1 refund)£913.45£0.00',
    ]);
    expect(registerCalls(calls)).toEqual(['/api/admin/payments?from=2026-03-01&to=2026-03-31&page=1&pageSize=25']);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/payments.csv?from=2026-03-01&to=2026-03-31',
    );
    expect(screen.getByText('3 results · page 1 of 1')).toBeTruthy();
  });

  it('searches by an amount as typed, and says so when nothing matches', async () => {
    const calls = mockFetch({
      'GET /api/admin/payments': (call) =>
        call.path.includes('search=') ? { body: { ...march, items: [], total: 0, totals: [] } } : { body: march },
    });
    const user = userEvent.setup();
    open('/admin/register?view=payments&from=2026-03-01&to=2026-03-31');
    await screen.findByRole('table', { name: 'Receipts and refunds' });
    await user.type(screen.getByRole('searchbox'), '1,731.00');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No receipts or refunds in this range.')).toBeTruthy();
    expect(registerCalls(calls).at(-1)).toBe(
      '/api/admin/payments?from=2026-03-01&to=2026-03-31&search=1%2C731.00&page=1&pageSize=25',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/payments.csv?from=2026-03-01&to=2026-03-31&search=1%2C731.00',
    );
    expect(screen.queryByRole('table', { name: 'Totals per currency' })).toBeNull();
  });

  it('starts on the current quarter, and says when the register cannot be loaded', async () => {
    const calls = mockFetch({
      'GET /api/admin/payments': apiError(400, 'invalid_input', 'Invalid input', {
        to: 'The start comes after the end',
      }),
    });
    open('/admin/register?view=payments');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The payments register could not be loaded. Check the dates and try again.',
    );
    const [asked] = registerCalls(calls);
    expect(asked).toMatch(
      /^\/api\/admin\/payments\?from=\d{4}-(01|04|07|10)-01&to=\d{4}-\d{2}-3[01]&page=1&pageSize=25$/,
    );
  });

  it('is a tab of the invoice register', async () => {
    mockFetch({
      'GET /api/admin/invoices': {
        body: {
          from: '2026-01-01',
          to: '2026-03-31',
          items: [],
          totals: [],
          vatReturn: { boxes: [], gbpTotals: [], missing: [] },
        },
      },
      'GET /api/admin/payments': { body: march },
    });
    const user = userEvent.setup();
    open('/admin/register');
    await screen.findByText('No invoices or credit notes in this range.');
    expect(screen.getByRole('link', { name: 'Invoices and credit notes' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('link', { name: 'Payments' }));
    expect(await screen.findByRole('heading', { name: 'Payments register' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Payments' }).getAttribute('aria-current')).toBe('page'),
    );
    await screen.findByRole('table', { name: 'Receipts and refunds' });
  });
});
