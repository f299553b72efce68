// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { authMessages, authRefusals, factorLockedMessage } from '../../shared/accounts/auth-messages';
import { chooseLanguage } from '../i18n/language';
import { ApiError } from '../lib/api-client';
import type { SessionFactor } from '../lib/use-session';
import { FreshCodeForm } from './fresh-code-form';
import { MfaChallengeModal } from './mfa-challenge-modal';
import { MfaCodeForm } from './mfa-code-form';

/** The six-digit code form with a recovery code offered; every code is refused with the server's `refusal`. */
function showForm(
  refusal = new ApiError(
    400,
    'invalid_recovery_code',
    authMessages.invalidRecoveryCode,
    {},
    authRefusals.invalidRecoveryCode.id,
  ),
) {
  const refuse = () => Promise.reject(refusal);
  return render(
    <MfaCodeForm
      instructions={<p>Instructions</p>}
      onCode={refuse}
      onRecoveryCode={refuse}
      describeError={(failure) => (failure instanceof Error ? failure.message : 'failed')}
    />,
  );
}

const totp: SessionFactor = {
  id: 'factor-1',
  status: 'verified',
  factorType: 'totp',
  friendlyName: null,
  createdAt: '2026-11-01T10:00:00Z',
  lastUsedAt: null,
};
const passkey: SessionFactor = { ...totp, id: 'passkey-1', factorType: 'webauthn', friendlyName: 'Laptop' };

describe('the six-digit code form and the sign-in’s second factor (happy-dom, issue 40)', () => {
  afterEach(resetWebTest);

  it('in English by default: Verify, the recovery-code switch and the form’s own check', async () => {
    showForm();
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a 6-digit verification code');
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use your authenticator app' })).toBeTruthy();
  });

  it('in German: labels, the switch, the form’s check and the server’s refusal', async () => {
    await act(() => chooseLanguage('de'));
    showForm();
    expect(screen.getByLabelText('Bestätigungscode')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bitte geben Sie einen 6-stelligen Bestätigungscode ein',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Wiederherstellungscode verwenden' }));
    expect(
      screen.getByText(
        'Geben Sie einen der Wiederherstellungscodes ein, die Sie beim Einrichten Ihrer Authenticator-App gespeichert haben. Jeder Code funktioniert nur einmal.',
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Wiederherstellungscode'), { target: { value: 'aaaa-bbbb-cccc-dddd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ungültiger Wiederherstellungscode. Bitte prüfen Sie ihn und versuchen Sie es noch einmal.',
    );
    expect(screen.getByRole('button', { name: 'Authenticator-App verwenden' })).toBeTruthy();
  });

  it('in French: a locked authenticator told with its minutes', async () => {
    await act(() => chooseLanguage('fr'));
    showForm(
      new ApiError(
        429,
        'factor_locked',
        'Too many incorrect codes. For your security, this authenticator is locked for 14 minutes. Try again later, or use a recovery code.',
        {},
        authRefusals.factorLocked.id,
        { minutes: 14 },
      ),
    );
    fireEvent.change(screen.getByLabelText('Code de vérification'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Trop de codes incorrects. Pour votre sécurité, cette application d’authentification est bloquée pendant 14 minutes. Réessayez plus tard ou utilisez un code de récupération.',
    );
  });

  it('edge case: in German, one minute left reads in the singular (the refusal’s values through ICU plural)', async () => {
    await act(() => chooseLanguage('de'));
    showForm(
      new ApiError(429, 'factor_locked', factorLockedMessage(1), {}, authRefusals.factorLocked.id, { minutes: 1 }),
    );
    fireEvent.change(screen.getByLabelText('Bestätigungscode'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Zu viele falsche Codes. Zu Ihrer Sicherheit ist dieser Authenticator für 1 Minute gesperrt. Versuchen Sie es später noch einmal oder verwenden Sie einen Wiederherstellungscode.',
    );
  });

  it('the sign-in’s challenge in English, as the specification words it', () => {
    mockFetch({});
    renderRoutes([{ path: '/', element: <MfaChallengeModal factors={[totp]} /> }], '/');
    expect(screen.getByRole('dialog', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app to finish signing in.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('the sign-in’s challenge in German: heading, passkey, code, a refused code and Cancel', async () => {
    await act(() => chooseLanguage('de'));
    mockFetch({
      'POST /api/auth/factors/factor-1/challenge': {
        body: { challengeId: 'challenge-1', expiresAt: '2026-11-01T10:05:00Z' },
      },
      'POST /api/auth/factors/factor-1/verify': apiError(400, 'invalid_code', authRefusals.invalidCode),
    });
    renderRoutes([{ path: '/', element: <MfaChallengeModal factors={[totp, passkey]} /> }], '/');
    const dialog = screen.getByRole('dialog', { name: 'Zwei-Faktor-Authentifizierung' });
    expect(dialog.textContent).toContain(
      'Schließen Sie die Anmeldung mit Ihrem Passkey, Ihrer Authenticator-App oder einem Wiederherstellungscode ab.',
    );
    expect(screen.getByRole('button', { name: 'Passkey verwenden' })).toBeTruthy();
    expect(screen.getByText('oder')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Bestätigungscode'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ungültiger Bestätigungscode. Bitte versuchen Sie es noch einmal.',
    );
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
  });

  it('the fresh-code form in French: its label, its check and Cancel', async () => {
    await act(() => chooseLanguage('fr'));
    render(
      <FreshCodeForm
        instructions="Instructions"
        submitLabel="Envoyer"
        busyLabel="…"
        fallbackError="Échec"
        onCode={() => Promise.resolve()}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByLabelText('Code d’authentification ou de récupération')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Saisissez un code de votre application d’authentification ou un code de récupération.',
    );
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeTruthy();
  });
});
