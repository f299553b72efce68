// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { SetupPage } from './setup-page';

describe('the first-admin set-up page', () => {
  afterEach(resetWebTest);

  it('shows an empty e-mail’s refusal as its English words, not the shared field message’s id (error.email)', async () => {
    mockFetch({ 'GET /api/auth/session': signedOut, 'GET /api/setup/status': { body: { valid: true } } });
    renderRoutes([{ path: '/setup', element: <SetupPage /> }], '/setup?token=abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Create admin account' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('error.email');
  });
});
