import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type InviteMemberRequest,
  organisationAnswerSchema,
  organisationInvitationSchema,
  type OrganisationRole,
} from '../../shared/accounts/organisation-schemas';
import type { EInvoiceDelivery } from '../../shared/einvoice/einvoice-delivery';
import { api } from '../lib/api-client';

const key = ['account', 'organisation'] as const;

/** GET /api/account/organisation: the customer's organisation, or null. */
export const fetchAccountOrganisation = async () =>
  organisationAnswerSchema.parse(await api<unknown>('/api/account/organisation'));
export const useAccountOrganisation = () => useQuery({ queryKey: key, queryFn: fetchAccountOrganisation });

/** Every change answers with the organisation as it now is; the quotes, orders and instruments lists change with it. */
function useOrganisationChange<Input>(request: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['account'] });
    },
  });
}

/** POST /api/account/organisation. */
export const useCreateOrganisation = () =>
  useOrganisationChange(async (name: string | undefined) =>
    organisationAnswerSchema.parse(
      await api<unknown>('/api/account/organisation', { method: 'POST', body: name ? { name } : {} }),
    ),
  );

/** POST /api/account/organisation/invitations. */
export const useInviteMember = () =>
  useOrganisationChange(async (body: InviteMemberRequest) =>
    z
      .object({ invitation: organisationInvitationSchema })
      .parse(await api<unknown>('/api/account/organisation/invitations', { method: 'POST', body })),
  );

/** DELETE /api/account/organisation/invitations/{id}. */
export const useRevokeInvitation = () =>
  useOrganisationChange(async (id: string) =>
    organisationAnswerSchema.parse(
      await api<unknown>(`/api/account/organisation/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    ),
  );

/** PUT /api/account/organisation/members/{userId}/role. */
export const useChangeMemberRole = () =>
  useOrganisationChange(async (input: { userId: string; role: OrganisationRole }) =>
    organisationAnswerSchema.parse(
      await api<unknown>(`/api/account/organisation/members/${encodeURIComponent(input.userId)}/role`, {
        method: 'PUT',
        body: { role: input.role },
      }),
    ),
  );

/** DELETE /api/account/organisation/members/{userId}. */
export const useRemoveMember = () =>
  useOrganisationChange(async (userId: string) =>
    organisationAnswerSchema.parse(
      await api<unknown>(`/api/account/organisation/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    ),
  );

/** PUT /api/account/organisation/einvoice-delivery (the owner, issue 52). */
export const useSetOrganisationEInvoiceDelivery = () =>
  useOrganisationChange(async (einvoiceDelivery: EInvoiceDelivery) =>
    organisationAnswerSchema.parse(
      await api<unknown>('/api/account/organisation/einvoice-delivery', { method: 'PUT', body: { einvoiceDelivery } }),
    ),
  );

/** POST /api/account/organisation/leave. */
export const useLeaveOrganisation = () =>
  useOrganisationChange(async () =>
    organisationAnswerSchema.parse(await api<unknown>('/api/account/organisation/leave', { method: 'POST', body: {} })),
  );
