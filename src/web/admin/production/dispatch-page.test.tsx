// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import type { DispatchOrder } from '../../../shared/orders/dispatch-contracts';
import { refreshSession } from '../../lib/use-session';
import { DispatchPage } from './dispatch-page';

const operations = {
  body: {
    user: { id: 'staff-7', email: 'ops@example.com' },
    aal: 'aal2',
    staff: { roles: ['operations'], permissions: ['dashboard.view', 'batches.manage', 'dispatch.manage'] },
  },
};

const processing: DispatchOrder = {
  id: 'o-12',
  orderNumber: 'DW-2026-0012',
  kind: 'instrument',
  status: 'processing',
  paymentStatus: 'fully_paid',
  depositState: 'Paid in full',
  placedOn: '2026-10-02',
  batch: { id: 'b-4', name: 'Batch 4' },
  shipBy: '2026-12-15',
  quantity: 2,
  lines: [
    { type: 'base_configuration', name: 'Dropwise DW-2 dual channel', quantity: 2 },
    { type: 'accessory', name: 'Syringe holder 50 mL', quantity: 4 },
  ],
  shipTo: ['Labor Weber GmbH', 'Hauptstraße 5', '10115 Berlin', 'Germany'],
  country: 'DE',
  poNumber: 'PO-881',
  trackingNumber: null,
  carrier: null,
  estimatedDeliveryDate: null,
  instruments: [],
  testRecords: [],
  exportPapers: {
    commercialInvoiceUrl: '/api/admin/orders/o-12/commercial-invoice',
    proof: null,
    complete: false,
    missing: false,
  },
  deliveryNoteUrl: '/api/admin/orders/o-12/packing-slip',
  nextStatuses: ['shipped'],
};

const answer = (order: DispatchOrder) => ({
  body: {
    order,
    carriers: [{ id: 'dhl', name: 'DHL Express', trackingUrl: 'https://dhl.example/track?id={tracking}' }],
    factoryTestLimits: { rateLimitPercent: 2, nominalVolumeMl: 10, volumeLimitPercent: 1 },
  },
});

async function fillShipping(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('form', { name: 'Move the order' });
  await user.selectOptions(within(form).getByLabelText('Carrier'), 'dhl');
  await user.type(within(form).getByLabelText('Tracking number'), 'JD0146000062');
  await user.type(within(form).getByLabelText('Export declaration MRN (where there is one)'), '26DE1234567890ABC1');
  await user.type(within(form).getByLabelText('Serial number 1'), 'DW2-0101');
  await user.type(within(form).getByLabelText('Serial number 2'), 'DW2-0102');
  for (const index of [1, 2]) {
    await user.type(within(form).getByLabelText(`Rate accuracy % (instrument ${index})`), '0.4');
    await user.type(within(form).getByLabelText(`Volume delivered mL (instrument ${index})`), '10.02');
    await user.type(within(form).getByLabelText(`Tested by (instrument ${index})`), 'Sam Porter');
    await user.type(within(form).getByLabelText(`Test date (instrument ${index})`), '2026-12-04');
  }
  return form;
}

describe('the admin dispatch page (component, happy-dom, issue 54)', () => {
  afterEach(resetWebTest);

  it('an Operations member moves an order to shipped with serials and tracking, and sees no amount', async () => {
    const user = userEvent.setup();
    const shipped: DispatchOrder = {
      ...processing,
      status: 'shipped',
      carrier: 'dhl',
      trackingNumber: 'JD0146000062',
      instruments: [
        { id: 'i-1', serialNumber: 'DW2-0101', model: 'DW-2' },
        { id: 'i-2', serialNumber: 'DW2-0102', model: 'DW-2' },
      ],
      nextStatuses: ['delivered'],
    };
    let current = processing;
    const calls = mockFetch({
      'GET /api/auth/session': operations,
      'GET /api/admin/dispatch/o-12': () => answer(current),
      'PATCH /api/admin/dispatch/o-12': () => {
        current = shipped;
        return { body: { order: shipped } };
      },
    });
    await refreshSession();
    renderRoutes([{ path: '/admin/dispatch/:id', element: <DispatchPage /> }], '/admin/dispatch/o-12');

    expect(await screen.findByRole('heading', { name: 'Dispatch DW-2026-0012' })).toBeTruthy();
    expect(screen.getByTestId('dispatch-status').textContent).toBe('Processing');
    expect(screen.getByText('Dropwise DW-2 dual channel × 2')).toBeTruthy();
    expect(screen.getByTestId('dispatch-ship-to').textContent).toBe(processing.shipTo.join('\n'));
    expect(screen.getByRole('link', { name: 'Delivery note (PDF)' }).getAttribute('href')).toBe(
      '/api/admin/orders/o-12/packing-slip',
    );
    expect(screen.getByRole('link', { name: 'Commercial invoice (PDF)' }).getAttribute('href')).toBe(
      '/api/admin/orders/o-12/commercial-invoice',
    );

    const form = await fillShipping(user);
    await user.click(within(form).getByRole('button', { name: 'Move the order' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      status: 'shipped',
      carrier: 'dhl',
      trackingNumber: 'JD0146000062',
      estimatedDeliveryDate: '',
      exportMrn: '26DE1234567890ABC1',
      serialNumbers: ['DW2-0101', 'DW2-0102'],
      factoryTests: [
        { rateAccuracyPercent: 0.4, volumeDeliveredMl: 10.02, testedBy: 'Sam Porter', testedOn: '2026-12-04' },
        { rateAccuracyPercent: 0.4, volumeDeliveredMl: 10.02, testedBy: 'Sam Porter', testedOn: '2026-12-04' },
      ],
    });
    // The page reloads the view: shipped, with its serials, and the next move is delivery.
    await waitFor(() => expect(screen.getByTestId('dispatch-status').textContent).toBe('Shipped'));
    expect(screen.getByText('DW2-0101 (DW-2)')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Mark delivered (Delivered)' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/[£€$]|GBP|EUR|USD/);
  });

  it('a refused move shows the server’s reason beside the form and keeps what was typed', async () => {
    const user = userEvent.setup();
    const reason = 'Shipping needs the balance paid. An owner can ship it anyway with a recorded reason.';
    mockFetch({
      'GET /api/auth/session': operations,
      'GET /api/admin/dispatch/o-12': answer(processing),
      'PATCH /api/admin/dispatch/o-12': apiError(409, 'balance_unpaid', reason, { status: reason }),
    });
    await refreshSession();
    renderRoutes([{ path: '/admin/dispatch/:id', element: <DispatchPage /> }], '/admin/dispatch/o-12');

    const form = await fillShipping(user);
    await user.click(within(form).getByRole('button', { name: 'Move the order' }));

    expect((await within(form).findByTestId('move-refusal')).textContent).toBe(reason);
    expect((within(form).getByLabelText('Tracking number') as HTMLInputElement).value).toBe('JD0146000062');
    expect((within(form).getByLabelText('Serial number 2') as HTMLInputElement).value).toBe('DW2-0102');
    expect((within(form).getByLabelText('Tested by (instrument 1)') as HTMLInputElement).value).toBe('Sam Porter');
    expect((within(form).getByLabelText('Carrier') as HTMLSelectElement).value).toBe('dhl');
    expect(screen.getByTestId('dispatch-status').textContent).toBe('Processing');
  });
});
