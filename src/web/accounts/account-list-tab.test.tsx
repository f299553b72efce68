// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { Package } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { AccountListTab } from './account-list-tab';

const statement = (
  <a href="/api/account/statement.pdf" download>
    Download statement
  </a>
);

function tab(items: { id: string; name: string }[]) {
  return (
    <AccountListTab
      query={{ isPending: false, isError: false, refetch: () => undefined }}
      items={items}
      noun="orders"
      heading="My Orders"
      emptyIcon={Package}
      emptyText="You haven't placed any orders yet."
      renderItem={(item) => <p>{item.name}</p>}
      actions={statement}
    />
  );
}

describe('My Account’s list tab (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('offers the statement download beside the heading once the customer has orders', async () => {
    renderRoutes([{ path: '/account', element: tab([{ id: 'o-1', name: 'Order O2026-00007' }]) }], '/account');
    expect(await screen.findByRole('heading', { name: 'My Orders (1)' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download statement' });
    expect(link.getAttribute('href')).toBe('/api/account/statement.pdf');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('offers no statement with no orders', async () => {
    renderRoutes([{ path: '/account', element: tab([]) }], '/account');
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download statement' })).toBeNull();
  });
});
