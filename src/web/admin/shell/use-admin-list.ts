import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Permission } from '../../../shared/staff/permissions';
import { adminApi, queryString } from './admin-api';
import { usePermissions } from './permissions';
import { type ListState, useListState } from './use-list-state';

type Filters = Record<string, string | number | undefined>;

/**
 * One admin list page's data: the URL state, the page GET /api/admin/{resource}, and the Export CSV
 * link of the same filter without the page. The query key ['admin', resource, query string] falls
 * under useInvalidateAdmin's ['admin'].
 */
export function useAdminList<T extends z.ZodType>({
  resource,
  schema,
  filters,
  exportNeeds,
  retry,
}: {
  resource: string;
  schema: T;
  /** What the list sends from the URL state, in query string order; page and pageSize follow. */
  filters: (state: ListState) => Filters;
  /**
   * The permission the Export CSV link needs beyond the page's own. Without it the link shows to
   * whoever sees the list, for lists whose CSV route asks only the list's permission.
   */
  exportNeeds?: Permission;
  retry?: boolean;
}) {
  const { can } = usePermissions();
  const { state, update } = useListState();
  const query = filters(state);
  const qs = queryString({ ...query, page: state.page, pageSize: state.pageSize });
  const list = useQuery({
    queryKey: ['admin', resource, qs],
    queryFn: () => adminApi(schema, `/${resource}${qs}`),
    placeholderData: keepPreviousData,
    ...(retry === undefined ? {} : { retry }),
  });
  const exportHref =
    exportNeeds === undefined || can(exportNeeds) ? `/api/admin/${resource}.csv${queryString(query)}` : undefined;
  return { state, update, list, exportHref };
}
