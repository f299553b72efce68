// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { serviceStatusLabels, type ServiceRequestStatus } from '../../shared/service-requests/service-lifecycle';
import { chooseLanguage } from '../i18n/language';
import { serviceStatusIn } from '../i18n/status-labels';
import { pageText } from '../i18n/use-t';
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

/** One open request (with its RMA) and one closed; one live warranty and one ended. */
const answer = () =>
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

describe('the close-account dialog names service and warranties (component, happy-dom, issue 41)', () => {
  afterEach(resetWebTest);

  it('lists the open request with its RMA and the instrument under warranty to 2029, not a closed request or an ended warranty', async () => {
    answer();
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

describe('the close-account dialog’s service and warranties in German and French (issue 40)', () => {
  afterEach(resetWebTest);

  it('German: the headings, each request with its status and RMA, the warranty with its German date', async () => {
    await act(() => chooseLanguage('de'));
    answer();
    renderRoutes([{ path: '/my-account', element: <CloseAccountService /> }], '/my-account');
    const listed = await screen.findByTestId('close-account-service');
    await screen.findByText(/Dropwise Pro, Seriennummer DW-LIVE: Garantie bis/);
    await screen.findByText(/SR2026-00001/);
    expect(listed.textContent).toContain('Ihre offenen Serviceanfragen:');
    expect(listed.textContent).toContain('SR2026-00001 (Seriennummer DW-LIVE): Genehmigt, RMA RMA2026-00001');
    expect(listed.textContent).toContain('Ihre Geräte unter Garantie:');
    expect(listed.textContent).toContain('Dropwise Pro, Seriennummer DW-LIVE: Garantie bis 1. Juni 2029');
    expect(listed.textContent).toContain('Die Garantie bleibt beim Gerät');
    expect(listed.textContent).not.toMatch(/serial number|warranty to|Authorised/);
  });

  it('French: the request and the warranty', async () => {
    await act(() => chooseLanguage('fr'));
    answer();
    renderRoutes([{ path: '/my-account', element: <CloseAccountService /> }], '/my-account');
    await screen.findByText(/Dropwise Pro, numéro de série DW-LIVE : garantie jusqu’au 1 juin 2029/);
    expect(screen.getByTestId('close-account-service').textContent).toContain(
      'SR2026-00001 (numéro de série DW-LIVE)\u202f: Autorisée, RMA RMA2026-00001',
    );
  });

  it('every service status carries the shared English name', () => {
    const inline = { ...pageText('de'), t: (_id: string, english: string) => english };
    for (const status of Object.keys(serviceStatusLabels) as ServiceRequestStatus[]) {
      expect(serviceStatusIn(inline, status)).toBe(serviceStatusLabels[status]);
      expect(serviceStatusIn(pageText('en'), status)).toBe(serviceStatusLabels[status]);
    }
  });
});
