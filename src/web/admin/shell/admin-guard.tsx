import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { SecurityErrorScreen } from '../../ui/security-error-screen';
import { signOutDestination, useSignOutAndLeave } from '../../lib/sign-out';
import { useSession } from '../../lib/use-session';
import { PageLoading } from '../../ui/page-loading';
import { isPrivilegeError } from './admin-api';

/**
 * Every /admin page: a signed-out visitor or a customer goes to / once loading ends; an admin at
 * aal1 meets the challenge first (the app's MFA gate shows it). If the server refuses an admin
 * query for lack of privileges, the browser signs them out.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const client = useQueryClient();
  const { signOutTo } = useSignOutAndLeave();

  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.query.queryKey[0] !== 'admin') return;
        if (event.query.state.status === 'error' && isPrivilegeError(event.query.state.error)) signOutTo('/');
      }),
    [client, signOutTo],
  );

  if (session.isError) return <SecurityErrorScreen message="Authentication service temporarily unavailable" />;
  if (session.isPending || session.mfaStep) return <PageLoading />;
  if (!session.data?.user || !session.isAdmin) return <Navigate to={signOutDestination('/')} replace />;
  return <>{children}</>;
}
