import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { passwordMessage } from '../../shared/accounts/auth-schemas';
import {
  acceptOrganisationInvitationAnswerSchema,
  organisationInvitationPreviewSchema,
  organisationMessages,
  organisationRoleDescriptions,
  organisationRoleLabels,
} from '../../shared/accounts/organisation-schemas';
import { PageHead } from '../lib/page-head';
import { refreshSession, useSession } from '../lib/use-session';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { AuthField } from './auth-field';
import { authRequest, errorMessage } from './auth-request';

const alert = 'rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800';

/**
 * `/organisation-invitation?token=…`, the link of an organisation owner's invitation (issue 39): the
 * invitee signs in with the invited address and accepts, or creates their account with a password
 * (the link proves the mailbox). Then My Account shows the organisation's quotes, orders and documents.
 */
export function OrganisationInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const preview = useQuery({
    queryKey: ['organisation-invitation', token],
    queryFn: async () =>
      organisationInvitationPreviewSchema.parse(
        await authRequest<unknown>('/api/organisation-invitations/preview', { method: 'POST', body: { token } }),
      ),
    enabled: token !== '',
    retry: false,
  });
  const accept = useMutation({
    mutationFn: async (body: { token: string; password?: string }) =>
      acceptOrganisationInvitationAnswerSchema.parse(
        await authRequest<unknown>('/api/organisation-invitations/accept', { method: 'POST', body }),
      ),
    onSuccess: async () => {
      await refreshSession();
      navigate('/my-account?tab=organisation', { replace: true });
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
      <PageHead title="Organisation invitation | Dropwise" description="Join your organisation." noindex />
      <div className="w-full max-w-md rounded-xl border border-navy-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight text-navy-900">
          {invitation ? `Join ${invitation.organisationName}` : 'Join your organisation'}
        </h1>
        {token === '' || preview.isError ? (
          <div className="mt-4 space-y-3">
            <p role="alert" className={alert}>
              {organisationMessages.invitationInvalid}
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
              You are invited as <strong>{organisationRoleLabels[invitation.role]}</strong> with the e-mail{' '}
              <strong>{invitation.email}</strong>: you will see the organisation&apos;s quotes, orders, instruments and
              documents. {organisationRoleDescriptions[invitation.role]}
            </p>
            {accept.isError ? (
              <p role="alert" className={alert}>
                {errorMessage(accept.error) ?? organisationMessages.invitationInvalid}
              </p>
            ) : null}
            {invitation.accountExists ? (
              signedInAs === invitation.email && !session.mfaStep ? (
                <Button className="w-full" disabled={accept.isPending} onClick={() => accept.mutate({ token })}>
                  {accept.isPending ? 'Joining...' : 'Join the organisation'}
                </Button>
              ) : (
                <div className="space-y-3">
                  <p className="text-sm text-navy-700">
                    {signedInAs ? organisationMessages.invitationOtherAccount : organisationMessages.invitationSignIn}
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
                  {accept.isPending ? 'Creating...' : 'Create account and join'}
                </Button>
              </form>
            )}
          </div>
        )}
      </div>
    </Container>
  );
}
