import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../app/api-client';

export interface SessionFactor {
  id: string;
  status: 'verified' | 'unverified';
  factorType: 'totp';
  friendlyName: string | null;
  createdAt: string;
}

export interface SessionProfile {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  company: string | null;
  country: string | null;
  isAdmin: boolean;
  emailVerified: boolean;
  createdAt: string;
}

/** GET /api/auth/session. */
export interface SessionData {
  user: { id: string; email: string } | null;
  profile?: SessionProfile;
  aal?: 'aal1' | 'aal2';
  nextAal?: 'aal1' | 'aal2';
  factors?: SessionFactor[];
  expiresAt?: string;
  message?: string;
}

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
  return { signedIn, isAdmin, hasVerifiedFactor, needsChallenge, needsAdminSetup, mfaStep: needsChallenge || needsAdminSetup };
}

/**
 * The session as the browser knows it. Before the first answer (and during prerendering) it
 * reads as signed out, so a prerendered page hydrates with the markup it was rendered with.
 */
export function useSession() {
  const query = useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 });
  return { ...query, ...describeSession(query.data) };
}

/** Re-reads the session (after sign-in, MFA or sign-out). */
export function useRefreshSession() {
  const client = useQueryClient();
  return useCallback(() => client.fetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 0 }), [client]);
}
