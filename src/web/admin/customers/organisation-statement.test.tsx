// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import type { AdminCustomerOrganisation } from '../../../shared/accounts/organisation-schemas';
import type { CustomerDetail } from '../../../shared/customers/customer-schemas';
import { refreshSession } from '../../lib/use-session';
import { OrganisationPanel } from './organisation-panel';

const organisation: AdminCustomerOrganisation = {
  id: 'org-1',
  name: 'Cavendish <b>Lab</b>',
  ownerEmail: 'owner@university.test',
  members: [
    {
      userId: 'u-1',
      email: 'owner@university.test',
      name: null,
      role: 'buyer',
      isOwner: true,
      joinedAt: '2026-10-01T09:00:00.000Z',
    },
  ],
  ordersRequireAcceptedQuote: false,
  ordersRequirePoNumber: false,
  lastStatement: { period: '2026-12', sentAt: '2026-12-01T06:00:00.000Z', recipients: 2 },
};

const detailWith = (value: AdminCustomerOrganisation) =>
  ({
    customer: { key: 'u-1', kind: 'account' },
    organisation: value,
    sameNameOrganisations: [],
  }) as unknown as CustomerDetail;

describe('the organisation on the admin customer page (component, happy-dom, issue 39)', () => {
  afterEach(resetWebTest);

  it('says when the monthly statement last went to accounts payable, and that none has yet; the name as text', async () => {
    mockFetch({
      'GET /api/auth/session': {
        body: {
          user: { id: 'staff-1', email: 'staff@example.com' },
          aal: 'aal2',
          staff: { roles: ['sales'], permissions: ['customers.view'] },
        },
      },
    });
    await refreshSession();
    const view = renderRoutes(
      [
        {
          path: '/admin/customers/u-1',
          element: <OrganisationPanel customerKey="u-1" detail={detailWith(organisation)} />,
        },
      ],
      '/admin/customers/u-1',
    );
    expect(
      screen.getByText(/Monthly statement to accounts payable: last sent .* \(December 2026\) to 2 addresses\./),
    ).toBeTruthy();
    expect(screen.getByText('Cavendish <b>Lab</b>')).toBeTruthy();
    view.unmount();
    renderRoutes(
      [
        {
          path: '/admin/customers/u-1',
          element: (
            <OrganisationPanel customerKey="u-1" detail={detailWith({ ...organisation, lastStatement: null })} />
          ),
        },
      ],
      '/admin/customers/u-1',
    );
    expect(screen.getByText('Monthly statement to accounts payable: none sent yet.')).toBeTruthy();
  });
});
