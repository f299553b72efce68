import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router';
import { adminUserPageSchema } from '../../../shared/staff/user-schemas';
import { auditEntityTypes, type AuditEntry, auditPageSchema } from '../../../shared/audit/audit-contracts';
import { PageLoading } from '../../ui/page-loading';
import { adminApi, queryString } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { DataTable } from '../shell/data-table';
import { moment } from '../shell/format';
import { StateMessage } from '../shell/list-toolbar';
import { Button } from '../../ui/button';
import { auditChanges } from './audit-changes';

const typeLabel = (type: string) => (auditEntityTypes as Record<string, string>)[type] ?? type;

/** The entity, linked to its admin page where there is one: an order by its number, a user to their entries. */
function EntityCell({ entry }: { entry: AuditEntry }) {
  if (entry.entityType === 'order')
    return (
      <Link to={`/admin/orders/${entry.entityId}`} className="font-medium text-accent-700 hover:underline">
        {entry.entityLabel ?? `Order ${entry.entityId.slice(0, 8)}`}
      </Link>
    );
  const name = `${typeLabel(entry.entityType)}: ${entry.entityType === 'user' ? entry.entityId.slice(0, 8) : entry.entityId}`;
  if (entry.entityType === 'user')
    return (
      <Link
        to={`/admin/audit?entityType=user&entityId=${encodeURIComponent(entry.entityId)}`}
        className="text-accent-700 hover:underline"
      >
        {name}
      </Link>
    );
  return <span>{name}</span>;
}

/** The fields the entry changed, before → after, with money formatted. */
function ChangesCell({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-navy-500">—</span>;
  return (
    <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-2 text-xs">
      {changes.map((change) => (
        <div key={change.field} className="contents">
          <dt className="font-medium text-navy-700">{change.field}</dt>
          <dd className="text-navy-900">
            {change.before && change.after ? `${change.before} → ${change.after}` : change.after || change.before}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const columns: ColumnDef<AuditEntry, unknown>[] = [
  { header: 'When', cell: ({ row }) => moment(row.original.createdAt) },
  { header: 'Admin', cell: ({ row }) => row.original.adminEmail },
  { header: 'Action', cell: ({ row }) => row.original.action },
  { header: 'Entity', cell: ({ row }) => <EntityCell entry={row.original} /> },
  { header: 'Changes', cell: ({ row }) => <ChangesCell entry={row.original} /> },
];

/** /admin/audit: every admin write, newest first, filterable by entity and admin; read only. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const state = {
    entityType: params.get('entityType') ?? '',
    entityId: params.get('entityId') ?? '',
    adminId: params.get('adminId') ?? '',
    page: Number(params.get('page')) || 1,
  };
  const qs = queryString(state);
  const audit = useQuery({
    queryKey: ['admin', 'audit', qs],
    queryFn: () => adminApi(auditPageSchema, `/audit${qs}`),
    placeholderData: keepPreviousData,
  });
  // The admins to filter by: today's admins, plus anyone on this page who made changes and has since lost the role.
  const admins = useQuery({
    queryKey: ['admin', 'users', 'admins'],
    queryFn: () => adminApi(adminUserPageSchema, '/users?status=admin&pageSize=100'),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const adminOptions = new Map<string, string>((admins.data?.items ?? []).map((admin) => [admin.id, admin.email]));
  for (const entry of audit.data?.items ?? [])
    if (entry.adminId && !adminOptions.has(entry.adminId)) adminOptions.set(entry.adminId, entry.adminEmail);
  if (state.adminId && !adminOptions.has(state.adminId)) adminOptions.set(state.adminId, state.adminId);
  const set = (changes: Partial<typeof state>) => {
    const next = { ...state, page: 1, ...changes };
    setParams(
      new URLSearchParams(
        Object.entries(next)
          .filter(([, v]) => v !== '' && v !== 1)
          .map(([k, v]) => [k, String(v)]),
      ),
      { replace: true },
    );
  };
  return (
    <section>
      <AdminHeading title="Audit log" />
      <label className="mb-4 inline-block text-sm text-navy-700">
        Entity
        <select
          className="ml-2 h-9 rounded-md border border-navy-200 px-2"
          value={state.entityType}
          onChange={(e) => set({ entityType: e.target.value, entityId: '' })}
        >
          <option value="">All</option>
          {Object.entries(auditEntityTypes).map(([type, name]) => (
            <option key={type} value={type}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="mb-4 ml-4 inline-block text-sm text-navy-700">
        Admin
        <select
          className="ml-2 h-9 rounded-md border border-navy-200 px-2"
          value={state.adminId}
          onChange={(e) => set({ adminId: e.target.value })}
        >
          <option value="">All admins</option>
          {[...adminOptions].map(([id, email]) => (
            <option key={id} value={id}>
              {email}
            </option>
          ))}
        </select>
      </label>
      {state.adminId || state.entityId ? (
        <Button size="sm" variant="ghost" className="ml-2" onClick={() => set({ adminId: '', entityId: '' })}>
          Clear filters
        </Button>
      ) : null}
      {audit.isPending ? (
        <PageLoading label="Loading audit log..." />
      ) : audit.isError ? (
        <StateMessage tone="error">Failed to load the audit log. Please try again.</StateMessage>
      ) : audit.data.items.length === 0 ? (
        <StateMessage>No audit entries yet.</StateMessage>
      ) : (
        <>
          <DataTable caption="Audit log" columns={columns} data={audit.data.items} />
          <div className="mt-4 flex justify-end gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={state.page <= 1}
              onClick={() => set({ page: state.page - 1 })}
            >
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={state.page * audit.data.pageSize >= audit.data.total}
              onClick={() => set({ page: state.page + 1 })}
            >
              Next
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
