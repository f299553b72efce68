import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { customerFallbacks } from '../../../shared/lists';
import { type AdminUser, adminUserPageSchema, userMessages } from '../../../shared/staff/user-schemas';
import { adminMessages } from '../../../shared/admin/admin-schemas';
import { Badge } from '../../ui/badge';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { day, orText } from '../shell/format';
import { ListResults } from '../shell/list-results';
import { ListToolbar } from '../shell/list-toolbar';
import { useAdminList } from '../shell/use-admin-list';
import { useStepUp } from '../shell/step-up-dialog';
import { useSession } from '../../lib/use-session';
import { ResetFactorsDialog } from './reset-factors-dialog';

const loadError = (error: unknown) => {
  if (error instanceof ApiError && error.status === 429) return userMessages.usersTooMany;
  if (error instanceof ApiError && error.status >= 400) return userMessages.usersLoadFailed;
  return adminMessages.unexpected;
};

/**
 * /admin/users: profiles newest first; deactivate a staff member (staff join by invitation, on
 * /admin/staff), reset another user's lost authenticator (with the admin's own fresh code), let
 * another staff member add one passkey while passkeys are required for payments.
 */
export function UsersPage() {
  // No CSV of users.
  const { state, update, list } = useAdminList({
    resource: 'users',
    schema: adminUserPageSchema,
    filters: ({ search, status, from, to }) => ({ search, status, from, to }),
    retry: false,
  });
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const selfId = useSession().data?.user?.id;
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const action = useMutation({
    mutationFn: (run: { path: string; method: 'PATCH' | 'POST'; body?: unknown; done: string }) =>
      withStepUp(() => adminApi(z.unknown(), run.path, { method: run.method, body: run.body ?? {} })),
    onSuccess: (_answer, run) => {
      toast.success(run.done);
      void invalidate();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
      toast.error(error instanceof ApiError ? error.message : adminMessages.unexpected);
    },
  });

  const columns: ColumnDef<AdminUser, unknown>[] = [
    {
      header: 'Name',
      cell: ({ row }) =>
        orText([row.original.firstName, row.original.lastName].filter(Boolean).join(' '), customerFallbacks.noName),
    },
    { header: 'E-mail', cell: ({ row }) => row.original.email },
    { header: 'Company', cell: ({ row }) => orText(row.original.company, customerFallbacks.notProvided) },
    { header: 'Country', cell: ({ row }) => orText(row.original.country, customerFallbacks.notProvided) },
    {
      header: 'Role',
      cell: ({ row }) =>
        row.original.isAdmin ? (
          <Badge className="border-accent-300 bg-accent-50 text-accent-800">Admin</Badge>
        ) : (
          'Customer'
        ),
    },
    { header: 'Two-factor', cell: ({ row }) => (row.original.mfaEnabled ? 'On' : 'Off') },
    { header: 'Created', cell: ({ row }) => day(row.original.createdAt) },
    {
      header: 'Actions',
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-2">
          {row.original.isAdmin ? (
            <Button
              size="sm"
              variant="outline"
              disabled={action.isPending}
              onClick={() => {
                if (
                  window.confirm(
                    `Deactivate ${row.original.email}? Every session of theirs ends now and they keep no admin powers.`,
                  )
                )
                  action.mutate({
                    path: `/users/${row.original.id}`,
                    method: 'PATCH',
                    body: { isAdmin: false },
                    done: 'User updated',
                  });
              }}
            >
              Deactivate staff
            </Button>
          ) : null}
          {/* Your own second factors change in My Account, Settings, with a fresh code. */}
          {row.original.mfaEnabled && row.original.id !== selfId ? (
            <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => setResetting(row.original)}>
              Reset two-factor
            </Button>
          ) : null}
          {row.original.isAdmin && row.original.id !== selfId ? (
            <Button
              size="sm"
              variant="outline"
              disabled={action.isPending}
              onClick={() => {
                if (
                  window.confirm(
                    `Let ${row.original.email} add one passkey in the next 24 hours without an existing passkey? Only approve a request they made to you directly.`,
                  )
                )
                  action.mutate({
                    path: `/users/${row.original.id}/passkey-approval`,
                    method: 'POST',
                    done: 'They may add one passkey within 24 hours',
                  });
              }}
            >
              Approve a passkey
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <section>
      <AdminHeading title="Users" />
      <ListToolbar
        key={state.search}
        state={state}
        update={update}
        searchLabel="E-mail, name or company"
        statuses={[
          { value: 'admin', label: 'Admins' },
          { value: 'customer', label: 'Customers' },
        ]}
      />
      <ListResults
        query={list}
        caption="Users"
        columns={columns}
        loading="Loading users..."
        failed={
          <>
            <strong className="font-semibold">Security Error:</strong> {loadError(list.error)}
          </>
        }
        empty={userMessages.usersEmpty}
        state={state}
        update={update}
      />
      <ResetFactorsDialog
        user={resetting}
        onClose={() => setResetting(null)}
        onReset={() => {
          setResetting(null);
          toast.success('Two-factor reset');
          void invalidate();
        }}
      />
      {dialog}
    </section>
  );
}
