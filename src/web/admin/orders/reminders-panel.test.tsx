// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import type { AdminOrder } from '../../../shared/orders/order-schema';
import { RemindersPanel } from './reminders-panel';

type PanelOrder = Pick<AdminOrder, 'id' | 'orderNumber' | 'reminders' | 'remindersExclusion'>;

const sent: PanelOrder = {
  id: 'o-7',
  orderNumber: 'O2026-00007',
  reminders: [
    {
      id: 'r-1',
      invoiceNumber: 'INV2026-00013',
      stage: 'after_7',
      outstanding: 72500,
      currency: 'EUR',
      sentAt: '2026-05-25T06:00:00.000Z',
    },
  ],
  remindersExclusion: null,
};

const renderPanel = (order: PanelOrder, canEdit = true) =>
  renderRoutes(
    [{ path: '/admin/orders/o-7', element: <RemindersPanel order={order} canEdit={canEdit} /> }],
    '/admin/orders/o-7',
  );

describe('the payment reminders panel (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('lists the reminders sent, and stops them with a required reason after a confirmation, by keyboard', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({ 'POST /api/admin/orders/o-7/reminders-exclusion': { body: { ok: true } } });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderPanel(sent);
    const list = screen.getByRole('list', { name: 'Reminders sent' });
    expect(within(list).getByText(/INV2026-00013 · 7 days overdue · €725\.00 outstanding/)).toBeTruthy();

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stop payment reminders' }));
    await user.keyboard('{Enter}');
    const form = screen.getByRole('form', { name: 'Stop payment reminders' });
    await user.click(within(form).getByRole('button', { name: 'Stop reminders' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Give the reason for stopping payment reminders (at least 5 characters).',
    );
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText(/^Reason/), 'Paying by arrangement{Enter}');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(confirm).toHaveBeenCalledWith(
      'Stop payment reminders for O2026-00007? No reminder goes until they are resumed.',
    );
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/orders/o-7/reminders-exclusion',
      body: { reason: 'Paying by arrangement' },
    });
  });

  it('shows who stopped them, when and why, and resumes them only when confirmed', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({ 'DELETE /api/admin/orders/o-7/reminders-exclusion': { body: { ok: true } } });
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    renderPanel({
      ...sent,
      reminders: [],
      remindersExclusion: {
        reason: 'Customer disputes the invoice <b>total</b>',
        at: '2026-08-03T06:00:00.000Z',
        by: { id: 'u-1', email: 'sales@example.com', name: 'Sam Sales' },
      },
    });
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('by Sam Sales: Customer disputes the invoice <b>total</b>');
    expect(status.querySelector('b')).toBeNull();
    expect(screen.getByText('No reminders sent.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop payment reminders' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Resume reminders' }));
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Resume reminders' }));
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
        'DELETE /api/admin/orders/o-7/reminders-exclusion',
      ]),
    );
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('offers no action to staff who may not edit orders, and shows the server’s refusal beside the reason', async () => {
    renderPanel(sent, false);
    expect(screen.queryByRole('button', { name: 'Stop payment reminders' })).toBeNull();
    resetWebTest();

    const user = userEvent.setup();
    mockFetch({
      'POST /api/admin/orders/o-7/reminders-exclusion': apiError(400, 'invalid_input', 'Invalid input', {
        reason: 'Too long',
      }),
    });
    vi.stubGlobal('confirm', () => true);
    renderPanel(sent);
    await user.click(screen.getByRole('button', { name: 'Stop payment reminders' }));
    await user.type(screen.getByLabelText(/^Reason/), 'A good reason');
    await user.click(screen.getByRole('button', { name: 'Stop reminders' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too long');
  });
});
