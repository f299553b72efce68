import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { firstAdminSchema, type FirstAdminValues } from '../../shared/accounts/first-admin-schemas';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { errorMessage } from './auth-request';
import { AuthField } from './auth-field';
import { createFirstAdmin, useSetupLinkStatus } from './first-admin-setup';
import { refreshSession } from '../lib/use-session';

/**
 * The first admin without the command line (`/setup?token=…`, printed by `npm start` while no admin
 * exists): an e-mail and a password make the admin, who is signed in and led straight into the
 * authenticator set-up (the admin's blocking setup modal), then sees the Admin Portal link.
 */
export function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useSetupLinkStatus(token);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FirstAdminValues>({
    resolver: zodResolver(firstAdminSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await createFirstAdmin({ ...values, token });
      await refreshSession();
      navigate('/my-account?tab=settings', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error) ?? 'Failed to create the admin account. Please try again.');
    }
  });

  const invalid = token === '' || status.data?.valid === false || status.isError;
  return (
    <Container className="flex justify-center py-16">
      <PageHead
        title="Set up the shop | Dropwise"
        description="Create the first administrator of this Dropwise shop."
        noindex
      />
      <div className="w-full max-w-md rounded-xl border border-navy-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight text-navy-900">Create the first administrator</h1>
        {invalid ? (
          <div className="mt-4 space-y-3">
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              This set-up link is invalid, has expired or has already been used. Restart the shop to print a new one, or
              sign in if an administrator exists.
            </p>
            <Link to="/login" className="text-sm font-medium text-accent-700 underline underline-offset-2">
              Go to sign in
            </Link>
          </div>
        ) : status.isPending ? (
          <p role="status" className="mt-4 text-sm text-navy-600">
            Checking the set-up link...
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            <p className="text-sm text-navy-700">
              This account runs the shop. Next you will set up an authenticator app, which every administrator needs.
            </p>
            {failure ? (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                {failure}
              </p>
            ) : null}
            <AuthField
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <AuthField
              label="Password"
              type="password"
              autoComplete="new-password"
              placeholder="Create a password (min 6 characters)"
              error={errors.password?.message}
              {...register('password')}
            />
            <Button type="submit" className="w-full" disabled={isSubmitting}>
              {isSubmitting ? 'Creating...' : 'Create admin account'}
            </Button>
          </form>
        )}
      </div>
    </Container>
  );
}
