// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import { type ExportPapers, exportProofMessages } from '../../../shared/orders/export-proof';
import { refreshSession } from '../../lib/use-session';
import { ExportPapersPanel } from './export-papers-panel';

const delivered: ExportPapers = {
  commercialInvoiceUrl: '/api/admin/orders/o-9/commercial-invoice',
  proof: {
    carrier: 'DHL Express',
    trackingNumber: 'JD014600006281',
    dispatchDate: '2026-03-02',
    exportMrn: null,
    deliveryDate: null,
    proofReference: null,
    updatedAt: '2026-03-02T09:00:00.000Z',
  },
  complete: false,
  missing: true,
};

describe('an export’s customs papers on the admin order page (component, happy-dom, issue 37)', () => {
  afterEach(resetWebTest);

  it('flags a delivered export without a complete proof of export, links the commercial invoice, and completes the record', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({
      'GET /api/auth/session': {
        body: {
          user: { id: 'staff-1', email: 'staff@example.com' },
          aal: 'aal2',
          staff: { roles: ['sales'], permissions: ['orders.view', 'orders.edit'] },
        },
      },
      'PUT /api/admin/orders/o-9/export-proof': apiError(400, 'invalid_input', 'Invalid input', {
        deliveryDate: exportProofMessages.deliveryBeforeDispatch,
      }),
    });
    await refreshSession();
    renderRoutes(
      [{ path: '/admin/orders/o-9', element: <ExportPapersPanel orderId="o-9" papers={delivered} /> }],
      '/admin/orders/o-9',
    );
    expect(screen.getByTestId('export-proof-missing').textContent).toBe(exportProofMessages.missing);
    expect(screen.getByRole('link', { name: 'Commercial invoice (PDF)' }).getAttribute('href')).toBe(
      '/api/admin/orders/o-9/commercial-invoice',
    );
    const form = screen.getByRole('form', { name: 'Proof of export' });
    expect((within(form).getByLabelText('Carrier') as HTMLInputElement).value).toBe('DHL Express');
    await user.type(within(form).getByLabelText('Delivery date'), '2026-03-01');
    await user.type(within(form).getByLabelText('Proof-of-delivery reference'), 'POD 7781');
    await user.click(within(form).getByRole('button', { name: 'Save proof of export' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      carrier: 'DHL Express',
      deliveryDate: '2026-03-01',
      proofReference: 'POD 7781',
    });
    expect((await within(form).findByRole('alert')).textContent).toBe(exportProofMessages.deliveryBeforeDispatch);
  });
});
