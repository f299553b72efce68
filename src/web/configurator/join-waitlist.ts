import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** POST /api/waitlist: 201 when added, 409 `already_signed_up` when the address is already there. */
export const joinWaitlist = (email: string) => api<{ email: string }>('/api/waitlist', { body: { email } });

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
