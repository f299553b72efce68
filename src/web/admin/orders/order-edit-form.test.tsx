// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../shared/orders/order-admin-contracts';
import { apiError, mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../../tests/support/web-render';
import { ledgerFigures } from '../../../../tests/support/ledger-figures';
import { OrderEditForm } from './order-edit-form';

const order = {
  id: '5b0c3f55-7c59-4c37-9a55-0f3c1a0e2a10',
  orderNumber: 'O2026-00007',
  status: 'pending',
  paymentStatus: 'pending',
  currency: 'GBP',
  totalAmount: 430800,
  depositAmount: 215400,
  outstandingAmount: 0,
  paidAmount: 0,
  paymentMethod: null,
  trackingNumber: null,
  carrier: null,
  estimatedDeliveryDate: null,
  customerMessage: null,
  internalNotes: null,
  documents: [],
  payments: [],
  refunds: [],
  balances: [],
  cancellation: null,
  instruments: [],
  items: [],
  ledger: ledgerFigures(),
} as unknown as AdminOrderDetail;

describe('the admin order edit form (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('a confirmation refused because the batch is full shows the reason beside the Save button, not only "Failed to update order"', async () => {
    const reason = 'Batch Q2 2027 is full (0 of 10 places left). Batch Q3 2027 has room: move the order there first.';
    mockFetch({
      'GET /api/auth/session': signedOut,
      [`PATCH /api/admin/orders/${order.id}`]: apiError(409, 'batch_full', reason, { batch: reason }),
    });
    renderRoutes([{ path: '/', element: <OrderEditForm order={order} /> }], '/');
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'confirmed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const beside = await screen.findByText(reason, { selector: '#order-save-refusal' });
    expect(beside.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('button', { name: 'Save changes' }).getAttribute('aria-describedby')).toBe(
      'order-save-refusal',
    );
  });

  it('shipping sends each instrument’s factory test; a failing result is refused beside its field (issue 41)', async () => {
    const failed =
      'Rate accuracy +2.5 % is outside ±2 %: this instrument fails its factory test and cannot be shipped.';
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      [`PATCH /api/admin/orders/${order.id}`]: apiError(409, 'factory_test_failed', failed, {
        'factoryTests.0.rateAccuracyPercent': failed,
      }),
    });
    const confirmed = { ...order, status: 'confirmed' } as AdminOrderDetail;
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <OrderEditForm
              order={confirmed}
              factoryTestLimits={{ rateLimitPercent: 2, nominalVolumeMl: 10, volumeLimitPercent: 1 }}
            />
          ),
        },
      ],
      '/',
    );
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'shipped' } });
    expect(await screen.findByText('Limits: rate accuracy within ±2 %; volume 10 mL ±1 %.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Serial number 1'), { target: { value: 'DW-FORM-1' } });
    fireEvent.change(screen.getByLabelText('Rate accuracy % (instrument 1)'), { target: { value: '2.5' } });
    fireEvent.change(screen.getByLabelText('Volume delivered mL (instrument 1)'), { target: { value: '10.02' } });
    fireEvent.change(screen.getByLabelText('Tested by (instrument 1)'), { target: { value: 'Sam Tester' } });
    fireEvent.change(screen.getByLabelText('Test date (instrument 1)'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    // Beside the field it names (and, as every refusal, beside the Save button).
    const shown = await screen.findAllByText(failed, { selector: '[role="alert"]' });
    expect(shown.some((alert) => alert.closest('label')?.textContent?.includes('Rate accuracy % (instrument 1)'))).toBe(
      true,
    );
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      status: 'shipped',
      serialNumbers: ['DW-FORM-1'],
      factoryTests: [
        { rateAccuracyPercent: 2.5, volumeDeliveredMl: 10.02, testedBy: 'Sam Tester', testedOn: '2026-03-01' },
      ],
    });
  });
});
