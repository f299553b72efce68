import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  type Organisation,
  organisationMessages,
  organisationRoleDescriptions,
  organisationRoleLabels,
  type OrganisationRole,
  organisationRoles,
} from '../../shared/accounts/organisation-schemas';
import { Button } from '../ui/button';
import { AuthField } from './auth-field';
import { errorMessage } from './auth-request';
import {
  useAccountOrganisation,
  useChangeMemberRole,
  useCreateOrganisation,
  useInviteMember,
  useLeaveOrganisation,
  useRemoveMember,
  useRevokeInvitation,
} from './account-organisation';

const alert = 'rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800';
const selectClass =
  'block h-10 rounded-md border border-navy-200 bg-white px-2 text-sm text-navy-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600';
const ukDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' }).format(new Date(iso));

function RoleSelect(props: {
  value: OrganisationRole;
  onChange: (role: OrganisationRole) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <select
      aria-label={props.label}
      className={selectClass}
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.target.value as OrganisationRole)}
    >
      {organisationRoles.map((role) => (
        <option key={role} value={role}>
          {organisationRoleLabels[role]}
        </option>
      ))}
    </select>
  );
}

/** No organisation yet: create one, named as the profile's organisation unless typed. */
function CreateOrganisation({ company }: { company: string | null }) {
  const create = useCreateOrganisation();
  const [name, setName] = useState(company ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim() || undefined, { onSuccess: () => toast.success('Organisation created') });
  };
  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-4">
      <p className="text-sm text-navy-700">
        Create your organisation to invite colleagues: they will see its quotes, orders, instruments and documents
        without your password. An approver can accept quotes; accounts payable receives the invoices by e-mail.
      </p>
      {create.isError ? (
        <p role="alert" className={alert}>
          {errorMessage(create.error)}
        </p>
      ) : null}
      <AuthField
        label="Organisation name"
        name="organisation"
        autoComplete="organization"
        value={name}
        maxLength={200}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create organisation'}
      </Button>
    </form>
  );
}

function InviteForm() {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganisationRole>('buyer');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: () => {
          toast.success(organisationMessages.invited);
          setEmail('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="invite-heading">
      <h3 id="invite-heading" className="text-lg font-semibold text-navy-900">
        Invite a colleague
      </h3>
      {invite.isError ? (
        <p role="alert" className={alert}>
          {errorMessage(invite.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <AuthField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <label className="text-sm font-medium text-navy-900">
          Role
          <RoleSelect label="Role" value={role} onChange={setRole} />
        </label>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </div>
      <p className="text-sm text-navy-600">{organisationRoleDescriptions[role]} The link works once, for 7 days.</p>
    </form>
  );
}

function Members({ organisation }: { organisation: Organisation }) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const failure = changeRole.error ?? remove.error;
  return (
    <section aria-labelledby="members-heading" className="space-y-3">
      <h3 id="members-heading" className="text-lg font-semibold text-navy-900">
        Members
      </h3>
      {failure ? (
        <p role="alert" className={alert}>
          {errorMessage(failure)}
        </p>
      ) : null}
      <ul className="divide-y divide-navy-100 rounded-lg border border-navy-100 bg-white">
        {organisation.members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div>
              <p className="font-medium text-navy-900">
                {member.name ?? member.email}
                {member.isOwner ? <span className="ml-2 text-sm font-normal text-navy-500">(owner)</span> : null}
              </p>
              <p className="text-sm text-navy-600">
                {member.name ? `${member.email} · ` : ''}joined {ukDate(member.joinedAt)}
              </p>
            </div>
            {organisation.isOwner ? (
              <div className="flex items-center gap-2">
                <RoleSelect
                  label={`Role of ${member.email}`}
                  value={member.role}
                  disabled={changeRole.isPending}
                  onChange={(role) =>
                    changeRole.mutate(
                      { userId: member.userId, role },
                      { onSuccess: () => toast.success(organisationMessages.roleChanged) },
                    )
                  }
                />
                {member.isOwner ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (
                        window.confirm(
                          `Remove ${member.email} from ${organisation.name}? They will no longer see the organisation's quotes, orders and documents.`,
                        )
                      )
                        remove.mutate(member.userId, { onSuccess: () => toast.success(organisationMessages.removed) });
                    }}
                  >
                    Remove
                  </Button>
                )}
              </div>
            ) : (
              <span className="text-sm text-navy-700">{organisationRoleLabels[member.role]}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Invitations({ organisation }: { organisation: Organisation }) {
  const revoke = useRevokeInvitation();
  if (organisation.invitations.length === 0) return null;
  return (
    <section aria-labelledby="invitations-heading" className="space-y-3">
      <h3 id="invitations-heading" className="text-lg font-semibold text-navy-900">
        Open invitations
      </h3>
      <ul className="divide-y divide-navy-100 rounded-lg border border-navy-100 bg-white">
        {organisation.invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
            <span className="text-navy-900">
              {invitation.email} · {organisationRoleLabels[invitation.role]} ·{' '}
              {invitation.status === 'expired' ? 'expired' : `until ${ukDate(invitation.expiresAt)}`}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(invitation.id)}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LeaveOrganisation({ organisation }: { organisation: Organisation }) {
  const leave = useLeaveOrganisation();
  return (
    <div className="space-y-2">
      {leave.isError ? (
        <p role="alert" className={alert}>
          {errorMessage(leave.error)}
        </p>
      ) : null}
      <Button
        variant="outline"
        disabled={leave.isPending}
        onClick={() => {
          if (
            window.confirm(
              `Leave ${organisation.name}? You will no longer see its quotes, orders and documents, only your own.`,
            )
          )
            leave.mutate(undefined, { onSuccess: () => toast.success('You left the organisation') });
        }}
      >
        Leave organisation
      </Button>
    </div>
  );
}

/** My Account's Organisation tab (issue 39): the organisation, its members and, for its owner, their management. */
export function OrganisationTab({ company }: { company: string | null }) {
  const query = useAccountOrganisation();
  if (query.isPending)
    return (
      <p role="status" className="text-sm text-navy-600">
        Loading your organisation...
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className={alert}>
        Failed to load your organisation. Please try again.
      </p>
    );
  const organisation = query.data.organisation;
  return (
    <div className="max-w-3xl space-y-6">
      <h2 className="text-xl font-semibold text-navy-900">{organisation ? organisation.name : 'Organisation'}</h2>
      {organisation ? (
        <>
          <p className="text-sm text-navy-700">
            Your role: <strong>{organisationRoleLabels[organisation.role]}</strong>
            {organisation.isOwner ? ' (owner: you manage its members)' : ''}. You see the organisation&apos;s quotes,
            orders, instruments and documents in My Account.
          </p>
          <p data-testid="organisation-acceptance-rule" className="text-sm text-navy-700">
            {organisation.ordersRequireAcceptedQuote
              ? 'Orders need an accepted quote: an approver or the owner accepts a quote before it can be ordered. We set this for your organisation on request.'
              : 'Quotes can be ordered without being accepted first. An approver or the owner accepts quotes.'}
          </p>
          <Members organisation={organisation} />
          {organisation.isOwner ? (
            <>
              <Invitations organisation={organisation} />
              <InviteForm />
            </>
          ) : (
            <LeaveOrganisation organisation={organisation} />
          )}
        </>
      ) : (
        <CreateOrganisation company={company} />
      )}
    </div>
  );
}
