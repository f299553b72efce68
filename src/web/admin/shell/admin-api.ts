import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { ApiError, type ApiRequest, api } from '../../lib/api-client';

/** Calls /api/admin/… and parses the answer with the shared schema. */
export async function adminApi<T extends z.ZodType>(
  schema: T,
  path: string,
  request: ApiRequest = {},
): Promise<z.infer<T>> {
  return schema.parse(await api<unknown>(`/api/admin${path}`, request));
}

/**
 * A 403 for lack of privileges (not a missing step-up, nor a permission the staff member's roles
 * lack, which the page answers with "You don't have access to this"): the browser signs the admin
 * out (spec section 6).
 */
export const isPrivilegeError = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 401 || (error.status === 403 && !isStepUpError(error) && !isNoAccessError(error)));
export const isNoAccessError = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.code === 'no_access';
/** A missing step-up; `passkey_step_up_required` when this action takes only a passkey (Require Passkeys for Payments). */
export const isStepUpError = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 403 &&
  (error.code === 'step_up_required' || error.code === 'passkey_step_up_required');

/** The list query string of the current URL state, without empty values. */
export function queryString(values: Record<string, string | number | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Invalidates every admin query (after a write). */
export function useInvalidateAdmin() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: ['admin'] }), [client]);
}
