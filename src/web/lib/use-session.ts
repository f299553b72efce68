import { useEffect, useSyncExternalStore } from 'react';
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

/**
 * The session as the browser knows it: one small store for every screen, outside TanStack Query.
 * The navigation shows it on every page, the home page included, and the query client would put
 * about 7 KB gzip into the home page's first load (its 110 KB budget); TanStack Query loads with
 * the screens that use it (src/web/lib/with-queries.tsx). Before the first answer (and during
 * prerendering) it reads as signed out, so a prerendered page hydrates with the markup it was
 * rendered with.
 */
interface SessionState {
  data?: SessionData;
  failed: boolean;
  /** When `data` arrived (0: never, or forgotten so that the next reader asks again). */
  at: number;
}

let state: SessionState = { failed: false, at: 0 };
let inFlight: Promise<SessionData> | undefined;
/** The latest request: an answer to an earlier one (sent before a sign-in, say) is not shown. */
let latest = 0;
const listeners = new Set<() => void>();

const setState = (next: SessionState) => {
  state = next;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function request(): Promise<SessionData> {
  const id = ++latest;
  const answer = fetchSession().then(
    (data) => {
      if (id === latest) setState({ data, failed: false, at: Date.now() });
      return data;
    },
    (error: unknown) => {
      if (id === latest) setState({ ...state, failed: true });
      throw error;
    },
  );
  inFlight = answer.finally(() => {
    if (id === latest) inFlight = undefined;
  });
  return inFlight;
}

/** Reads the session unless a read is on its way: screens that ask together share the answer. */
const loadSession = () => inFlight ?? request();

/** Re-reads the session now (after sign-in, MFA, profile changes) and updates every screen that shows it. */
export const refreshSession = () => request();

/** The session ended (signed out, account closed): every screen shows signed out at once. */
export const setSignedOut = () => {
  latest++;
  inFlight = undefined;
  setState({ data: { user: null }, failed: false, at: Date.now() });
};

/** Forgets the session entirely, as on a fresh page load (component tests, between tests). */
export const forgetSession = () => {
  latest++;
  inFlight = undefined;
  setState({ failed: false, at: 0 });
};

/** The session, read from the store and re-read when older than a minute. */
export function useSession() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => undefined,
  );
  const stale = !current || Date.now() - current.at > SESSION_STALE_MS;
  useEffect(() => {
    if (stale) void loadSession().catch(() => undefined);
  }, [stale]);
  const data = current?.data;
  const isError = current?.failed === true && data === undefined;
  const isSuccess = data !== undefined;
  return {
    data,
    isPending: !isSuccess && !isError,
    isSuccess,
    isError,
    refetch: refreshSession,
    ...describeSession(data),
  } as
    | (ReturnType<typeof describeSession> & {
        data: SessionData;
        isPending: false;
        isSuccess: true;
        isError: false;
        refetch: typeof refreshSession;
      })
    | (ReturnType<typeof describeSession> & {
        data: undefined;
        isPending: boolean;
        isSuccess: false;
        isError: boolean;
        refetch: typeof refreshSession;
      });
}

/** Re-reads the session (after sign-in, MFA or sign-out). */
export const useRefreshSession = () => refreshSession;
