import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OkAnswer } from '../../shared/accounts/auth-contracts';
import { abortReads, api } from './api-client';
import { setSignedOut } from './use-session';

/**
 * Where the last sign-out was going, for a moment: the router navigates in a transition, so a
 * signed-in page may see itself signed out first; its redirect then goes here instead of /login.
 */
let lastSignOut: { to: string; at: number } | null = null;
export const signOutDestination = (fallback: string) =>
  lastSignOut && Date.now() - lastSignOut.at < 3000 ? lastSignOut.to : fallback;

/** The session ended by other means (the account closed): the signed-in page's redirect goes to `to`. */
export function noteSignedOutTo(to: string) {
  lastSignOut = { to, at: Date.now() };
}

/** POST /api/auth/signout; typed by the shared contract, not parsed: the navigation of every page carries it, and the home page has no room for zod. */
export const signOut = () => api<OkAnswer>('/api/auth/signout', { method: 'POST' });

/**
 * POST /api/auth/signout, then to `to`: the browser forgets what it cached about the user in the
 * same turn as the navigation. A failure shows "Failed to sign out" (the toast library loads only
 * then). Plain state rather than a mutation hook, as the navigation of every page carries it.
 */
export function useSignOutAndLeave() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const signOutTo = useCallback(
    (to: string) => {
      setPending(true);
      // The page's reads still in flight would be answered after the session ended: refused (401).
      abortReads();
      signOut()
        .then(() => {
          lastSignOut = { to, at: Date.now() };
          navigate(to);
          setSignedOut();
          client.removeQueries();
        })
        .catch(() => void import('sonner').then(({ toast }) => toast.error('Failed to sign out')))
        .finally(() => setPending(false));
    },
    [client, navigate],
  );
  return { signOutTo, isPending };
}
