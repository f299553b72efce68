// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import { refreshSession } from '../../lib/use-session';
import { type AdminPage, AdminLayout, AdminLink } from './admin-layout';

const pages: AdminPage[] = [
  { path: 'orders/:id', permission: 'orders.view', element: null },
  { path: 'instruments', label: 'Instruments', permission: 'instruments.view', element: null },
];

const asStaff = async (roles: string[], permissions: string[]) => {
  mockFetch({
    'GET /api/auth/session': {
      body: { user: { id: 'staff-1', email: 'staff@example.com' }, aal: 'aal2', staff: { roles, permissions } },
    },
  });
  await refreshSession();
  renderRoutes(
    [
      {
        path: '/admin',
        element: <AdminLayout pages={pages} />,
        children: [
          {
            path: 'instruments',
            element: (
              <p data-testid="cell">
                <AdminLink to="/admin/orders/o-1?tab=documents">DW-2026-0001</AdminLink>
              </p>
            ),
          },
        ],
      },
    ],
    '/admin/instruments',
  );
  return screen.findByTestId('cell');
};

describe('admin links lead only where the staff member may go (component, happy-dom, issue 41)', () => {
  afterEach(resetWebTest);

  it('Support (no orders.view) reads the order number as text, not a link to "no access"', async () => {
    const cell = await asStaff(['support'], ['instruments.view', 'service.manage']);
    expect(cell.textContent).toBe('DW-2026-0001');
    expect(screen.queryByRole('link', { name: 'DW-2026-0001' })).toBeNull();
  });

  it('Sales (orders.view) gets the link', async () => {
    await asStaff(['sales'], ['instruments.view', 'orders.view']);
    expect(screen.getByRole('link', { name: 'DW-2026-0001' }).getAttribute('href')).toBe(
      '/admin/orders/o-1?tab=documents',
    );
  });
});
