import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  closeAccountAnswerSchema,
  type CloseAccountRequest,
  dataExportAnswerSchema,
} from '../../shared/privacy/privacy-contracts';
import { authRequest } from './auth-request';

const latestExportSchema = z.object({ export: dataExportAnswerSchema.nullable() });
export const dataExportKey = ['account', 'data-export'] as const;

/** GET /api/account/data-export: the latest copy asked for; polled while it is being built. */
export function useLatestExport() {
  return useQuery({
    queryKey: dataExportKey,
    queryFn: async () => latestExportSchema.parse(await authRequest<unknown>('/api/account/data-export')).export,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3000 : false),
  });
}

/** POST /api/account/data-export. */
export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string | undefined) =>
      dataExportAnswerSchema.parse(
        await authRequest<unknown>('/api/account/data-export', { method: 'POST', body: code ? { code } : {} }),
      ),
    onSuccess: (answer) => client.setQueryData(dataExportKey, answer),
  });
}

/** POST /api/account/close. */
export const closeAccount = async (body: CloseAccountRequest) =>
  closeAccountAnswerSchema.parse(await authRequest<unknown>('/api/account/close', { method: 'POST', body }));
