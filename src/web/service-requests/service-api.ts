import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateServiceRequest,
  type DecontaminationRequest,
  instrumentForServiceSchema,
  serviceRequestAnswerSchema,
  serviceRequestListSchema,
} from '../../shared/service-requests/service-contracts';
import { api, ApiError } from '../lib/api-client';

const keyQuery = (key: string | null) => (key ? `?key=${encodeURIComponent(key)}` : '');
const notFoundIsFinal = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status === 404) && failures < 1;

/** GET /api/service-requests/instrument: the instrument a request is about, if it is the visitor's. */
export const useServiceInstrument = (serial: string, guest: { order: string; key: string } | null, enabled: boolean) =>
  useQuery({
    queryKey: ['service-instrument', serial, guest?.order, guest?.key],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ serial });
      if (guest) {
        params.set('order', guest.order);
        params.set('key', guest.key);
      }
      const answer = await api<unknown>(`/api/service-requests/instrument?${params.toString()}`, { signal });
      return instrumentForServiceSchema.parse((answer as { instrument: unknown }).instrument);
    },
    enabled: enabled && serial !== '',
    retry: notFoundIsFinal,
  });

/** POST /api/service-requests. */
export const useOpenServiceRequest = () =>
  useMutation({
    mutationFn: async (body: CreateServiceRequest) =>
      serviceRequestAnswerSchema.parse(await api<unknown>('/api/service-requests', { body })).request,
  });

/** GET /api/service-requests/{requestNumber}: the owner's, or a guest's with the order's key. */
export const useServiceRequest = (requestNumber: string, key: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['service-request', requestNumber, key],
    queryFn: async ({ signal }) =>
      serviceRequestAnswerSchema.parse(
        await api<unknown>(`/api/service-requests/${encodeURIComponent(requestNumber)}${keyQuery(key)}`, { signal }),
      ).request,
    enabled,
    retry: notFoundIsFinal,
  });

/** POST /api/service-requests/{requestNumber}/decontamination (issue 41): the customer signs the declaration. */
export const useDeclareDecontamination = (requestNumber: string, key: string | null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: DecontaminationRequest) =>
      serviceRequestAnswerSchema.parse(
        await api<unknown>(`/api/service-requests/${encodeURIComponent(requestNumber)}/decontamination`, {
          body: key ? { ...body, key } : body,
        }),
      ).request,
    onSuccess: (request) => client.setQueryData(['service-request', requestNumber, key], request),
  });
};

/** GET /api/service-requests: the signed-in customer's requests. */
export const useServiceRequests = (enabled: boolean) =>
  useQuery({
    queryKey: ['service-requests'],
    queryFn: async ({ signal }) =>
      serviceRequestListSchema.parse(await api<unknown>('/api/service-requests', { signal })).requests,
    enabled,
  });
