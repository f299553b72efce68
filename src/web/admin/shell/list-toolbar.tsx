import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button';
import type { ListState } from './use-list-state';

const field = 'h-9 rounded-md border border-navy-200 bg-white px-2 text-sm text-navy-900';

/** A filter of the toolbar: All, or one of the options. */
function FilterSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="text-sm text-navy-700">
      <span className="block">{label}</span>
      <select className={field} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {options.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Search, filters, created date range and Export CSV of the current filter. */
export function ListToolbar({
  state,
  update,
  statuses,
  paymentStatuses,
  exportHref,
  searchLabel,
  filters,
  dates = true,
}: {
  state: ListState;
  update: (changes: Partial<ListState>) => void;
  statuses?: { value: string; label: string }[];
  paymentStatuses?: { value: string; label: string }[];
  exportHref?: string;
  searchLabel: string;
  /** A list's own filters (useListState's `ownFilters`). */
  filters?: {
    label: string;
    options: { value: string; label: string }[];
    value: string;
    onChange: (value: string) => void;
  }[];
  /** The created date range; off for a list whose API has none. */
  dates?: boolean;
}) {
  const [search, setSearch] = useState(state.search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ search: search.trim() });
  };
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <form role="search" onSubmit={submit} className="flex items-end gap-2">
        <label className="text-sm text-navy-700">
          <span className="block">Search</span>
          <input
            type="search"
            className={`${field} w-64`}
            value={search}
            placeholder={searchLabel}
            aria-label={searchLabel}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <Button type="submit" size="sm" variant="outline">
          Search
        </Button>
      </form>
      {statuses ? (
        <FilterSelect
          label="Status"
          options={statuses}
          value={state.status}
          onChange={(status) => update({ status })}
        />
      ) : null}
      {paymentStatuses ? (
        <FilterSelect
          label="Payment"
          options={paymentStatuses}
          value={state.paymentStatus}
          onChange={(paymentStatus) => update({ paymentStatus })}
        />
      ) : null}
      {filters?.map((filter) => (
        <FilterSelect key={filter.label} {...filter} />
      ))}
      {dates ? (
        <>
          <label className="text-sm text-navy-700">
            <span className="block">From</span>
            <input
              type="date"
              className={field}
              value={state.from}
              onChange={(e) => update({ from: e.target.value })}
            />
          </label>
          <label className="text-sm text-navy-700">
            <span className="block">To</span>
            <input type="date" className={field} value={state.to} onChange={(e) => update({ to: e.target.value })} />
          </label>
        </>
      ) : null}
      {exportHref ? (
        <a
          href={exportHref}
          download
          className="ml-auto inline-flex h-9 items-center rounded-md border border-navy-200 bg-white px-3 text-sm font-medium text-navy-900 hover:bg-navy-50"
        >
          Export CSV
        </a>
      ) : null}
    </div>
  );
}

export function Pagination({
  state,
  total,
  update,
}: {
  state: ListState;
  total: number;
  update: (changes: Partial<ListState>) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / state.pageSize));
  return (
    <div className="mt-4 flex items-center justify-between text-sm text-navy-700">
      <span>
        {total} result{total === 1 ? '' : 's'} · page {state.page} of {pages}
      </span>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" disabled={state.page <= 1} onClick={() => update({ page: state.page - 1 })}>
          Previous
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={state.page >= pages}
          onClick={() => update({ page: state.page + 1 })}
        >
          Next
        </Button>
      </div>
    </div>
  );
}

export function StateMessage({ children, tone = 'muted' }: { children: React.ReactNode; tone?: 'muted' | 'error' }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'rounded-md border border-red-300 bg-red-50 p-4 text-red-800'
          : 'p-6 text-center text-navy-600'
      }
    >
      {children}
    </p>
  );
}
