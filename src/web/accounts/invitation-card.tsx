import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { passwordDescriptor } from '../../shared/accounts/auth-schemas';
import { type PageText, pageText, useT } from '../i18n/use-t';
import { PageHead } from '../lib/page-head';
import { refreshSession, useSession } from '../lib/use-session';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { AuthField } from './auth-field';
import { authRequest } from './auth-request';

const alert = 'rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800';

/** What every invitation's preview answers: the invited address, and whether it has an account. */
interface InvitationPreview {
  email: string;
  accountExists: boolean;
}

/** What one kind of invitation says, in one language. */
export interface InvitationWords<Preview extends InvitationPreview> {
  page: { title: string; description: string };
  heading: (invitation: Preview | undefined) => string;
  /** The sentence that says what the invitee is invited as. */
  invitedAs: (invitation: Preview) => ReactNode;
  messages: { invitationInvalid: string; invitationOtherAccount: string; invitationSignIn: string };
  buttons: { accept: string; accepting: string; create: string };
  /** A refusal of the accept request (the server's ApiError) as this page shows it; empty when it says nothing. */
  refusal: (failure: unknown) => string;
}

/** One kind of invitation link (staff, organisation): its API, its words and where it leads. */
export interface InvitationKind<Preview extends InvitationPreview> {
  /** The API's base path: `${api}/preview` and `${api}/accept` (POST, with the token). */
  api: string;
  parsePreview: (body: unknown) => Preview;
  /** Where the invitee goes once they have accepted. */
  next: string;
  /** Whether the page follows the language switch (the customer's organisation invitation) or stays English (the staff one). */
  translated: boolean;
  words: (text: PageText) => InvitationWords<Preview>;
}

const english = pageText('en');

/**
 * The page of an invitation link (`?token=…`): the invitee signs in with the invited address and
 * accepts, or creates their account with a password (the link proves the mailbox). The staff and the
 * organisation invitations differ only in the words and the API (`InvitationKind`). The organisation's
 * follows the page's language (issue 40); the staff one, the admin's door, stays English.
 */
export function InvitationCard<Preview extends InvitationPreview>({ kind }: { kind: InvitationKind<Preview> }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const pageLanguage = useT();
  const text = kind.translated ? pageLanguage : english;
  const { t } = text;
  const words = kind.words(text);
  const preview = useQuery({
    queryKey: [kind.api, token],
    queryFn: async () =>
      kind.parsePreview(await authRequest<unknown>(`${kind.api}/preview`, { method: 'POST', body: { token } })),
    enabled: token !== '',
    retry: false,
  });
  const accept = useMutation({
    mutationFn: (body: { token: string; password?: string; language?: string }) =>
      authRequest<unknown>(`${kind.api}/accept`, { method: 'POST', body }),
    onSuccess: async () => {
      await refreshSession();
      navigate(kind.next, { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 6) {
      setFieldError(text.message(passwordDescriptor));
      return;
    }
    setFieldError(undefined);
    // Issue 53: a customer's new account reads in the page's language, as at a sign-up (staff: English).
    accept.mutate({ token, password, ...(kind.translated ? { language: pageLanguage.language } : {}) });
  };

  const invitation = preview.data;
  const signedInAs = session.data?.user?.email ?? null;
  return (
    <Container className="flex justify-center py-16" lang={kind.translated ? undefined : 'en'}>
      <PageHead title={words.page.title} description={words.page.description} noindex />
      <div className="w-full max-w-md rounded-xl border border-navy-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight text-navy-900">{words.heading(invitation)}</h1>
        {token === '' || preview.isError ? (
          <div className="mt-4 space-y-3">
            <p role="alert" className={alert}>
              {words.messages.invitationInvalid}
            </p>
            <Link to="/login" className="text-sm font-medium text-accent-700 underline underline-offset-2">
              {t('invitation.goToSignIn', 'Go to sign in')}
            </Link>
          </div>
        ) : !invitation ? (
          <p role="status" className="mt-4 text-sm text-navy-600">
            {t('invitation.checking', 'Checking the invitation...')}
          </p>
        ) : (
          <div className="mt-4 space-y-4">
            <p className="text-sm text-navy-700">{words.invitedAs(invitation)}</p>
            {accept.isError ? (
              <p role="alert" className={alert}>
                {words.refusal(accept.error) || words.messages.invitationInvalid}
              </p>
            ) : null}
            {invitation.accountExists ? (
              signedInAs === invitation.email && !session.mfaStep ? (
                <Button className="w-full" disabled={accept.isPending} onClick={() => accept.mutate({ token })}>
                  {accept.isPending ? words.buttons.accepting : words.buttons.accept}
                </Button>
              ) : (
                <div className="space-y-3">
                  <p className="text-sm text-navy-700">
                    {signedInAs ? words.messages.invitationOtherAccount : words.messages.invitationSignIn}
                  </p>
                  {signedInAs ? null : (
                    <Link to="/login" className="text-sm font-medium text-accent-700 underline underline-offset-2">
                      {t('invitation.goToSignIn', 'Go to sign in')}
                    </Link>
                  )}
                </div>
              )
            ) : (
              <form onSubmit={submit} noValidate className="space-y-4">
                <AuthField
                  label={t('invitation.password', 'Password')}
                  type="password"
                  autoComplete="new-password"
                  placeholder={t('invitation.passwordPlaceholder', 'Create a password (min 6 characters)')}
                  error={fieldError}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <Button type="submit" className="w-full" disabled={accept.isPending}>
                  {accept.isPending ? t('invitation.creating', 'Creating...') : words.buttons.create}
                </Button>
              </form>
            )}
          </div>
        )}
      </div>
    </Container>
  );
}
