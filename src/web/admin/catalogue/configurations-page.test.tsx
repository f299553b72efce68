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

describe('the configurations editor: the model’s German and French texts and features (component, happy-dom, issue 53)', () => {
  afterEach(resetWebTest);

  it('edge case: a model with no German or French features is flagged, and the features typed are sent one per line', async () => {
    const user = userEvent.setup();
    const named = {
      ...standard,
      description: 'Controlled-rate addition.',
      features: ['Dispense rate 0.5-15 mL/min', 'OLED display'],
      translations: {
        de: { name: 'Dropwise Standard', description: 'Kontrollierte Zugabe.' },
        fr: { name: 'Dropwise Standard', description: 'Ajout contrôlé.' },
      },
    };
    const calls = mockFetch({
      'GET /api/admin/product-configurations': { body: { items: [named] } },
      'PUT /api/admin/product-configurations/dropwise-standard': { body: { item: named } },
    });
    renderRoutes(
      [{ path: '/admin/product-configurations', element: <ConfigurationsPage /> }],
      '/admin/product-configurations',
    );
    const form = await screen.findByRole('form', { name: 'Edit Dropwise Standard' });
    expect(within(form).getByRole('note').textContent).toBe(
      'Translation missing (de features, fr features): German and French buyers see the English.',
    );
    expect((within(form).getByLabelText('Name (Deutsch)') as HTMLInputElement).value).toBe('Dropwise Standard');

    await user.type(
      within(form).getByLabelText('Features (Deutsch, one per line)'),
      'Förderrate 0,5–15 mL/min{enter}{enter}OLED-Display',
    );
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        translations: {
          de: {
            name: 'Dropwise Standard',
            description: 'Kontrollierte Zugabe.',
            features: ['Förderrate 0,5–15 mL/min', 'OLED-Display'],
          },
          fr: { name: 'Dropwise Standard', description: 'Ajout contrôlé.', features: [] },
        },
      }),
    );
  });

  it('a model with its German and French features given shows no warning', async () => {
    mockFetch({
      'GET /api/admin/product-configurations': {
        body: {
          items: [
            {
              ...standard,
              translations: {
                de: { name: 'Dropwise Standard', features: ['Eins'] },
                fr: { name: 'Dropwise Standard', features: ['Un'] },
              },
            },
          ],
        },
      },
    });
    renderRoutes(
      [{ path: '/admin/product-configurations', element: <ConfigurationsPage /> }],
      '/admin/product-configurations',
    );
    const form = await screen.findByRole('form', { name: 'Edit Dropwise Standard' });
    expect(within(form).queryByRole('note')).toBeNull();
  });
});
