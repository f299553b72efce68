// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, type FetchCall, mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import { refreshSession } from '../../lib/use-session';
import { ExchangeRatesPage } from './exchange-rates-page';
import { RegisterPage } from './register-page';

const session = (permissions: string[]) => ({
  body: { user: { id: 'staff-1', email: 'finance@example.com' }, aal: 'aal2', staff: { roles: [], permissions } },
});
const november = {
  id: 'r1',
  month: '2026-11',
  currency: 'EUR',
  rate: 1.1456,
  source: 'hmrc',
  enteredBy: 'finance@example.com',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

describe('the exchange-rates page (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('lists the rates by month, enters one, and imports HMRC’s file with the server’s message for a bad one', async () => {
    const items = [november];
    const calls = mockFetch({
      'GET /api/auth/session': session(['exports.csv', 'invoices.issue']),
      'GET /api/admin/exchange-rates': (call: FetchCall) => ({
        body: {
          items: call.path.includes('month=2026-10') ? [] : items,
          currencies: ['EUR'],
        },
      }),
      'PUT /api/admin/exchange-rates/2026-12/EUR': (call: FetchCall) => ({
        body: {
          rate: {
            ...november,
            id: 'r2',
            month: '2026-12',
            source: 'manual',
            rate: (call.body as { rate: number }).rate,
          },
        },
      }),
      'POST /api/admin/exchange-rates/import': (call: FetchCall) =>
        (call.body as { file: string }).file.startsWith('<exchangeRateMonthList')
          ? {
              body: {
                month: '2026-11',
                format: 'xml',
                imported: [{ currency: 'EUR', rate: 1.1456, previous: 1.14 }],
                ignored: 160,
              },
            }
          : apiError(400, 'bad_rates_file', 'The CSV has no “Currency Code” column.', {
              file: 'The CSV has no “Currency Code” column.',
            }),
    });
    await refreshSession();
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/exchange-rates', element: <ExchangeRatesPage /> }], '/admin/exchange-rates');

    const table = await screen.findByRole('table', { name: 'Exchange rates' });
    const row = await within(table).findByRole('row', { name: /2026-11/ });
    expect(row.textContent).toContain('1.1456');
    expect(row.textContent).toContain('HMRC file');

    // The month filter: a month with no rate says so.
    fireEvent.change(screen.getByLabelText('Show month'), { target: { value: '2026-10' } });
    expect(await screen.findByText('No rate for 2026-10 yet.')).toBeTruthy();

    const enter = screen.getByRole('form', { name: 'Enter a rate' });
    fireEvent.change(within(enter).getByLabelText('Month'), { target: { value: '2026-12' } });
    await user.type(within(enter).getByLabelText('Units per £1'), '1.1502');
    await user.click(within(enter).getByRole('button', { name: 'Save rate' }));
    expect((await within(enter).findByRole('status')).textContent).toBe('Rate saved: EUR 1.1502 for 2026-12.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ rate: 1.1502 });

    const importForm = screen.getByRole('form', { name: 'Import HMRC’s file' });
    const input = within(importForm).getByLabelText('Rates file') as HTMLInputElement;
    await user.upload(input, new File(['Country,Rate\nEurozone,1.1'], 'rates.csv', { type: 'text/csv' }));
    await user.click(within(importForm).getByRole('button', { name: 'Import' }));
    expect((await within(importForm).findByRole('alert')).textContent).toBe('The CSV has no “Currency Code” column.');

    await user.upload(input, new File(['<exchangeRateMonthList Period="01/Nov/2026 to 30/Nov/2026">'], 'rates.xml'));
    await user.click(within(importForm).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(within(importForm).getByRole('status').textContent).toBe(
        'Imported EUR 1.1456 (was 1.14) for 2026-11 from HMRC’s XML file; 160 other currencies in the file left out.',
      ),
    );
  });

  it('shows the rates without the forms to staff who cannot issue invoices', async () => {
    mockFetch({
      'GET /api/auth/session': session(['exports.csv']),
      'GET /api/admin/exchange-rates': { body: { items: [november], currencies: ['EUR'] } },
    });
    await refreshSession();
    renderRoutes([{ path: '/admin/exchange-rates', element: <ExchangeRatesPage /> }], '/admin/exchange-rates');
    await screen.findByRole('row', { name: /2026-11/ });
    expect(screen.queryByRole('form', { name: 'Enter a rate' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Import HMRC’s file' })).toBeNull();
  });
});

describe('the register in pounds (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('shows the VAT-return boxes with their explanations, each document’s pounds, and names a document with no rate', async () => {
    const document = {
      issuedAt: '2026-11-03T09:00:00.000Z',
      creditsNumber: null,
      orderNumber: 'O2026-00007',
      customer: 'Universität Heidelberg',
      country: 'Germany',
      vatNumber: null,
      rate: 0,
      currency: 'EUR',
      reason: null,
      euGoods: true,
    };
    mockFetch({
      'GET /api/auth/session': session(['exports.csv']),
      'GET /api/admin/invoices': {
        body: {
          from: '2026-10-01',
          to: '2026-12-31',
          items: [
            {
              ...document,
              id: 'i1',
              kind: 'deposit',
              number: 'INV2026-00013',
              net: 238345,
              vat: 0,
              gross: 238345,
              gbp: { net: 208053, vat: 0, gross: 208053 },
              gbpRate: 1.1456,
              gbpRateMonth: '2026-11',
              gbpSource: 'document',
              gbpNote: 'rate at issue',
            },
            {
              ...document,
              id: 'i2',
              kind: 'credit',
              number: 'CN2026-00002',
              issuedAt: '2026-12-02T09:00:00.000Z',
              net: -10001,
              vat: 0,
              gross: -10001,
              gbp: null,
              gbpRate: null,
              gbpRateMonth: '2026-12',
              gbpSource: 'missing',
              gbpNote: 'no rate for 2026-12',
            },
          ],
          totals: [{ currency: 'EUR', rate: 0, treatment: null, count: 2, net: 228344, vat: 0, gross: 228344 }],
          vatReturn: {
            boxes: [
              {
                box: 1,
                label: 'Box 1: VAT due on sales',
                pence: 0,
                entered: '£0.00',
                explanation: 'The VAT of 1 document.',
              },
              {
                box: 6,
                label: 'Box 6: total value of sales, excluding VAT',
                pence: 208053,
                entered: '£2,080',
                explanation: 'The net, zero-rated EU sales included.',
              },
              {
                box: 8,
                label: 'Box 8: goods supplied to EU member states, excluding VAT',
                pence: 208053,
                entered: '£2,080',
                explanation: 'Since Brexit, box 8 is only for Northern Ireland.',
              },
            ],
            gbpTotals: [{ month: null, count: 1, net: 208053, vat: 0, gross: 208053 }],
            missing: [{ number: 'CN2026-00002', currency: 'EUR', month: '2026-12' }],
          },
        },
      },
    });
    await refreshSession();
    renderRoutes([{ path: '/admin/register', element: <RegisterPage /> }], '/admin/register');
    expect((await screen.findByTestId('box-6')).textContent).toBe('£2,080');
    expect(screen.getByText('Since Brexit, box 8 is only for Northern Ireland.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('CN2026-00002: no rate for 2026-12 (EUR)');
    const documents = screen.getByRole('table', { name: 'Invoices and credit notes' });
    expect(within(documents).getByRole('row', { name: /INV2026-00013/ }).textContent).toContain('£2,080.53');
    expect(within(documents).getByRole('row', { name: /INV2026-00013/ }).textContent).toContain(
      '1.1456 per £1, 2026-11',
    );
    expect(within(documents).getByRole('row', { name: /CN2026-00002/ }).textContent).toContain('no rate for 2026-12');
    expect(screen.getByRole('link', { name: 'Exchange rates' }).getAttribute('href')).toBe('/admin/exchange-rates');
    expect(screen.getByRole('link', { name: 'Download for QuickBooks' }).getAttribute('href')).toMatch(
      /^\/api\/admin\/invoices\.quickbooks\.csv\?from=/,
    );
  });
});
