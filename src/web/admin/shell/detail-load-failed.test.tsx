// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { customerMessages } from '../../../shared/customers/customer-schemas';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import { CustomerDetailPage } from '../customers/customer-detail-page';

const openCustomer = (status: number) => {
  mockFetch({ 'GET /api/admin/customers/guest%3Anobody': apiError(status, 'some_code', 'Server words') });
  renderRoutes([{ path: '/admin/customers/:key', element: <CustomerDetailPage /> }], '/admin/customers/guest:nobody');
};

describe('a detail page that did not load (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it.each([404, 400])('says the customer is not found on a %i, with the way back', async (status) => {
    openCustomer(status);
    expect(await screen.findByText(customerMessages.notFound, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to customers' }).getAttribute('href')).toBe('/admin/customers');
  });

  it('says the load failed on any other error', async () => {
    openCustomer(500);
    expect(await screen.findByText(customerMessages.loadFailed, { exact: false })).toBeTruthy();
    expect(screen.queryByText(customerMessages.notFound, { exact: false })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to customers' })).toBeTruthy();
  });
});
