// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import type { AdminServiceRequest } from '../../../shared/service-requests/service-contracts';
import { refreshSession } from '../../lib/use-session';
import { ServiceRequestDetailPage } from './service-request-detail-page';

const request: AdminServiceRequest = {
  id: 'sr-1',
  requestNumber: 'SR2026-00001',
  createdAt: '2026-11-20T09:00:00.000Z',
  status: 'requested',
  serialNumber: 'DW-0001',
  model: 'Dropwise Pro',
  rmaNumber: null,
  underWarranty: true,
  notCovered: false,
  description: 'The housing is cracked.',
  orderId: 'o-1',
  orderNumber: 'DW-2026-0001',
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  customerCompany: null,
  returnInstructions: null,
  declineReason: null,
  warrantyEndsOn: '2027-06-01',
  servicePlanEndsOn: null,
  deliveredOn: '2026-06-01',
  history: [],
  photos: [],
  allowedMoves: ['authorised', 'declined'],
  repairQuote: null,
  rmaUrl: null,
  proFormaUrl: null,
  notCoveredReason: null,
  notCoveredNote: null,
  decontamination: null,
  declarationUrl: null,
  repairPayment: { state: 'not_charged', label: 'Not charged: covered by the warranty', order: null, override: null },
};

const session = (roles: string[], permissions: string[]) => ({
  body: { user: { id: 'staff-1', email: 'staff@example.com' }, aal: 'aal2', staff: { roles, permissions } },
});

describe('the admin service page speaks to staff (component, happy-dom, issue 41)', () => {
  afterEach(resetWebTest);

  it('Support: the cover is for staff, the order is text rather than a link Support cannot open, and the declaration is awaited', async () => {
    mockFetch({
      'GET /api/auth/session': session(
        ['support'],
        ['dashboard.view', 'customers.view', 'instruments.view', 'service.manage'],
      ),
      'GET /api/admin/service/sr-1': { body: { request } },
    });
    await refreshSession();
    renderRoutes([{ path: '/admin/service/:id', element: <ServiceRequestDetailPage /> }], '/admin/service/sr-1');
    const cover = await screen.findByTestId('service-cover');
    expect(cover.textContent).toContain('Under warranty: covered unless inspection finds an exclusion');
    expect(document.body.textContent).not.toContain('costs you nothing');
    expect(screen.queryByRole('link', { name: /Open order/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'DW-2026-0001' })).toBeNull();
    expect(screen.getByTestId('service-decontamination').textContent).toContain('Not signed yet');
    expect(within(cover).getByRole('form', { name: 'Mark not covered' })).toBeTruthy();
  });

  it('an Owner opens the order; marking not covered sends the reason and note', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({
      'GET /api/auth/session': session(['owner'], ['orders.view', 'service.manage']),
      'GET /api/admin/service/sr-1': { body: { request } },
      'POST /api/admin/service/sr-1/not-covered': {
        body: { request: { ...request, notCoveredReason: 'accidental_damage', notCoveredNote: 'Cracked housing' } },
      },
    });
    await refreshSession();
    renderRoutes([{ path: '/admin/service/:id', element: <ServiceRequestDetailPage /> }], '/admin/service/sr-1');
    expect((await screen.findByRole('link', { name: /Open order/ })).getAttribute('href')).toBe('/admin/orders/o-1');
    const form = screen.getByRole('form', { name: 'Mark not covered' });
    await user.selectOptions(within(form).getByLabelText(/the reason/), 'Accidental damage');
    await user.type(within(form).getByLabelText(/What inspection found/), 'Cracked housing');
    await user.click(within(form).getByRole('button', { name: 'Mark not covered' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'accidental_damage',
      note: 'Cracked housing',
    });
  });
});
