// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { authorisedServiceRequest, renderServiceRequestPage } from '../../../tests/support/web-service-request';
import { serviceMessages } from '../../shared/service-requests/service-lifecycle';
import { refreshSession } from '../lib/use-session';

const request = authorisedServiceRequest({ rmaUrl: '/api/service-requests/SR2026-00007/rma.pdf?key=closure-key' });

describe('the service request page (component, happy-dom, issue 41)', () => {
  afterEach(resetWebTest);

  it('opened with a closed account’s key: no promise before inspection, and the customer signs the decontamination declaration with a typed name and a tick', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'GET /api/service-requests/SR2026-00007': { body: { request } },
      'POST /api/service-requests/SR2026-00007/decontamination': (call) =>
        (call.body as { signed: boolean }).signed
          ? {
              body: {
                request: {
                  ...request,
                  decontamination: {
                    substances: (call.body as { substances: string }).substances,
                    cleaningMethod: 'Ethanol',
                    signatoryName: 'Ada Lovelace',
                    signedOn: '2026-11-21',
                    createdAt: '2026-11-21T09:00:00.000Z',
                  },
                  declarationUrl: '/api/service-requests/SR2026-00007/decontamination.pdf?key=closure-key',
                },
              },
            }
          : apiError(400, 'invalid_input', 'Invalid input', { signed: serviceMessages.declarationSignature }),
    });
    await refreshSession();
    renderServiceRequestPage('closure-key');
    expect((await screen.findByTestId('service-cover')).textContent).toBe(
      'Covered by warranty, subject to inspection (terms §11)',
    );
    await user.type(screen.getByLabelText(/Substances the instrument handled/), 'Human serum');
    await user.type(screen.getByLabelText('Cleaning and decontamination method'), 'Ethanol');
    await user.type(screen.getByLabelText('Your full name (your signature)'), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Sign the declaration' }));
    // Unticked: the server's refusal is shown (the browser's say is never trusted).
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      substances: 'Human serum',
      signatoryName: 'Ada Lovelace',
      signed: false,
      key: 'closure-key',
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid input');
    expect(screen.getByText(serviceMessages.declarationSignature)).toBeTruthy();
    await user.click(screen.getByLabelText(/I declare that the instrument/));
    await user.click(screen.getByRole('button', { name: 'Sign the declaration' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'POST')[1]?.body).toMatchObject({ signed: true });
    expect((await screen.findByTestId('decontamination')).textContent).toContain('Ada Lovelace');
    expect(screen.getByRole('link', { name: /Download the declaration/ }).getAttribute('href')).toBe(
      '/api/service-requests/SR2026-00007/decontamination.pdf?key=closure-key',
    );
    expect(serviceMessages.underWarranty).not.toContain('costs you nothing');
  });
});
