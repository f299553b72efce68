// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, resetWebTest } from '../../../tests/support/web-render';
import { chooseLanguage } from '../i18n/language';
import { MfaSetupCard } from './mfa-setup-card';

/** The authenticator set-up card when the server refuses to start an enrolment. */
function show() {
  mockFetch({ 'POST /api/auth/factors': apiError(500, 'internal', 'Something went wrong') });
  return render(<MfaSetupCard onComplete={() => undefined} />);
}

describe('My Account, authenticator set-up (happy-dom, issue 40)', () => {
  afterEach(resetWebTest);

  it('in English by default: the heading, the steps and the failed start', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to start MFA setup. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('in German: the heading, the steps and the failed start with its retry button', async () => {
    await act(() => chooseLanguage('de'));
    show();
    expect(screen.getByRole('heading', { name: 'Zwei-Faktor-Authentifizierung einrichten' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Schritte' }).textContent).toBe(
      '1. Einrichtung2. Bestätigung3. Wiederherstellungscodes',
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die MFA-Einrichtung konnte nicht gestartet werden. Bitte versuchen Sie es noch einmal.',
    );
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
