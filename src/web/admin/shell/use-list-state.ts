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

/** A list's search, filters and page, kept in the URL so a filtered view can be shared and survives reload. */
export function useListState() {
  const [params, setParams] = useSearchParams();
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
    (changes: Partial<ListState>) => {
      const next = { ...state, ...changes };
      // A new filter starts again on page 1.
      if (!('page' in changes)) next.page = 1;
      // A list's own filters (useUrlFilter) stay as they are.
      const out = new URLSearchParams(params);
      for (const [key, value] of Object.entries(next)) {
        out.delete(key);
        if (value === '' || (key === 'page' && value === 1) || (key === 'pageSize' && value === 25)) continue;
        out.set(key, String(value));
      }
      setParams(out, { replace: true });
    },
    [params, setParams, state],
  );
  return { state, update };
}

/** A filter one list has beyond ListState (e.g. the customers' kind), kept in the URL as `name`; a change goes back to page 1. */
export function useUrlFilter(name: string) {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  const set = useCallback(
    (next: string) => {
      const out = new URLSearchParams(params);
      if (next) out.set(name, next);
      else out.delete(name);
      out.delete('page');
      setParams(out, { replace: true });
    },
    [name, params, setParams],
  );
  return [value, set] as const;
}
