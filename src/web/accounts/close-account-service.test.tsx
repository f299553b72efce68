// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { CloseAccountService } from './close-account-service';

const instrument = (serialNumber: string, warrantyEndsOn: string | null) => ({
  id: `i-${serialNumber}`,
  orderId: 'o-1',
  orderNumber: 'DW-2026-0001',
  unitIndex: 1,
  serialNumber,
  model: 'Dropwise Pro',
  warrantyYears: 3,
  deliveredOn: '2026-06-01',
  warrantyEndsOn,
  servicePlanEndsOn: null,
  nextServiceOn: null,
});

describe('the close-account dialog names service and warranties (component, happy-dom, issue 41)', () => {
  afterEach(resetWebTest);

  it('lists the open request with its RMA and the instrument under warranty to 2029, not a closed request or an ended warranty', async () => {
    mockFetch({
      'GET /api/account/instruments': {
        body: { instruments: [instrument('DW-LIVE', '2029-06-01'), instrument('DW-ENDED', '2020-01-01')] },
      },
      'GET /api/service-requests': {
        body: {
          requests: [
            {
              requestNumber: 'SR2026-00001',
              status: 'authorised',
              serialNumber: 'DW-LIVE',
              model: 'Dropwise Pro',
              createdAt: '2026-11-20T09:00:00.000Z',
              rmaNumber: 'RMA2026-00001',
            },
            {
              requestNumber: 'SR2026-00002',
              status: 'returned',
              serialNumber: 'DW-ENDED',
              model: 'Dropwise Pro',
              createdAt: '2026-10-20T09:00:00.000Z',
              rmaNumber: 'RMA2026-00002',
            },
          ],
        },
      },
    });
    renderRoutes([{ path: '/my-account', element: <CloseAccountService /> }], '/my-account');
    const listed = await screen.findByTestId('close-account-service');
    await screen.findByText(/Dropwise Pro, serial number DW-LIVE: warranty to/);
    await screen.findByText(/SR2026-00001/);
    expect(listed.textContent).toContain('SR2026-00001 (serial number DW-LIVE): Authorised, RMA RMA2026-00001');
    expect(listed.textContent).toContain('warranty to 1 June 2029');
    expect(listed.textContent).toContain('we e-mail you a private link to its page');
    expect(listed.textContent).not.toContain('SR2026-00002');
    expect(listed.textContent).not.toContain('DW-ENDED');
  });
});
