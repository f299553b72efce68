import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '../../shared/accounts/auth-schemas';
import { api } from '../app/api-client';
import { refreshSession, type SessionProfile } from './use-session';

/** PUT /api/account/profile. */
export const updateProfile = (body: ProfileUpdate) => api<{ profile: SessionProfile }>('/api/account/profile', { method: 'PUT', body });
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: () => refreshSession(client) });
}
