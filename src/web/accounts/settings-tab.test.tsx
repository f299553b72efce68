// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { authRefusals } from '../../shared/accounts/auth-messages';
import { chooseLanguage } from '../i18n/language';
import type { SessionData } from '../lib/use-session';
import { SettingsTab } from './settings-tab';

/** A customer with no second factor. */
const session = {
  user: { id: 'u-1', email: 'anna@example.com' },
  profile: { isAdmin: false, emailVerified: true },
  factors: [],
} as unknown as SessionData;

describe('My Account, changing the password in German (happy-dom, issue 40)', () => {
  afterEach(resetWebTest);

  it('the form’s check and the server’s refusal in German', async () => {
    await act(() => chooseLanguage('de'));
    mockFetch({ 'PUT /api/auth/password': apiError(400, 'wrong_password', authRefusals.wrongCurrentPassword) });
    renderRoutes([{ path: '/my-account', element: <SettingsTab session={session} /> }], '/my-account');
    fireEvent.click(await screen.findByRole('button', { name: 'Passwort ändern' }));
    fireEvent.change(screen.getByLabelText('Aktuelles Passwort'), { target: { value: 'old-secret' } });
    fireEvent.change(screen.getByLabelText('Neues Passwort'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Neues Passwort speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Das Passwort muss mindestens 6 Zeichen lang sein.');
    fireEvent.change(screen.getByLabelText('Neues Passwort'), { target: { value: 'new-secret' } });
    fireEvent.change(screen.getByLabelText('Neues Passwort bestätigen'), { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Neues Passwort speichern' }));
    expect(await screen.findByText('Ihr aktuelles Passwort ist nicht korrekt.')).toBeTruthy();
  });
});
