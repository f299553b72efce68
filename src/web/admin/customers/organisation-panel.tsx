import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  adminCustomerOrganisationSchema,
  adminOrganisationsAnswerSchema,
  organisationMessages,
  organisationRoleLabels,
  type OrganisationRole,
  organisationRoles,
  organisationSettingsSchema,
} from '../../../shared/accounts/organisation-schemas';
import type { CustomerDetail } from '../../../shared/customers/customer-schemas';
import { adminMessages } from '../../../shared/admin/admin-schemas';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, queryString, useInvalidateAdmin } from '../shell/admin-api';
import { day } from '../shell/format';
import { usePermissions } from '../shell/permissions';
import { isStepUpCancelled, useStepUp } from '../shell/step-up-dialog';

/** "December 2026" for a YYYY-MM month. */
const monthOf = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const card = 'rounded-lg border border-navy-100 bg-white p-4';
const selectClass = 'h-9 rounded-md border border-navy-200 bg-white px-2 text-sm text-navy-900';

/** Staff pick an organisation (same-name ones first) and a role; a fresh step-up, then audited. */
function AddToOrganisation({
  customerKey,
  suggested,
}: {
  customerKey: string;
  suggested: CustomerDetail['sameNameOrganisations'];
}) {
  const [search, setSearch] = useState('');
  const [organisationId, setOrganisationId] = useState(suggested[0]?.id ?? '');
  const [role, setRole] = useState<OrganisationRole>('buyer');
  const found = useQuery({
    queryKey: ['admin', 'organisations', search],
    queryFn: () =>
      adminApi(adminOrganisationsAnswerSchema, `/organisations${queryString({ search: search || undefined })}`),
    enabled: search.trim() !== '',
  });
  const choices = [
    ...suggested,
    ...(found.data?.organisations ?? []).filter((o) => !suggested.some((s) => s.id === o.id)),
  ];
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const add = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        adminApi(
          z.object({ organisation: adminCustomerOrganisationSchema }),
          `/customers/${encodeURIComponent(customerKey)}/organisation`,
          { method: 'POST', body: { organisationId, role } },
        ),
      ),
    onSuccess: () => {
      toast.success(organisationMessages.added);
      void invalidate();
    },
    onError: (error) => {
      if (isStepUpCancelled(error)) return;
      toast.error(error instanceof ApiError ? error.message : adminMessages.unexpected);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = choices.find((choice) => choice.id === organisationId);
    if (!chosen) return;
    if (
      window.confirm(
        `Add this customer to ${chosen.name} (${chosen.ownerEmail}) as ${organisationRoleLabels[role]}? They will see the organisation's quotes, orders, instruments and documents.`,
      )
    )
      add.mutate();
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-2" aria-label="Add to organisation">
      {suggested.length > 0 ? (
        <p className="text-sm text-navy-700">
          Organisations with the same name exist. Customers are never merged on their own: add this one if they belong
          together.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          aria-label="Find an organisation"
          placeholder="Find an organisation"
          className="h-9 rounded-md border border-navy-200 px-2 text-sm"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <select
          aria-label="Organisation"
          className={selectClass}
          value={organisationId}
          onChange={(event) => setOrganisationId(event.target.value)}
        >
          <option value="">Choose an organisation</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name} ({choice.ownerEmail}, {choice.members} members)
            </option>
          ))}
        </select>
        <select
          aria-label="Role"
          className={selectClass}
          value={role}
          onChange={(event) => setRole(event.target.value as OrganisationRole)}
        >
          {organisationRoles.map((value) => (
            <option key={value} value={value}>
              {organisationRoleLabels[value]}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" disabled={organisationId === '' || add.isPending}>
          Add to organisation
        </Button>
      </div>
      {dialog}
    </form>
  );
}

type OrganisationSetting = 'ordersRequireAcceptedQuote' | 'ordersRequirePoNumber';

const settingWords: Record<OrganisationSetting, { label: string; hint: string }> = {
  ordersRequireAcceptedQuote: {
    label: 'Orders need an accepted quote',
    hint: "An order from one of this organisation's quotes is refused until an approver or the owner accepts the quote. The shop-wide setting applies as well.",
  },
  ordersRequirePoNumber: {
    label: 'Orders require a PO number',
    hint: "The order flow asks this organisation's members for their PO number before its last step, and an order without one is refused. The shop-wide setting applies as well.",
  },
};

/** One of the organisation's order rules (issue 39): customers.edit, a fresh step-up, audited. */
function OrganisationRequirement({
  organisationId,
  setting,
  value,
}: {
  organisationId: string;
  setting: OrganisationSetting;
  value: boolean;
}) {
  const { can } = usePermissions();
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const save = useMutation({
    mutationFn: (next: boolean) =>
      withStepUp(() =>
        adminApi(organisationSettingsSchema, `/organisations/${encodeURIComponent(organisationId)}/settings`, {
          method: 'PUT',
          body: { [setting]: next },
        }),
      ),
    onSuccess: () => {
      toast.success('Organisation settings saved');
      void invalidate();
    },
    onError: (error) => {
      if (isStepUpCancelled(error)) return;
      toast.error(error instanceof ApiError ? error.message : adminMessages.unexpected);
    },
  });
  return (
    <div className="mt-3">
      <label className="flex items-center gap-2 text-sm text-navy-900">
        <input
          type="checkbox"
          checked={value}
          disabled={!can('customers.edit') || save.isPending}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
        />
        {settingWords[setting].label}
      </label>
      <p className="text-xs text-navy-600">{settingWords[setting].hint}</p>
      {dialog}
    </div>
  );
}

/** "E-mail statement": to the customer and their organisation's accounts payable, each once. */
export function EmailStatementButton({ customerKey }: { customerKey: string }) {
  const send = useMutation({
    mutationFn: () =>
      adminApi(
        z.object({ sentTo: z.array(z.string()) }),
        `/customers/${encodeURIComponent(customerKey)}/statement/send`,
        { method: 'POST', body: {} },
      ),
    onSuccess: (answer) => toast.success(`Statement e-mailed to ${answer.sentTo.join(', ')}`),
    onError: (error) => toast.error(error instanceof ApiError ? error.message : adminMessages.unexpected),
  });
  return (
    <Button variant="outline" size="sm" disabled={send.isPending} onClick={() => send.mutate()}>
      {send.isPending ? 'Sending...' : 'E-mail statement'}
    </Button>
  );
}

/** A customer's organisation on their admin page (issue 39): name, owner, members and roles; "Add to organisation". */
export function OrganisationPanel({ customerKey, detail }: { customerKey: string; detail: CustomerDetail }) {
  const { can } = usePermissions();
  const { organisation, sameNameOrganisations, customer } = detail;
  if (customer.kind !== 'account') return null;
  return (
    <section className={card} aria-labelledby="customer-organisation">
      <h2 id="customer-organisation" className="mb-2 text-lg font-semibold text-navy-900">
        Organisation
      </h2>
      {organisation ? (
        <>
          <p className="text-sm text-navy-700">
            <strong>{organisation.name}</strong>, owned by {organisation.ownerEmail}
          </p>
          <ul className="mt-2 divide-y divide-navy-100 text-sm">
            {organisation.members.map((member) => (
              <li key={member.userId} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span>
                  {member.name ? `${member.name} · ` : ''}
                  {member.email}
                  {member.isOwner ? ' (owner)' : ''}
                </span>
                <span className="text-navy-600">
                  {organisationRoleLabels[member.role]} · since {day(member.joinedAt)}
                </span>
              </li>
            ))}
          </ul>
          <OrganisationRequirement
            organisationId={organisation.id}
            setting="ordersRequireAcceptedQuote"
            value={organisation.ordersRequireAcceptedQuote}
          />
          <OrganisationRequirement
            organisationId={organisation.id}
            setting="ordersRequirePoNumber"
            value={organisation.ordersRequirePoNumber}
          />
          <p className="mt-2 text-sm text-navy-600">
            {organisation.lastStatement
              ? `Monthly statement to accounts payable: last sent ${day(organisation.lastStatement.sentAt)} (${monthOf(organisation.lastStatement.period)}) to ${organisation.lastStatement.recipients === 1 ? '1 address' : `${organisation.lastStatement.recipients} addresses`}.`
              : 'Monthly statement to accounts payable: none sent yet.'}
          </p>
        </>
      ) : (
        <p className="text-sm text-navy-600">Not in an organisation.</p>
      )}
      {!organisation && can('customers.edit') ? (
        <AddToOrganisation customerKey={customerKey} suggested={sameNameOrganisations} />
      ) : null}
    </section>
  );
}
