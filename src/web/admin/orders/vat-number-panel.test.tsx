// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import type { AdminOrderDetail } from '../../../shared/orders/order-admin-contracts';
import type { VatNumberCheckView } from '../../../shared/tax/vat-number-check';
import { VatNumberPanel } from './vat-number-panel';

const check = (overrides: Partial<VatNumberCheckView>): VatNumberCheckView => ({
  id: 'c-1',
  countryCode: 'DE',
  vatNumber: '136695976',
  registry: 'vies',
  status: 'valid',
  registeredName: null,
  registeredAddress: null,
  consultationNumber: null,
  checkedAt: '2026-03-02T09:00:01.000Z',
  attempts: 1,
  nextAttemptAt: null,
  createdAt: '2026-03-02T09:00:00.000Z',
  requestedBy: null,
  ...overrides,
});

const orderOf = (vatNumberCheck: AdminOrderDetail['vatNumberCheck']) =>
  ({ id: 'o-9', vatNumber: 'DE136695976', vatNumberCheck }) as AdminOrderDetail;

const renderPanel = (order: AdminOrderDetail, registries: ('vies' | 'hmrc')[] = ['vies'], canCheck = true) =>
  renderRoutes(
    [{ path: '/', element: <VatNumberPanel order={order} registries={registries} canCheck={canCheck} /> }],
    '/',
  );

describe('the VAT number check on the admin order page (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('a German GmbH’s valid number: the registered name, address, date and consultation number, and no flag', () => {
    mockFetch({});
    renderPanel(
      orderOf({
        checks: [
          check({
            registeredName: 'Beispiel Labor GmbH',
            registeredAddress: 'Im Neuenheimer Feld 1 69120 Heidelberg',
            consultationNumber: 'WAPIAAAAZ0a1b2c3',
          }),
        ],
        reliesOnReverseCharge: true,
        flag: null,
        nameMismatch: null,
      }),
    );
    const list = screen.getByTestId('vat-number-checks');
    expect(list.textContent).toContain('Valid · DE136695976 · VIES (European Commission)');
    expect(list.textContent).toContain('Registered name: Beispiel Labor GmbH');
    expect(list.textContent).toContain('Registered address: Im Neuenheimer Feld 1 69120 Heidelberg');
    expect(list.textContent).toContain('Consultation number: WAPIAAAAZ0a1b2c3');
    expect(screen.queryByTestId('vat-number-flag')).toBeNull();
  });

  it('an unanswered check flags the order, and "Check again" asks the server (its refusal is shown)', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({
      'POST /api/admin/orders/o-9/vat-number-check': apiError(
        409,
        'vat_registry_off',
        'Checks with VIES (European Commission) are off: set VIES_API_URL to turn them on.',
      ),
    });
    const flag =
      "The buyer's VAT number DE136695976 has not been confirmed by the registry yet, and this order's reverse charge rests on it. Check it again, or confirm that you invoice anyway.";
    renderPanel(
      orderOf({
        checks: [check({ status: 'unavailable', nextAttemptAt: '2026-03-02T09:01:01.000Z' })],
        reliesOnReverseCharge: true,
        flag,
        nameMismatch: null,
      }),
    );
    expect(screen.getByTestId('vat-number-flag').textContent).toBe(flag);
    expect(screen.getByTestId('vat-number-checks').textContent).toContain('Registry unavailable: retrying');
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/admin/orders/o-9/vat-number-check' });
  });

  it('no "Check again" where the registry is not configured, or for staff who cannot edit orders', () => {
    mockFetch({});
    const order = orderOf({ checks: [], reliesOnReverseCharge: true, flag: 'Flagged.', nameMismatch: null });
    const { unmount } = renderPanel(order, []);
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    expect(screen.getByText(/Checks with VIES \(European Commission\) are off on this shop/)).toBeTruthy();
    expect(screen.getByText('Not checked yet.')).toBeTruthy();
    unmount();
    renderPanel(order, ['vies'], false);
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('F9: a number registered to another name than the billing name shows the mismatch on the order page', () => {
    mockFetch({});
    const message =
      'The registry has the VAT number DE129273398 registered to "Siemens AG", but this order is billed to "Private person", and its reverse charge rests on that number. Correct the billing, or confirm that the reverse charge applies to this buyer.';
    renderPanel(
      orderOf({
        checks: [check({ registeredName: 'Siemens AG' })],
        reliesOnReverseCharge: true,
        flag: null,
        nameMismatch: { registeredName: 'Siemens AG', billingName: 'Private person', accepted: false, message },
      }),
    );
    expect(screen.getByTestId('vat-name-mismatch').textContent).toContain(message);
  });
});
