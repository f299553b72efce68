import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { PageLoading } from '../../ui/page-loading';
import { DataTable } from './data-table';
import { Pagination, StateMessage } from './list-toolbar';
import type { ListState } from './use-list-state';

/** One page of an admin list: loading, the load error, the empty message, or the table and its pagination. */
export function ListResults<Row>({
  query,
  caption,
  columns,
  loading,
  failed,
  empty,
  state,
  update,
}: {
  query: UseQueryResult<{ items: Row[]; total: number }>;
  caption: string;
  columns: ColumnDef<Row, unknown>[];
  loading: string;
  failed: ReactNode;
  empty: ReactNode;
  state: ListState;
  update: (changes: Partial<ListState>) => void;
}) {
  if (query.isPending) return <PageLoading label={loading} />;
  if (query.isError) return <StateMessage tone="error">{failed}</StateMessage>;
  if (query.data.items.length === 0) return <StateMessage>{empty}</StateMessage>;
  return (
    <>
      <DataTable caption={caption} columns={columns} data={query.data.items} />
      <Pagination state={state} total={query.data.total} update={update} />
    </>
  );
}
