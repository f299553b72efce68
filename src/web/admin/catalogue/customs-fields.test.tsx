// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import type { AdminOption } from '../../../shared/catalogue/catalogue-schemas';
import { customsMessages } from '../../../shared/customs';
import { accessoryEditor, OptionsPage } from './options-page';

const rack: AdminOption = {
  id: 'row-1',
  optionId: 'sample-tube-rack',
  name: 'Sample tube rack',
  description: null,
  priceGbp: 4500,
  priceEur: 5300,
  sortOrder: 0,
  updatedAt: '2026-03-02T10:00:00.000Z',
  active: true,
  countries: null,
  translations: {},
  customs: {
    commodityCode: '39269097',
    originCountry: 'GB',
    netWeightGrams: 320,
    grossWeightGrams: 450,
    customsValueGbp: null,
    customsValueEur: null,
  },
};

describe('the accessory editor’s customs fields (component, happy-dom, issue 37)', () => {
  afterEach(resetWebTest);

  it('shows the commodity code as the tariff groups it, refuses a malformed one beside the field, and sends the corrected one', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({
      'GET /api/admin/accessories': { body: { items: [rack] } },
      'PUT /api/admin/accessories/sample-tube-rack': {
        body: { item: { ...rack, customs: { ...rack.customs, commodityCode: '84798997' } } },
      },
    });
    renderRoutes(
      [{ path: '/admin/accessories', element: <OptionsPage kind={accessoryEditor} /> }],
      '/admin/accessories',
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Sample tube rack' }));
    const form = screen.getByRole('form', { name: 'Edit accessory' });
    const code = within(form).getByLabelText(/Commodity code/) as HTMLInputElement;
    expect(code.value).toBe('3926 90 97');
    expect((within(form).getByLabelText(/Country of origin/) as HTMLInputElement).value).toBe('GB');

    await user.clear(code);
    await user.type(code, '84798');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(customsMessages.commodityCode);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(code);
    await user.type(code, '8479 89 97');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      commodityCode: '8479 89 97',
      originCountry: 'GB',
      netWeightGrams: 320,
      grossWeightGrams: 450,
    });
  });
});
