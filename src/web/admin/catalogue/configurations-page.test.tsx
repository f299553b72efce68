// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import type { AdminConfiguration } from '../../../shared/catalogue/catalogue-schemas';
import { ConfigurationsPage } from './configurations-page';

const standard: AdminConfiguration = {
  id: 'row-1',
  configId: 'dropwise-standard',
  name: 'Dropwise Standard',
  description: null,
  priceGbp: 350000,
  priceEur: 400000,
  features: ['One'],
  translations: {},
  sortOrder: 0,
  updatedAt: '2026-03-02T10:00:00.000Z',
  customs: {
    commodityCode: null,
    originCountry: null,
    netWeightGrams: null,
    grossWeightGrams: null,
    customsValueGbp: null,
    customsValueEur: null,
  },
  softwareVersion: '2.4.0',
  documents: [
    {
      kind: 'datasheet',
      label: 'Datasheet',
      url: '/api/catalogue/configurations/dropwise-standard/documents/datasheet',
      filename: 'Dropwise-Standard.pdf',
      size: 1_258_291,
    },
  ],
};

describe('the configurations editor: software version, datasheet and manual (component, happy-dom, issue 41)', () => {
  afterEach(resetWebTest);

  it('links the stored datasheet, uploads the manual as base64 and sends the software version', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({
      'GET /api/admin/product-configurations': { body: { items: [standard] } },
      'PUT /api/admin/product-configurations/dropwise-standard': {
        body: { item: { ...standard, softwareVersion: '2.4.1' } },
      },
      'PUT /api/admin/product-configurations/dropwise-standard/documents/user_manual': { body: { item: standard } },
    });
    renderRoutes(
      [{ path: '/admin/product-configurations', element: <ConfigurationsPage /> }],
      '/admin/product-configurations',
    );
    const form = await screen.findByRole('form', { name: 'Edit Dropwise Standard' });
    expect(within(form).getByRole('link', { name: 'Dropwise-Standard.pdf (1.2 MB)' }).getAttribute('href')).toBe(
      '/api/catalogue/configurations/dropwise-standard/documents/datasheet',
    );

    const manual = new File(['%PDF-1.4 manual'], 'manual.pdf', { type: 'application/pdf' });
    fireEvent.change(within(form).getByLabelText('Upload user manual'), { target: { files: [manual] } });
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/documents/user_manual'))).toBe(true));
    const upload = calls.find((call) => call.path.endsWith('/documents/user_manual'));
    expect(upload?.method).toBe('PUT');
    expect(upload?.body).toEqual({ filename: 'manual.pdf', dataBase64: btoa('%PDF-1.4 manual') });

    const version = within(form).getByLabelText('Current software version');
    await user.clear(version);
    await user.type(version, '2.4.1');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'PUT' && call.path.endsWith('/product-configurations/dropwise-standard'))
          ?.body,
      ).toMatchObject({ softwareVersion: '2.4.1' }),
    );
  });
});
