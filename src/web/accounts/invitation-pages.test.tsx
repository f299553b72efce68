// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { organisationMessages } from '../../shared/accounts/organisation-schemas';
import { chooseLanguage } from '../i18n/language';
import { pageText } from '../i18n/use-t';
import { OrganisationInvitationPage, organisationInvitationWords } from './organisation-invitation-page';
import { StaffInvitationPage } from './staff-invitation-page';

const organisationPreview = {
  organisationName: 'University of Lancaster, Department of Chemistry',
  email: 'ap@lancaster.example',
  role: 'accounts_payable',
  expiresAt: '2026-12-20T00:00:00.000Z',
  accountExists: false,
};

describe('the invitation links (organisation and staff share one page)', () => {
  afterEach(resetWebTest);

  it('a new organisation member creates an account with a password and lands on the organisation tab', async () => {
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/organisation-invitations/preview': { body: organisationPreview },
      'POST /api/organisation-invitations/accept': {
        body: {
          accepted: true,
          email: organisationPreview.email,
          organisationName: organisationPreview.organisationName,
        },
      },
    });
    renderRoutes(
      [
        { path: '/organisation-invitation', element: <OrganisationInvitationPage /> },
        { path: '/my-account', element: <p>My Account</p> },
      ],
      '/organisation-invitation?token=tok-1',
    );
    expect(
      await screen.findByRole('heading', { name: 'Join University of Lancaster, Department of Chemistry' }),
    ).toBeTruthy();
    expect(screen.getByText('ap@lancaster.example')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('Password must be at least 6 characters long.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/organisation-invitations/accept')).toBe(false);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('My Account')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/organisation-invitations/accept')?.body).toEqual({
      token: 'tok-1',
      password: 'correct horse',
      language: 'en',
    });
  });

  it('a used or expired staff invitation says so and offers sign-in', async () => {
    mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/staff-invitations/preview': apiError(404, 'invitation_not_found', 'Invitation not found'),
    });
    renderRoutes([{ path: '/staff-invitation', element: <StaffInvitationPage /> }], '/staff-invitation?token=old');
    expect(
      await screen.findByText('This invitation link is invalid, used, revoked or expired. Ask an Owner for a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
  });

  it('an invitee whose e-mail has an account is asked to sign in, not to choose a password', async () => {
    mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/staff-invitations/preview': {
        body: {
          email: 'ops@dropwise.example',
          roles: ['support'],
          expiresAt: '2026-12-20T00:00:00.000Z',
          accountExists: true,
        },
      },
    });
    renderRoutes([{ path: '/staff-invitation', element: <StaffInvitationPage /> }], '/staff-invitation?token=t2');
    expect(
      await screen.findByText('An account with this e-mail already exists: sign in, then open the link again.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});

describe('the organisation invitation in German and French; the staff one stays English (issue 40)', () => {
  afterEach(resetWebTest);

  const openOrganisation = (path = '/organisation-invitation?token=tok-1') =>
    renderRoutes([{ path: '/organisation-invitation', element: <OrganisationInvitationPage /> }], path);

  it('German: heading, role, what the invitee will see, the password form and its check; the new account takes the page’s language', async () => {
    await act(() => chooseLanguage('de'));
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/organisation-invitations/preview': { body: organisationPreview },
      'POST /api/organisation-invitations/accept': {
        body: {
          accepted: true,
          email: organisationPreview.email,
          organisationName: organisationPreview.organisationName,
        },
      },
    });
    renderRoutes(
      [
        { path: '/organisation-invitation', element: <OrganisationInvitationPage /> },
        { path: '/my-account', element: <p>My Account</p> },
      ],
      '/organisation-invitation?token=tok-1',
    );
    expect(
      await screen.findByRole('heading', { name: 'University of Lancaster, Department of Chemistry beitreten' }),
    ).toBeTruthy();
    expect(screen.getByText('Kreditorenbuchhaltung', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('ap@lancaster.example', { selector: 'strong' }).parentElement?.textContent).toBe(
      'Sie sind als Kreditorenbuchhaltung mit der E-Mail-Adresse ap@lancaster.example eingeladen: Sie sehen die Angebote, Bestellungen, Geräte und Dokumente der Organisation. Erhält außerdem die Rechnungen, Gutschriften und Zahlungserinnerungen per E-Mail.',
    );
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen und beitreten' }));
    expect(await screen.findByText('Das Passwort muss mindestens 6 Zeichen lang sein.')).toBeTruthy();
    // Issue 53: the account made here reads German, as a sign-up from a German page does.
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen und beitreten' }));
    expect(await screen.findByText('My Account')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/organisation-invitations/accept')?.body).toEqual({
      token: 'tok-1',
      password: 'correct horse',
      language: 'de',
    });
  });

  it('French: a used link says so and offers sign-in', async () => {
    await act(() => chooseLanguage('fr'));
    mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/organisation-invitations/preview': apiError(404, 'invitation_not_found', 'Invitation not found'),
    });
    openOrganisation('/organisation-invitation?token=old');
    expect(
      await screen.findByText(
        'Ce lien d’invitation n’est pas valide, a déjà été utilisé, a été révoqué ou a expiré. Demandez-en un nouveau au propriétaire de l’organisation.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Rejoindre votre organisation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller à la connexion' })).toBeTruthy();
  });

  it('English: the organisation’s messages are the shared ones, word for word', () => {
    const { messages } = organisationInvitationWords(pageText('en'));
    expect(messages).toEqual({
      invitationInvalid: organisationMessages.invitationInvalid,
      invitationOtherAccount: organisationMessages.invitationOtherAccount,
      invitationSignIn: organisationMessages.invitationSignIn,
    });
  });

  it('the staff invitation, the admin’s door, stays English on a German page and still works', async () => {
    await act(() => chooseLanguage('de'));
    mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/staff-invitations/preview': apiError(404, 'invitation_not_found', 'Invitation not found'),
    });
    renderRoutes([{ path: '/staff-invitation', element: <StaffInvitationPage /> }], '/staff-invitation?token=old');
    expect(
      await screen.findByText('This invitation link is invalid, used, revoked or expired. Ask an Owner for a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
  });
});
