import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { passwordMessage } from '../../shared/accounts/auth-schemas';
import { roles as roleTable } from '../../shared/admin/permissions';
import { acceptInvitationAnswerSchema, invitationPreviewSchema, staffMessages } from '../../shared/admin/staff-schemas';
import { PageHead } from '../lib/page-head';
import { refreshSession, useSession } from '../lib/use-session';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { AuthField } from './auth-field';
import { authRequest, errorMessage } from './auth-request';

const alert = 'rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800';

/**
 * `/staff-invitation?token=…`, the link of an Owner's invitation (issue 24): a new staff member
 * chooses a password; someone whose e-mail already has an account signs in and accepts. Either way
 * the admin opens once they set up an authenticator (the app's set-up step for every admin). A
 * storefront page: it imports no admin code (scripts/check-admin-graph.mjs).
 */
export function StaffInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const preview = useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: async () =>
      invitationPreviewSchema.parse(
        await authRequest<unknown>('/api/staff-invitations/preview', { method: 'POST', body: { token } }),
      ),
    enabled: token !== '',
    retry: false,
  });
  const accept = useMutation({
    mutationFn: async (body: { token: string; password?: string }) =>
      acceptInvitationAnswerSchema.parse(
        await authRequest<unknown>('/api/staff-invitations/accept', { method: 'POST', body }),
      ),
    onSuccess: async () => {
      await refreshSession();
      navigate('/admin', { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 6) {
      setFieldError(passwordMessage);
      return;
    }
    setFieldError(undefined);
    accept.mutate({ token, password });
  };

  const invitation = preview.data;
  const signedInAs = session.data?.user?.email ?? null;
  return (
    <Container className="flex justify-center py-16">
      <PageHead title="Staff invitation | Dropwise" description="Join the Dropwise admin." noindex />
      <div className="w-full max-w-md rounded-xl border border-navy-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight text-navy-900">Join the Dropwise admin</h1>
        {token === '' || preview.isError ? (
          <div className="mt-4 space-y-3">
            <p role="alert" className={alert}>
              {staffMessages.invitationInvalid}
            </p>
            <Link to="/login" className="text-sm font-medium text-accent-700 underline underline-offset-2">
              Go to sign in
            </Link>
          </div>
        ) : !invitation ? (
          <p role="status" className="mt-4 text-sm text-navy-600">
            Checking the invitation...
          </p>
        ) : (
          <div className="mt-4 space-y-4">
            <p className="text-sm text-navy-700">
              You are invited as <strong>{invitation.roles.map((role) => roleTable[role].label).join(', ')}</strong>{' '}
              with the e-mail <strong>{invitation.email}</strong>. Next you will set up an authenticator app, which
              every staff member needs.
            </p>
            {accept.isError ? (
              <p role="alert" className={alert}>
                {errorMessage(accept.error) ?? staffMessages.invitationInvalid}
              </p>
            ) : null}
            {invitation.accountExists ? (
              signedInAs === invitation.email && !session.mfaStep ? (
                <Button className="w-full" disabled={accept.isPending} onClick={() => accept.mutate({ token })}>
                  {accept.isPending ? 'Accepting...' : 'Accept invitation'}
                </Button>
              ) : (
                <div className="space-y-3">
                  <p className="text-sm text-navy-700">
                    {signedInAs ? staffMessages.invitationOtherAccount : staffMessages.invitationSignIn}
                  </p>
                  {signedInAs ? null : (
                    <Link to="/login" className="text-sm font-medium text-accent-700 underline underline-offset-2">
                      Go to sign in
                    </Link>
                  )}
                </div>
              )
            ) : (
              <form onSubmit={submit} noValidate className="space-y-4">
                <AuthField
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  placeholder="Create a password (min 6 characters)"
                  error={fieldError}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <Button type="submit" className="w-full" disabled={accept.isPending}>
                  {accept.isPending ? 'Creating...' : 'Create account and continue'}
                </Button>
              </form>
            )}
          </div>
        )}
      </div>
    </Container>
  );
}
