// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import type { CustomerDetail } from '../../../shared/customers/customer-schemas';
import { OrganisationPanel } from './organisation-panel';

const ORGANISATION = '33333333-3333-4333-8333-333333333333';
const detail = {
  customer: { kind: 'account' },
  organisation: {
    id: ORGANISATION,
    name: 'Cavendish Laboratory',
    ownerEmail: 'owner@example.com',
    members: [
      {
        userId: '11111111-1111-4111-8111-111111111111',
        email: 'owner@example.com',
        name: 'Ada Lovelace',
        role: 'buyer',
        isOwner: true,
        joinedAt: '2026-11-20T09:00:00.000Z',
      },
    ],
    ordersRequireAcceptedQuote: false,
    ordersRequirePoNumber: false,
    lastStatement: null,
  },
  sameNameOrganisations: [],
} as unknown as CustomerDetail;

const session = (permissions: string[]) => ({
  body: { user: { id: 'staff-1', email: 'sales@example.com' }, aal: 'aal2', staff: { roles: [], permissions } },
});
const show = () =>
  renderRoutes(
    [{ path: '/admin/customers/c', element: <OrganisationPanel customerKey="c" detail={detail} /> }],
    '/admin/customers/c',
  );
const SETTINGS = `PUT /api/admin/organisations/${ORGANISATION}/settings`;

describe('the organisation on the admin customer page (issue 39, happy-dom)', () => {
  afterEach(resetWebTest);

  it('"Orders need an accepted quote": staff with customers.edit turn it on after a fresh code', async () => {
    let steppedUp = false;
    const calls = mockFetch({
      'GET /api/auth/session': session(['customers.view', 'customers.edit']),
      [SETTINGS]: () =>
        steppedUp
          ? { body: { ordersRequireAcceptedQuote: true, ordersRequirePoNumber: false } }
          : apiError(403, 'step_up_required', 'Confirm with a fresh code from your authenticator.'),
      'POST /api/admin/step-up': () => {
        steppedUp = true;
        return { body: { steppedUpUntil: new Date(Date.now() + 300_000).toISOString() } };
      },
    });
    const user = userEvent.setup();
    show();
    const box = await screen.findByRole('checkbox', { name: 'Orders need an accepted quote' });
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    await user.click(box);
    await user.type(await screen.findByLabelText(/code/i), '123456');
    await user.click(screen.getByRole('button', { name: /confirm|verify/i }));
    await waitFor(() =>
      expect(calls.filter((call) => `${call.method} ${call.path}` === SETTINGS).map((call) => call.body)).toEqual([
        { ordersRequireAcceptedQuote: true },
        { ordersRequireAcceptedQuote: true },
      ]),
    );
  });

  it('"Orders require a PO number": its own box sends only that setting, after a fresh code', async () => {
    let steppedUp = false;
    const calls = mockFetch({
      'GET /api/auth/session': session(['customers.view', 'customers.edit']),
      [SETTINGS]: () =>
        steppedUp
          ? { body: { ordersRequireAcceptedQuote: false, ordersRequirePoNumber: true } }
          : apiError(403, 'step_up_required', 'Confirm with a fresh code from your authenticator.'),
      'POST /api/admin/step-up': () => {
        steppedUp = true;
        return { body: { steppedUpUntil: new Date(Date.now() + 300_000).toISOString() } };
      },
    });
    const user = userEvent.setup();
    show();
    const box = await screen.findByRole('checkbox', { name: 'Orders require a PO number' });
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    await user.click(box);
    await user.type(await screen.findByLabelText(/code/i), '123456');
    await user.click(screen.getByRole('button', { name: /confirm|verify/i }));
    await waitFor(() =>
      expect(calls.filter((call) => `${call.method} ${call.path}` === SETTINGS).map((call) => call.body)).toEqual([
        { ordersRequirePoNumber: true },
        { ordersRequirePoNumber: true },
      ]),
    );
  });

  it('is shown but cannot be changed without customers.edit', async () => {
    mockFetch({ 'GET /api/auth/session': session(['customers.view']) });
    show();
    const box = await screen.findByRole('checkbox', { name: 'Orders need an accepted quote' });
    expect((box as HTMLInputElement).disabled).toBe(true);
    expect((box as HTMLInputElement).checked).toBe(false);
  });
});
