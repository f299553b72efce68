// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import { refreshSession } from '../../lib/use-session';
import { QuotesPage } from '../quotes/quotes-page';
import { ServiceRequestsAdminPage } from '../service/service-requests-page';

const emptyPage = { body: { items: [], total: 0, page: 1, pageSize: 25 } };

/** Signs in a staff member with these permissions before the page renders, so the first render knows them. */
async function signInStaff(permissions: string[], routes: Parameters<typeof mockFetch>[0]) {
  const calls = mockFetch({
    'GET /api/auth/session': {
      body: { user: { id: 'staff-1', email: 'staff@example.com' }, aal: 'aal2', staff: { roles: [], permissions } },
    },
    ...routes,
  });
  await refreshSession();
  return calls;
}

const listCalls = (calls: { path: string }[]) =>
  calls.map((call) => call.path).filter((path) => !path.startsWith('/api/auth/'));

describe('an admin list page’s query and Export CSV link (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('asks for the filtered page from the URL and links the CSV of the same filter without the page', async () => {
    const calls = await signInStaff(['quotes.view', 'exports.csv'], { 'GET /api/admin/quotes': emptyPage });
    renderRoutes(
      [{ path: '/admin/quotes', element: <QuotesPage /> }],
      '/admin/quotes?search=lab&status=sent&paymentStatus=paid&page=2',
    );
    expect(await screen.findByText('No quotes found.')).toBeTruthy();
    // Quotes have no payment status: it is left out of both.
    expect(listCalls(calls)).toEqual(['/api/admin/quotes?search=lab&status=sent&page=2&pageSize=25']);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/quotes.csv?search=lab&status=sent',
    );
  });

  it('shows no Export CSV link to a role without exports.csv', async () => {
    await signInStaff(['quotes.view'], { 'GET /api/admin/quotes': emptyPage });
    renderRoutes([{ path: '/admin/quotes', element: <QuotesPage /> }], '/admin/quotes');
    expect(await screen.findByText('No quotes found.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });

  it('links the service CSV, which asks only the page’s own permission, with the list’s own filter', async () => {
    const calls = await signInStaff(['service.manage'], { 'GET /api/admin/service': emptyPage });
    renderRoutes([{ path: '/admin/service', element: <ServiceRequestsAdminPage /> }], '/admin/service?warranty=in');
    expect(await screen.findByText('No service requests found.')).toBeTruthy();
    expect(listCalls(calls)).toEqual(['/api/admin/service?warranty=in&page=1&pageSize=25']);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/service.csv?warranty=in',
    );
  });
});
