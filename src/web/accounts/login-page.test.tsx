// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { authRefusals } from '../../shared/accounts/auth-messages';
import { chooseLanguage } from '../i18n/language';
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

describe('the sign-in, sign-up and reset pages in German (issue 40)', () => {
  afterEach(resetWebTest);

  const open = (path = '/login') => {
    mockFetch({ 'GET /api/auth/session': signedOut });
    return renderRoutes([{ path: '/login', element: <LoginPage /> }], path);
  };

  it('sign in: German heading, labels and its own check for an empty form', async () => {
    await act(() => chooseLanguage('de'));
    open();
    expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toBeTruthy();
    expect(screen.getByLabelText('Passwort')).toBeTruthy();
    expect(screen.getByLabelText('Angemeldet bleiben')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Anmelden' });
    await vi.waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bitte geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.',
    );
    expect(screen.queryByText('Welcome Back')).toBeNull();
  });

  it('a refused sign-in: the friendly message in German and in French (friendlyAuthError)', async () => {
    for (const [language, password, refused] of [
      [
        'de',
        'Passwort',
        'Ungültige E-Mail-Adresse oder ungültiges Passwort. Bitte prüfen Sie Ihre Angaben und versuchen Sie es noch einmal.',
      ],
      [
        'fr',
        'Mot de passe',
        'Adresse e-mail ou mot de passe non valide. Veuillez vérifier vos identifiants et réessayer.',
      ],
    ] as const) {
      await act(() => chooseLanguage(language));
      mockFetch({
        'GET /api/auth/session': signedOut,
        'POST /api/auth/signin': apiError(400, 'invalid_credentials', authRefusals.invalidCredentials),
      });
      renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login');
      fireEvent.change(await screen.findByLabelText(/^E-Mail/i), { target: { value: 'anna@example.com' } });
      fireEvent.change(screen.getByLabelText(password), { target: { value: 'secret-123' } });
      const submit = screen.getAllByRole('button').find((button) => button.getAttribute('type') === 'submit');
      await vi.waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(submit as HTMLButtonElement);
      expect((await screen.findByRole('alert')).textContent).toBe(refused);
      resetWebTest();
    }
  });

  it('sign up and forgot password: German headings and buttons', async () => {
    await act(() => chooseLanguage('de'));
    open();
    const toSignUp = await screen.findByRole('button', { name: 'Noch kein Konto? Registrieren' });
    await vi.waitFor(() => expect((toSignUp as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(toSignUp);
    expect(screen.getByRole('heading', { name: 'Konto erstellen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sie haben bereits ein Konto? Anmelden' }));
    fireEvent.click(screen.getByRole('button', { name: 'Passwort vergessen?' }));
    expect(screen.getByRole('heading', { name: 'Passwort zurücksetzen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link zum Zurücksetzen senden' })).toBeTruthy();
  });

  it('a reset link: the new-password form in German', async () => {
    await act(() => chooseLanguage('de'));
    open('/login?type=recovery&token=abc');
    expect(await screen.findByRole('heading', { name: 'Neues Passwort festlegen' })).toBeTruthy();
    expect(screen.getByLabelText('Neues Passwort bestätigen')).toBeTruthy();
  });

  it('a confirmed e-mail in German: the sentence around the shared joined-orders notice', async () => {
    await act(() => chooseLanguage('de'));
    open('/login?confirmed=1');
    expect(await screen.findByText('Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.')).toBeTruthy();
  });
});
