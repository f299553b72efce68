import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  type AbandonedCheckout,
  abandonedMessages,
  abandonedPageSchema,
  abandonedRule,
  type UpdateAbandonedRequest,
} from '../../../shared/flows/abandoned-schemas';
import { customerFallbacks } from '../../../shared/lists';
import { adminMessages } from '../../../shared/admin/admin-schemas';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { money, moment, orText } from '../shell/format';
import { ListResults } from '../shell/list-results';
import { ListToolbar } from '../shell/list-toolbar';
import { useAdminList } from '../shell/use-admin-list';

const kindLabels = { order: 'Order', registration: 'Quote / registration' } as const;

/** /admin/abandoned: checkouts not completed within an hour, for sales follow-up; mark contacted with a note, Export CSV. */
export function AbandonedPage() {
  // The CSV route asks abandoned.manage, the page's own permission.
  const { state, update, list, exportHref } = useAdminList({
    resource: 'abandoned',
    schema: abandonedPageSchema,
    filters: ({ search, status, from, to }) => ({ search, status, from, to }),
  });
  const [editing, setEditing] = useState<AbandonedCheckout | null>(null);

  const columns: ColumnDef<AbandonedCheckout, unknown>[] = [
    {
      header: 'Contact',
      cell: ({ row }) => (
        <div>
          <div className="font-medium">{orText(row.original.name, customerFallbacks.noName)}</div>
          <div>{row.original.email}</div>
          {row.original.phone ? <div>{row.original.phone}</div> : null}
        </div>
      ),
    },
    { header: 'Company', cell: ({ row }) => orText(row.original.company, customerFallbacks.notProvided) },
    { header: 'Flow', cell: ({ row }) => kindLabels[row.original.kind] },
    { header: 'Step reached', cell: ({ row }) => row.original.stepReached },
    { header: 'Configuration', cell: ({ row }) => orText(row.original.configurationName, '—') },
    {
      header: 'Value',
      cell: ({ row }) => (row.original.currency ? money(row.original.totalAmount, row.original.currency) : '—'),
    },
    { header: 'Last activity', cell: ({ row }) => moment(row.original.lastActivityAt) },
    { header: 'Ordered later', cell: ({ row }) => (row.original.laterOrdered ? 'Yes' : 'No') },
    {
      header: 'Follow-up',
      cell: ({ row }) => (
        <div className="space-y-1">
          <div>
            {row.original.contacted
              ? `Contacted${row.original.contactedAt ? ` ${moment(row.original.contactedAt)}` : ''}`
              : 'Not contacted'}
          </div>
          {row.original.note ? <div className="text-navy-600">{row.original.note}</div> : null}
          <Button size="sm" variant="outline" onClick={() => setEditing(row.original)}>
            {row.original.contacted ? 'Edit follow-up' : 'Mark contacted'}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section>
      <AdminHeading title="Abandoned checkouts" />
      <div className="mb-4 max-w-3xl space-y-1 text-sm text-navy-700" aria-label="The rule of this list">
        {abandonedRule.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <ListToolbar
        key={state.search}
        state={state}
        update={update}
        searchLabel="E-mail, name or company"
        statuses={[
          { value: 'open', label: 'Not contacted' },
          { value: 'contacted', label: 'Contacted' },
        ]}
        exportHref={exportHref}
      />
      <ListResults
        query={list}
        caption="Abandoned checkouts"
        columns={columns}
        loading="Loading abandoned checkouts..."
        failed={abandonedMessages.loadFailed}
        empty={abandonedMessages.empty}
        state={state}
        update={update}
      />
      {editing ? <FollowUpDialog key={editing.id} item={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

/** The "Mark contacted" dialog: the flag (ticked on opening; untick to clear it) and a note, saved with PATCH /api/admin/abandoned/{id}. */
function FollowUpDialog({ item, onClose }: { item: AbandonedCheckout; onClose: () => void }) {
  const [contacted, setContacted] = useState(true);
  const [note, setNote] = useState(item.note ?? '');
  const invalidate = useInvalidateAdmin();
  const save = useMutation({
    mutationFn: (body: UpdateAbandonedRequest) =>
      adminApi(z.unknown(), `/abandoned/${item.id}`, { method: 'PATCH', body }),
    onSuccess: () => {
      toast.success(abandonedMessages.saved);
      void invalidate();
      onClose();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : adminMessages.unexpected),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ contacted, note });
  };
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-navy-900">Mark contacted</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-navy-600">{item.email}</Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-4">
            <label className="flex items-center gap-2 text-sm text-navy-900">
              <input type="checkbox" checked={contacted} onChange={(event) => setContacted(event.target.checked)} />
              Contacted
            </label>
            <label className="block text-sm text-navy-900">
              Note
              <textarea
                className="mt-1 block w-full rounded-md border border-navy-200 p-2 text-sm"
                rows={4}
                maxLength={2000}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </label>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                Save
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
