import { useMutation } from '@tanstack/react-query';
import { profileAnswerSchema } from '../../shared/accounts/account-contracts';
import type { ProfileUpdate } from '../../shared/accounts/auth-schemas';
import { api } from '../lib/api-client';
import { refreshSession } from '../lib/use-session';

/** PUT /api/account/profile. */
export const updateProfile = async (body: ProfileUpdate) =>
  profileAnswerSchema.parse(await api<unknown>('/api/account/profile', { method: 'PUT', body }));
export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: () => refreshSession() });
}
