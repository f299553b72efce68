import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { adminMessages } from '../../../shared/admin/admin-schemas';
import { type Role, roleNames, roles as roleTable } from '../../../shared/staff/permissions';
import {
  type StaffMember,
  staffAnswerSchema,
  staffInvitationAnswerSchema,
  staffMemberAnswerSchema,
  staffMessages,
} from '../../../shared/staff/staff-schemas';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/use-session';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import { adminApi, queryString, useInvalidateAdmin } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { day, moment } from '../shell/format';
import { ListToolbar, Pagination, StateMessage } from '../shell/list-toolbar';
import { useListState, useUrlFilter } from '../shell/use-list-state';
import { useStepUp } from '../shell/step-up-dialog';

const field = 'h-9 rounded-md border border-navy-200 bg-white px-2 text-sm text-navy-900';
const card = 'rounded-lg border border-navy-100 bg-white p-4';
const label = (role: Role) => roleTable[role].label;

/** The question asked before an invitation goes out: who, and every role they will be granted. */
const inviteQuestion = (name: string, email: string, roles: Role[]) =>
  `Invite ${name} (${email}) as ${roles.map(label).join(', ')}?`;

/** Checkboxes for the roles, at least one ticked (the server checks it too). */
function RolePicker({ value, onChange, name }: { value: Role[]; onChange: (next: Role[]) => void; name: string }) {
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="sr-only">Roles</legend>
      {roleNames.map((role) => (
        <label key={role} className="inline-flex items-center gap-1.5 text-sm text-navy-800">
          <input
            type="checkbox"
            name={name}
            checked={value.includes(role)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, role] : value.filter((held) => held !== role))
            }
          />
          {label(role)}
        </label>
      ))}
    </fieldset>
  );
}

/** The roles of one staff member, edited in place (step-up, e-mailed to them). */
function RolesEditor({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const [value, setValue] = useState<Role[]>(member.roles);
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const save = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        adminApi(staffMemberAnswerSchema, `/staff/${member.id}/roles`, { method: 'PUT', body: { roles: value } }),
      ),
    onSuccess: () => {
      toast.success(staffMessages.rolesUpdated);
      void invalidate();
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
      toast.error(error instanceof ApiError ? error.message : adminMessages.unexpected);
    },
  });
  // The step-up dialog stays outside the form: its own form's submit would bubble (through the portal) into this one.
  return (
    <>
      {dialog}
      <form
        aria-label={`Roles of ${member.email}`}
        className="mt-2 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (value.length === 0) toast.error(staffMessages.rolesRequired);
          else save.mutate();
        }}
      >
        <RolePicker value={value} onChange={setValue} name={`roles-${member.id}`} />
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save roles'}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </>
  );
}

