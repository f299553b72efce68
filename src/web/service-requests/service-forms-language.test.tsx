// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { authorisedServiceRequest, renderServiceRequestPage } from '../../../tests/support/web-service-request';
import { fieldRefusal } from '../../shared/field-messages';
import { serviceFieldMessages } from '../../shared/service-requests/service-lifecycle';
import { chooseLanguage } from '../i18n/language';
import { refreshSession } from '../lib/use-session';
import { NewServiceRequestPage } from './new-service-request-page';

/**
 * Issue 53 (decision 0084): the service request's and the decontamination declaration's field messages
 * are ids of the shared schema, shown in the page's language: a German buyer reads no English sentence.
 */
const request = authorisedServiceRequest({
  description: 'Pumpe bleibt stehen.',
  returnInstructions: 'Nutzen Sie das Etikett.',
});

const instrument = {
  serialNumber: 'DW-0007',
  model: 'Dropwise Pro',
  orderId: 'o-7',
  orderNumber: 'DW-2026-0007',
  warrantyEndsOn: '2027-11-20',
  servicePlanEndsOn: null,
  underWarranty: true,
};

describe('the service request forms in German (issue 53)', () => {
  afterEach(resetWebTest);

  it('a German service request with its description missing, then too long, says so in German and sends nothing', async () => {
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'GET /api/service-requests/instrument': { body: { instrument } },
    });
    await act(() => chooseLanguage('de'));
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/service-requests/new', element: <NewServiceRequestPage /> }],
      '/service-requests/new?serial=DW-0007&order=o-7&key=guest-key',
    );
    await user.click(await screen.findByRole('button', { name: 'Anfrage senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Beschreiben Sie, was passiert ist');

    // Pasted past the field's limit: the shared schema's "too long", in German.
    fireEvent.change(screen.getByLabelText('Was ist passiert?'), { target: { value: 'x'.repeat(4001) } });
    await user.click(screen.getByRole('button', { name: 'Anfrage senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Die Beschreibung muss kürzer als 4000 Zeichen sein');
    expect(screen.queryByText(serviceFieldMessages.descriptionTooLong.message)).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('a German declaration refused by the server (a name missing, a text too long) shows each field’s message in German by its id', async () => {
    // What the server answers (src/server/http/error-handler.ts): the English per field, and the ids beside.
    const { fields, fieldMessageIds } = fieldRefusal({
      substances: serviceFieldMessages.declarationTextTooLong.id,
      signatoryName: serviceFieldMessages.signatoryName.id,
    });
    mockFetch({
      'GET /api/auth/session': signedOut,
      'GET /api/service-requests/SR2026-00007': { body: { request } },
      'POST /api/service-requests/SR2026-00007/decontamination': apiError(
        400,
        'invalid_input',
        { ...serviceFieldMessages.declarationTextTooLong },
        fields,
        fieldMessageIds,
      ),
    });
    await refreshSession();
    await act(() => chooseLanguage('de'));
    const user = userEvent.setup();
    renderServiceRequestPage('guest-key');
    await user.type(await screen.findByLabelText('Reinigungs- und Dekontaminationsverfahren'), 'Ethanol');
    await user.click(screen.getByRole('button', { name: 'Erklärung unterschreiben' }));
    await waitFor(() =>
      expect(screen.getByText('Geben Sie zum Unterschreiben Ihren vollständigen Namen ein')).toBeTruthy(),
    );
    expect(screen.getAllByText('Verwenden Sie weniger als 2000 Zeichen').length).toBeGreaterThan(0);
    for (const english of Object.values(fields)) expect(screen.queryByText(english)).toBeNull();
  });
});
