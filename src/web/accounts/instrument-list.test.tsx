// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import type { Instrument } from '../../shared/instruments/instrument-schemas';
import { chooseLanguage } from '../i18n/language';
import { InstrumentsTab, OrderInstruments } from './instrument-list';

const instrument: Instrument = {
  id: 'i-1',
  orderId: 'o-1',
  orderNumber: 'O2026-00042',
  unitIndex: 1,
  serialNumber: 'DW-0042',
  model: '<b>Dropwise Pro</b>',
  warrantyYears: 3,
  deliveredOn: '2026-03-02',
  warrantyEndsOn: '2029-03-02',
  servicePlanEndsOn: null,
  nextServiceOn: '2027-03-02',
};

describe('the customer’s instruments', () => {
  afterEach(resetWebTest);

  it('lists each instrument in My Account with its serial number, model, dates and a Request service link', async () => {
    mockFetch({ 'GET /api/account/instruments': { body: { instruments: [instrument] } } });
    renderRoutes([{ path: '/my-account', element: <InstrumentsTab /> }], '/my-account');
    const card = await screen.findByTestId('instrument');
    expect(screen.getByRole('heading', { name: 'My Instruments (1)' })).toBeTruthy();
    expect(card.textContent).toContain('<b>Dropwise Pro</b> · serial number DW-0042');
    expect(card.textContent).toContain('Delivered2 March 2026');
    expect(card.textContent).toContain('Warranty ends2 March 2029');
    expect(card.textContent).toContain('Next service2 March 2027');
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Request service' }).getAttribute('href')).toBe(
      '/service-requests/new?serial=DW-0042',
    );
  });

  it('gives a guest’s link the order and its key', () => {
    renderRoutes(
      [
        {
          path: '/order-details/o-1',
          element: <OrderInstruments instruments={[instrument]} guest={{ orderId: 'o-1', accessKey: 'k&ey' }} />,
        },
      ],
      '/order-details/o-1',
    );
    expect(screen.getByRole('link', { name: 'Request service' }).getAttribute('href')).toBe(
      '/service-requests/new?serial=DW-0042&order=o-1&key=k%26ey',
    );
  });

  it('links the instrument’s papers and its model’s datasheet and manual; a guest’s papers carry the key (issue 41)', () => {
    const withPapers: Instrument = {
      ...instrument,
      softwareVersion: '2.4.1',
      papers: [
        {
          id: 'test-certificate-1',
          kind: 'test_certificate',
          label: 'Factory test certificate',
          url: '/api/orders/o-1/documents/test-certificate-1',
          issuedAt: '2026-03-01T10:00:00.000Z',
        },
        {
          id: 'iq-oq-protocol-1',
          kind: 'iq_oq_protocol',
          label: 'IQ/OQ protocol',
          url: '/api/orders/o-1/documents/iq-oq-protocol-1',
          issuedAt: '2026-03-01T10:00:00.000Z',
        },
      ],
      modelDocuments: [
        {
          kind: 'user_manual',
          label: 'User manual',
          url: '/api/catalogue/configurations/dropwise-pro/documents/user_manual',
          filename: 'manual.pdf',
          size: 1000,
        },
      ],
    };
    renderRoutes(
      [
        {
          path: '/order-details/o-1',
          element: <OrderInstruments instruments={[withPapers]} guest={{ orderId: 'o-1', accessKey: 'k&ey' }} />,
        },
      ],
      '/order-details/o-1',
    );
    expect(screen.getByRole('link', { name: 'Factory test certificate (PDF)' }).getAttribute('href')).toBe(
      '/api/orders/o-1/documents/test-certificate-1?key=k%26ey',
    );
    expect(screen.getByRole('link', { name: 'IQ/OQ protocol (PDF)' }).getAttribute('href')).toBe(
      '/api/orders/o-1/documents/iq-oq-protocol-1?key=k%26ey',
    );
    expect(screen.getByRole('link', { name: 'User manual (PDF)' }).getAttribute('href')).toBe(
      '/api/catalogue/configurations/dropwise-pro/documents/user_manual',
    );
    expect(screen.getByTestId('instrument').textContent).toContain('Software version at dispatch: 2.4.1');
  });

  it('with no instruments yet says so as the instruments tab (not the quotes’ or orders’ words), in English and German', async () => {
    mockFetch({ 'GET /api/account/instruments': { body: { instruments: [] } } });
    const view = renderRoutes([{ path: '/my-account', element: <InstrumentsTab /> }], '/my-account');
    expect(await screen.findByText('No instruments yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Instruments (0)' })).toBeTruthy();
    view.unmount();

    await act(() => chooseLanguage('de'));
    renderRoutes([{ path: '/my-account', element: <InstrumentsTab /> }], '/my-account');
    expect(await screen.findByText('Noch keine Geräte')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Meine Geräte (0)' })).toBeTruthy();
  });
});