/** /admin/staff: staff and their roles, deactivation, and invitations (Owners: staff.manage). */
export function StaffPage() {
  const session = useSession();
  const { state, update } = useListState();
  const [role, setRole] = useUrlFilter('role');
  const qs = queryString({ search: state.search, role, page: state.page, pageSize: state.pageSize });
  const staff = useQuery({
    queryKey: ['admin', 'staff', qs],
    queryFn: () => adminApi(staffAnswerSchema, `/staff${qs}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const [editing, setEditing] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  // The person's name, so the Users and Staff lists name them from the start (issue 38).
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  // No role ticked until the Owner ticks one: a default tick went out with every invitation.
  const [inviteRoles, setInviteRoles] = useState<Role[]>([]);

  const run = useMutation({
    mutationFn: (input: {
      path: string;
      method: 'POST' | 'DELETE';
      body?: unknown;
      stepUp?: boolean;
      schema?: z.ZodType;
    }) => {
      const call = () =>
        adminApi(input.schema ?? z.unknown(), input.path, { method: input.method, body: input.body ?? {} });
      return input.stepUp ? withStepUp(call) : call();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
      toast.error(error instanceof ApiError ? error.message : adminMessages.unexpected);
    },
  });
  const act = (input: Parameters<typeof run.mutate>[0], done: string, after?: () => void) =>
    run.mutate(input, {
      onSuccess: () => {
        toast.success(done);
        void invalidate();
        after?.();
      },
    });

  const invite = (event: FormEvent) => {
    event.preventDefault();
    const granted = roleNames.filter((role) => inviteRoles.includes(role));
    if (granted.length === 0) {
      toast.error(staffMessages.rolesRequired);
      return;
    }
    if (firstName.trim() === '' || lastName.trim() === '') {
      toast.error(firstName.trim() === '' ? staffMessages.firstNameRequired : staffMessages.lastNameRequired);
      return;
    }
    if (!window.confirm(inviteQuestion(`${firstName.trim()} ${lastName.trim()}`, email, granted))) return;
    act(
      {
        path: '/staff/invitations',
        method: 'POST',
        body: { email, firstName, lastName, roles: granted },
        stepUp: true,
        schema: staffInvitationAnswerSchema,
      },
      staffMessages.invited,
      // The whole form empties: ticks left from the last invitation went out with the next one.
      () => {
        setEmail('');
        setFirstName('');
        setLastName('');
        setInviteRoles([]);
      },
    );
  };

  if (staff.isPending) return <PageLoading label="Loading staff..." />;
  if (staff.isError) return <StateMessage tone="error">{staffMessages.loadFailed}</StateMessage>;
  const members = staff.data.staff;
  const me = session.data?.user?.id;

  return (
    <section className="space-y-6">
      <AdminHeading title="Staff" />
      <section className={card} aria-labelledby="staff-heading">
        <h2 id="staff-heading" className="mb-3 text-lg font-semibold text-navy-900">
          Staff members ({staff.data.total})
        </h2>
        <ListToolbar
          key={state.search}
          state={state}
          update={update}
          searchLabel="E-mail or name"
          dates={false}
          filters={[
            {
              label: 'Role',
              options: roleNames.map((value) => ({ value, label: label(value) })),
              value: role,
              onChange: setRole,
            },
          ]}
          exportHref={`/api/admin/staff.csv${queryString({ search: state.search, role })}`}
        />
        {members.length === 0 ? (
          <StateMessage>No staff members match.</StateMessage>
        ) : (
          <ul className="divide-y divide-navy-100">
            {members.map((member) => (
              <li key={member.id} className="py-3" data-testid="staff-member">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-medium text-navy-900">
                      {member.name ?? member.email}
                      {member.id === me ? <span className="ml-2 text-sm text-navy-600">(you)</span> : null}
                    </p>
                    <p className="text-sm text-navy-600">
                      {member.email} · two-factor {member.mfaEnabled ? 'on' : 'not set up yet'} · since{' '}
                      {day(member.createdAt)}
                    </p>
                    <p className="mt-1 flex flex-wrap gap-1">
                      {member.roles.map((role) => (
                        <Badge key={role} className="border-accent-300 bg-accent-50 text-accent-800">
                          {label(role)}
                        </Badge>
                      ))}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button size="sm" variant="outline" onClick={() => setEditing(member.id)}>
                      Change roles
                    </Button>
                    {member.id === me ? null : (
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={run.isPending}
                        onClick={() => {
                          if (
                            window.confirm(
                              `Deactivate ${member.email}? Every session of theirs ends now and they keep no admin powers. Their audit history stays.`,
                            )
                          )
                            act(
                              { path: `/staff/${member.id}/deactivate`, method: 'POST', stepUp: true },
                              staffMessages.deactivated,
                            );
                        }}
                      >
                        Deactivate
                      </Button>
                    )}
                  </div>
                </div>
                {editing === member.id ? <RolesEditor member={member} onDone={() => setEditing(null)} /> : null}
              </li>
            ))}
          </ul>
        )}
        <Pagination state={state} total={staff.data.total} update={update} />
      </section>

      <section className={card} aria-labelledby="invite-heading">
        <h2 id="invite-heading" className="mb-3 text-lg font-semibold text-navy-900">
          Invite a staff member
        </h2>
        <form onSubmit={invite} className="space-y-3" aria-label="Invite a staff member">
          <div className="flex flex-wrap gap-3">
            <label className="block text-sm text-navy-800">
              First name
              <input
                required
                maxLength={100}
                autoComplete="off"
                className={`${field} ml-2 w-48`}
                value={firstName}
                onChange={(event) => setFirstName(event.target.value)}
              />
            </label>
            <label className="block text-sm text-navy-800">
              Last name
              <input
                required
                maxLength={100}
                autoComplete="off"
                className={`${field} ml-2 w-48`}
                value={lastName}
                onChange={(event) => setLastName(event.target.value)}
              />
            </label>
          </div>
          <label className="block text-sm text-navy-800">
            E-mail
            <input
              type="email"
              required
              className={`${field} ml-2 w-72`}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <RolePicker value={inviteRoles} onChange={setInviteRoles} name="invite-roles" />
          <p className="text-sm text-navy-600">
            The link works once, for 72 hours. They choose a password (or sign in) and set up an authenticator before
            the admin opens.
          </p>
          <Button type="submit" disabled={run.isPending}>
            Send invitation
          </Button>
        </form>
        <h3 className="mt-6 text-base font-semibold text-navy-900">Open invitations</h3>
        {staff.data.invitations.length === 0 ? (
          <StateMessage>No open invitations.</StateMessage>
        ) : (
          <ul className="divide-y divide-navy-100">
            {staff.data.invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                data-testid="invitation"
              >
                <span>
                  {invitation.name ? `${invitation.name} · ` : null}
                  {invitation.email} · {invitation.roles.map(label).join(', ')} ·{' '}
                  {invitation.status === 'expired' ? 'expired' : `expires ${moment(invitation.expiresAt)}`}
                </span>
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={run.isPending}
                    onClick={() =>
                      act({ path: `/staff/invitations/${invitation.id}/resend`, method: 'POST' }, staffMessages.resent)
                    }
                  >
                    Resend
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={run.isPending}
                    onClick={() => {
                      if (window.confirm(`Revoke the invitation of ${invitation.email}? The link stops working.`))
                        act(
                          { path: `/staff/invitations/${invitation.id}`, method: 'DELETE', stepUp: true },
                          staffMessages.revoked,
                        );
                    }}
                  >
                    Revoke
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {dialog}
    </section>
  );
}
