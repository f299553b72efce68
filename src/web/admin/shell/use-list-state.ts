import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface ListState {
  search: string;
  status: string;
  paymentStatus: string;
  from: string;
  to: string;
  page: number;
  pageSize: number;
}

const noFilters: readonly string[] = [];

/**
 * A list's search, filters and page, kept in the URL so a filtered view can be shared and survives reload.
 * `ownFilters` names a list's filters beyond these (the service list's `warranty`), read into `filters`
 * and changed with `update({}, { warranty: 'in' })`.
 */
export function useListState(ownFilters: readonly string[] = noFilters) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(
    () => Object.fromEntries(ownFilters.map((name) => [name, params.get(name) ?? ''])) as Record<string, string>,
    [params, ownFilters],
  );
  const state: ListState = useMemo(
    () => ({
      search: params.get('search') ?? '',
      status: params.get('status') ?? '',
      paymentStatus: params.get('paymentStatus') ?? '',
      from: params.get('from') ?? '',
      to: params.get('to') ?? '',
      page: Math.max(1, Number(params.get('page')) || 1),
      pageSize: [10, 25, 50, 100].includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 25,
    }),
    [params],
  );
  const update = useCallback(
    (changes: Partial<ListState>, filterChanges: Record<string, string> = {}) => {
      const next = { ...state, ...changes };
      // A new filter starts again on page 1.
      if (!('page' in changes)) next.page = 1;
      const out = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...filters, ...filterChanges }))
        if (value !== '') out.set(key, value);
      for (const [key, value] of Object.entries(next)) {
        if (value === '' || (key === 'page' && value === 1) || (key === 'pageSize' && value === 25)) continue;
        out.set(key, String(value));
      }
      setParams(out, { replace: true });
    },
    [setParams, state, filters],
  );
  return { state, update, filters };
}
