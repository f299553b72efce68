// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { LoginPage } from './login-page';

describe('the sign-in page after a confirmation link', () => {
  afterEach(resetWebTest);

  it('tells the customer how many earlier guest orders joined the account (issue 38)', async () => {
    mockFetch({ 'GET /api/auth/session': signedOut });
    renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login?confirmed=1&orders=2');
    expect(
      await screen.findByText(
        'Your email is confirmed. 2 earlier orders placed with this e-mail were added to your account. You can now sign in.',
      ),
    ).toBeTruthy();
  });

  it('says only that the e-mail is confirmed when no order joined', async () => {
    mockFetch({ 'GET /api/auth/session': signedOut });
    renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login?confirmed=1');
    expect(await screen.findByText('Your email is confirmed. You can now sign in.')).toBeTruthy();
  });
});
