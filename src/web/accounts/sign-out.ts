import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../app/api-client';
import { sessionQueryKey } from './use-session';

export const signOut = () => api<{ ok: true }>('/api/auth/signout', { method: 'POST' });

/** POST /api/auth/signout; afterwards the browser forgets everything it cached about the user. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      client.setQueryData(sessionQueryKey, { user: null });
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    },
  });
}

/** Signs out and goes to `to`; a failure shows "Failed to sign out" (the toast library loads only then). */
export function useSignOutAndLeave() {
  const mutation = useSignOut();
  const navigate = useNavigate();
  const leave = useCallback(
    (to: string) =>
      mutation.mutate(undefined, {
        onSuccess: () => navigate(to),
        onError: () => void import('sonner').then(({ toast }) => toast.error('Failed to sign out')),
      }),
    [mutation, navigate],
  );
  return { signOutTo: leave, isPending: mutation.isPending };
}
