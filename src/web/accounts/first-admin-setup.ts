import { useQuery } from '@tanstack/react-query';
import { type FirstAdminValues, setupStatusSchema, setupUserSchema } from '../../shared/accounts/first-admin-schemas';
import { authRequest } from './auth-request';

/** Whether a set-up link still works (GET /api/setup/status). */
export const useSetupLinkStatus = (token: string) =>
  useQuery({
    queryKey: ['setup-status', token],
    queryFn: async () =>
      setupStatusSchema.parse(await authRequest<unknown>(`/api/setup/status?token=${encodeURIComponent(token)}`)),
    enabled: token !== '',
    retry: false,
  });

/** Creates the first admin and signs them in (POST /api/setup/admin). */
export const createFirstAdmin = async (values: FirstAdminValues & { token: string }) =>
  setupUserSchema.parse(await authRequest<unknown>('/api/setup/admin', { method: 'POST', body: values }));
