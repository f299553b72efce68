import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Profile } from '../../shared/accounts/account-contracts';
import type { Factor, SessionAnswer } from '../../shared/accounts/auth-contracts';
import { api } from './api-client';

/**
 * GET /api/auth/session, typed by the shared contract (src/shared/accounts/auth-contracts) but not
 * parsed with it: every page, the home page included, reads the session, and zod in the home page's
 * first load would cost far more than its budget has left (docs/decisions/0023-shared-route-contracts.md).
 */
export type SessionData = SessionAnswer;
export type SessionFactor = Factor;
export type SessionProfile = Profile;

export const sessionQueryKey = ['session'] as const;

export const fetchSession = () => api<SessionData>('/api/auth/session');

/** What the screens need to know about the signed-in state (the server decides; this is for display). */
export function describeSession(data: SessionData | undefined) {
  const signedIn = Boolean(data?.user);
  const hasVerifiedFactor = data?.factors?.some((f) => f.status === 'verified') ?? false;
  const isAdmin = data?.profile?.isAdmin ?? false;
  /** A verified factor at aal1: the challenge must be passed. */
  const needsChallenge = signedIn && data?.aal === 'aal1' && data.nextAal === 'aal2';
  /** An admin without a verified factor: blocked by the setup modal. */
  const needsAdminSetup = signedIn && isAdmin && !hasVerifiedFactor;
  return {
    signedIn,
    isAdmin,
    hasVerifiedFactor,
    needsChallenge,
    needsAdminSetup,
    mfaStep: needsChallenge || needsAdminSetup,
  };
}

const SESSION_STALE_MS = 60_000;

/** Re-reads the session now (after sign-in, MFA, profile changes) and updates every screen that shows it. */
export const refreshSession = (client: QueryClient) =>
  client.fetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 0 });

/**
 * The session as the browser knows it, kept in the TanStack Query cache under ['session'].
 * Read through a cache subscription rather than `useQuery`: the navigation shows it on every page,
 * including the home page, whose first-load budget the query observer would cost about 3 KB gzip.
 * Before the first answer (and during prerendering) it reads as signed out, so a prerendered page
 * hydrates with the markup it was rendered with.
 */
export function useSession() {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === sessionQueryKey[0]) onChange();
      }),
    [client],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => client.getQueryState<SessionData>(sessionQueryKey),
    () => undefined,
  );
  const stale = !state || state.isInvalidated || Date.now() - state.dataUpdatedAt > SESSION_STALE_MS;
  useEffect(() => {
    if (stale)
      void client
        .fetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: SESSION_STALE_MS })
        .catch(() => undefined);
  }, [client, stale]);
  const data = state?.data;
  const isError = state?.status === 'error' && data === undefined;
  const isSuccess = data !== undefined;
  const refetch = useCallback(() => refreshSession(client), [client]);
  return {
    data,
    isPending: !isSuccess && !isError,
    isSuccess,
    isError,
    refetch,
    ...describeSession(data),
  } as
    | (ReturnType<typeof describeSession> & {
        data: SessionData;
        isPending: false;
        isSuccess: true;
        isError: false;
        refetch: typeof refetch;
      })
    | (ReturnType<typeof describeSession> & {
        data: undefined;
        isPending: boolean;
        isSuccess: false;
        isError: boolean;
        refetch: typeof refetch;
      });
}

/** Re-reads the session (after sign-in, MFA or sign-out). */
export function useRefreshSession() {
  const client = useQueryClient();
  return useCallback(() => refreshSession(client), [client]);
}
