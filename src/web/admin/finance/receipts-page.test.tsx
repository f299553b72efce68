// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import type { AccountReceipt, AccountReceiptPage } from '../../../shared/orders/account-receipts';
import { ReceiptsPage } from './receipts-page';

const onAccount: AccountReceipt = {
  id: 'r-1',
  customer: { id: 'u-1', name: 'Chem Lab Ltd', email: 'buyer@chem.example' },
  customerErased: false,
  amount: 125000,
  currency: 'GBP',
  receivedOn: '2026-03-03',
  method: 'bank_transfer',
  reference: 'BACS CHEMLAB 0303',
  note: null,
  allocated: 0,
  unallocated: 125000,
  allocations: [],
  voided: null,
  createdAt: '2026-03-03T10:00:00.000Z',
};

const page = (items: AccountReceipt[]): AccountReceiptPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  unallocated: [{ currency: 'GBP', amount: 125000, receipts: 1 }],
});

const open = () => renderRoutes([{ path: '/admin/receipts', element: <ReceiptsPage /> }], '/admin/receipts');

describe('the receipts on account page (issue 51, component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('shows a receipt on account as unallocated and allocates it to an order by its number', async () => {
    const calls = mockFetch({
      'GET /api/admin/account-receipts': { body: page([onAccount]) },
      'POST /api/admin/account-receipts/r-1/allocations': {
        body: { receipt: { ...onAccount, allocated: 100000, unallocated: 25000 } },
      },
    });
    open();
    const list = await screen.findByRole('list', { name: 'Receipts on account' });
    expect(within(list).getByText('£1,250.00 unallocated')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Unallocated: £1,250.00 (1 receipt)');
    await userEvent.click(screen.getByRole('button', { name: 'Allocate…' }));
    await userEvent.type(screen.getByLabelText('Order number'), 'O2026-00008');
    await userEvent.type(screen.getByLabelText('Amount (GBP)'), '1,000.00');
    await userEvent.click(screen.getByRole('button', { name: 'Allocate' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        allocations: [{ orderNumber: 'O2026-00008', amount: 100000 }],
      }),
    );
  });

  it('says beside the form what the server refused, and keeps what was typed', async () => {
    mockFetch({
      'GET /api/admin/account-receipts': { body: page([onAccount]) },
      'POST /api/admin/account-receipts/r-1/allocations': apiError(
        409,
        'allocation_too_much',
        'That is more than is left to allocate of this receipt (£1,250.00).',
        { amount: 'That is more than is left to allocate of this receipt (£1,250.00).' },
      ),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Allocate…' }));
    await userEvent.type(screen.getByLabelText('Order number'), 'O2026-00008');
    await userEvent.type(screen.getByLabelText('Amount (GBP)'), '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Allocate' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That is more than is left to allocate of this receipt (£1,250.00).',
    );
    expect((screen.getByLabelText('Order number') as HTMLInputElement).value).toBe('O2026-00008');
  });

  it('asks for the customer or the bank reference before recording a receipt', async () => {
    const calls = mockFetch({ 'GET /api/admin/account-receipts': { body: page([]) } });
    open();
    await userEvent.type(await screen.findByLabelText('Amount received'), '1250.00');
    await userEvent.click(screen.getByRole('button', { name: 'Record on account' }));
    expect(
      await screen.findByText('Name the customer, or give the bank reference of an unidentified receipt.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
