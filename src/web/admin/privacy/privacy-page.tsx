import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  outcomeLabels,
  type PersonRecords,
  personRecordsSchema,
  type PrivacyRequest,
  privacyActionAnswerSchema,
  privacyRequestPageSchema,
  privacyRequestSchema,
} from '../../../shared/privacy/privacy-schemas';
import { erasureTerms } from '../../../shared/privacy/privacy-contracts';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, queryString, useInvalidateAdmin } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { day, money, moment } from '../shell/format';
import { useStepUp } from '../shell/step-up-dialog';

const input =
  'mt-1 block h-10 w-full rounded-md border border-navy-200 bg-white px-3 text-navy-900 focus-visible:outline-2 focus-visible:outline-accent-600';
const today = () => new Date().toISOString().slice(0, 10);
const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code === 'step_up_cancelled'
    ? null
    : error instanceof Error
      ? error.message
      : fallback;

/** Downloads a staff export as a file (the route needs a step-up, so it is fetched, not linked). */
async function downloadExport(id: string) {
  const response = await fetch(`/api/admin/privacy/exports/${id}`, { credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    throw new ApiError(response.status, body?.error?.code ?? 'http_error', body?.error?.message ?? 'Download failed');
  }
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `data-export-${id.slice(0, 8)}.zip`;
  anchor.click();
  URL.revokeObjectURL(url);
}

function PersonFindings({ person }: { person: PersonRecords }) {
  const nothing =
    person.accounts.length +
      person.orders.length +
      person.quotes.length +
      person.waitlist.length +
      person.incomplete.length ===
    0;
  if (nothing) return <p className="text-navy-700">Nothing is held under {person.email}.</p>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-label="Accounts" className="rounded-lg border border-navy-100 p-4">
        <h3 className="font-semibold text-navy-900">Accounts ({person.accounts.length})</h3>
        <ul className="mt-2 space-y-1 text-sm">
          {person.accounts.map((account) => (
            <li key={account.id}>
              {account.email} {account.name ? `· ${account.name}` : ''} {account.company ? `· ${account.company}` : ''}{' '}
              {account.isAdmin ? '· administrator' : ''} · since {day(account.createdAt)}
            </li>
          ))}
          {person.accounts.length === 0 ? <li className="text-navy-600">No account (guest).</li> : null}
        </ul>
      </section>
      <section aria-label="Orders" className="rounded-lg border border-navy-100 p-4">
        <h3 className="font-semibold text-navy-900">Orders ({person.orders.length})</h3>
        <ul className="mt-2 space-y-1 text-sm">
          {person.orders.map((order) => (
            <li key={order.id}>
              {order.orderNumber} · {day(order.createdAt)} · {money(order.totalAmount, order.currency)} · {order.status}
              {order.guest ? ' · guest' : ''}
              {order.legalHoldUntil
                ? ` · legal hold until ${order.legalHoldUntil}`
                : order.financial
                  ? ' · kept on erasure (invoices or payments)'
                  : ' · deleted on erasure'}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Quotes" className="rounded-lg border border-navy-100 p-4">
        <h3 className="font-semibold text-navy-900">Quotes ({person.quotes.length})</h3>
        <ul className="mt-2 space-y-1 text-sm">
          {person.quotes.map((quote) => (
            <li key={quote.id}>
              {quote.quoteNumber} · {day(quote.createdAt)} · {quote.status}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Waitlist and incomplete records" className="rounded-lg border border-navy-100 p-4">
        <h3 className="font-semibold text-navy-900">Waitlist and incomplete records</h3>
        <ul className="mt-2 space-y-1 text-sm">
          {person.waitlist.map((entry) => (
            <li key={entry.joinedAt}>
              USA waitlist since {day(entry.joinedAt)}
              {entry.leftAt ? ` (left ${day(entry.leftAt)})` : ''}
            </li>
          ))}
          {person.incomplete.map((record) => (
            <li key={record.id}>
              Incomplete {record.kind} · step {record.stepReached} · {moment(record.updatedAt)}
            </li>
          ))}
          {person.waitlist.length + person.incomplete.length === 0 ? <li className="text-navy-600">None.</li> : null}
        </ul>
      </section>
    </div>
  );
}

function LogRequestForm({ email, onLogged }: { email: string; onLogged: () => void }) {
  const [type, setType] = useState<'access' | 'erasure'>('erasure');
  const [channel, setChannel] = useState<'email' | 'post'>('email');
  const [receivedOn, setReceivedOn] = useState(today());
  const log = useMutation({
    mutationFn: () =>
      adminApi(z.object({ request: privacyRequestSchema }), '/privacy/requests', {
        method: 'POST',
        body: { email, type, channel, receivedOn },
      }),
    onSuccess: () => {
      toast.success('Request logged');
      onLogged();
    },
    onError: (error) => toast.error(failure(error, 'Failed to log the request') ?? ''),
  });
  return (
    <form
      className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-navy-100 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        log.mutate();
      }}
    >
      <label className="text-sm font-medium text-navy-900">
        Request
        <select
          aria-label="Request type"
          className={input}
          value={type}
          onChange={(e) => setType(e.target.value as 'access' | 'erasure')}
        >
          <option value="erasure">Erasure</option>
          <option value="access">Access (copy of data)</option>
        </select>
      </label>
      <label className="text-sm font-medium text-navy-900">
        Received by
        <select
          aria-label="Received by"
          className={input}
          value={channel}
          onChange={(e) => setChannel(e.target.value as 'email' | 'post')}
        >
          <option value="email">E-mail</option>
          <option value="post">Post</option>
        </select>
      </label>
      <label className="text-sm font-medium text-navy-900">
        Date received
        <input
          className={input}
          type="date"
          aria-label="Date received"
          max={today()}
          value={receivedOn}
          onChange={(e) => setReceivedOn(e.target.value)}
        />
      </label>
      <Button type="submit" size="sm" disabled={log.isPending}>
        Log request for {email}
      </Button>
    </form>
  );
}

function RequestActions({ request, email }: { request: PrivacyRequest; email: string | null }) {
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<unknown>, done: string, fallback: string) => {
    setBusy(true);
    try {
      await withStepUp(run);
      toast.success(done);
      setConfirming(false);
      await invalidate();
    } catch (error) {
      const message = failure(error, fallback);
      if (message) toast.error(message);
    } finally {
      setBusy(false);
    }
  };
  const action = (path: 'export' | 'erase') => () =>
    adminApi(privacyActionAnswerSchema, `/privacy/requests/${request.id}/${path}`, { method: 'POST', body: { email } });
  const close = (outcome: 'refused' | 'no_data') => () =>
    adminApi(privacyActionAnswerSchema, `/privacy/requests/${request.id}/close`, { method: 'POST', body: { outcome } });

  if (request.export?.status === 'ready')
    return (
      <>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => void act(() => downloadExport(request.export?.id ?? ''), 'Downloaded', 'Download failed')}
        >
          Download export
        </Button>
        {dialog}
      </>
    );
  if (request.export?.status === 'pending')
    return <span className="text-sm text-navy-600">Export being prepared…</span>;
  if (request.outcome !== 'open') return null;
  if (!email) return <span className="text-sm text-navy-600">Search the person&apos;s e-mail to act.</span>;
  return (
    <div className="space-y-2">
      {confirming ? (
        <div
          role="alertdialog"
          aria-label="Confirm erasure"
          className="space-y-2 rounded-md border border-red-200 p-3 text-sm"
        >
          <p className="font-medium">Erase everything held under {email}?</p>
          <ul className="list-disc pl-5">
            {erasureTerms.deleted.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="font-medium">Kept under legal hold:</p>
          <ul className="list-disc pl-5">
            {erasureTerms.kept.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="danger"
              disabled={busy}
              onClick={() => void act(action('erase'), 'Erased', 'Erasure failed')}
            >
              Erase now
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {request.type === 'access' ? (
            <Button
              size="sm"
              disabled={busy}
              onClick={() => void act(action('export'), 'Export requested', 'Export failed')}
            >
              Produce export
            </Button>
          ) : (
            <Button size="sm" variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
              Erase…
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => void act(close('no_data'), 'Closed', 'Failed')}
          >
            No data held
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => void act(close('refused'), 'Closed', 'Failed')}
          >
            Refuse
          </Button>
        </div>
      )}
      {dialog}
    </div>
  );
}

function Register({ email }: { email: string | null }) {
  const [status, setStatus] = useState<'all' | 'open' | 'closed'>('all');
  const [page, setPage] = useState(1);
  const qs = queryString({ status, page, pageSize: 25 });
  const list = useQuery({
    queryKey: ['admin', 'privacy', 'requests', qs],
    queryFn: () => adminApi(privacyRequestPageSchema, `/privacy/requests${qs}`),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.export?.status === 'pending') ? 3000 : false,
  });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / 25));
  return (
    <section aria-labelledby="register-heading" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="register-heading" className="text-xl font-semibold text-navy-900">
          Request register
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-sm text-navy-800">
            Show{' '}
            <select
              className="h-9 rounded-md border border-navy-200 px-2"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as 'all' | 'open' | 'closed');
                setPage(1);
              }}
            >
              <option value="all">All</option>
              <option value="open">Open</option>
              <option value="closed">Closed</option>
            </select>
          </label>
          <Button asChild size="sm" variant="outline">
            <a href={`/api/admin/privacy/requests.csv${queryString({ status })}`}>Export CSV</a>
          </Button>
        </div>
      </div>
      {list.isPending ? (
        <p>Loading…</p>
      ) : list.isError ? (
        <p role="alert">Failed to load the register.</p>
      ) : list.data.items.length === 0 ? (
        <p className="text-navy-700">No requests logged.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-navy-100 text-navy-600">
              <tr>
                <th className="py-2 pr-3">Received</th>
                <th className="py-2 pr-3">Deadline</th>
                <th className="py-2 pr-3">Type</th>
                <th className="py-2 pr-3">Person</th>
                <th className="py-2 pr-3">Channel</th>
                <th className="py-2 pr-3">Outcome</th>
                <th className="py-2 pr-3">Handled by</th>
                <th className="py-2">Action</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item) => (
                <tr key={item.id} className="border-b border-navy-50 align-top">
                  <td className="py-2 pr-3">{item.receivedOn}</td>
                  <td className={item.overdue ? 'py-2 pr-3 font-semibold text-red-700' : 'py-2 pr-3'}>
                    {item.deadline}
                    {item.overdue ? ' (overdue)' : ''}
                  </td>
                  <td className="py-2 pr-3">{item.type === 'access' ? 'Access' : 'Erasure'}</td>
                  <td className="py-2 pr-3">{item.subject}</td>
                  <td className="py-2 pr-3">{item.channel}</td>
                  <td className="py-2 pr-3">{outcomeLabels[item.outcome]}</td>
                  <td className="py-2 pr-3">{item.handledBy ?? '—'}</td>
                  <td className="py-2">
                    <RequestActions request={item} email={email} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-3 flex items-center gap-2 text-sm">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {page} of {pages}
            </span>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

/** /admin/privacy: requests from people by e-mail or post (guests have no account): search, log, export or erase. */
export function PrivacyPage() {
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState<string | null>(null);
  const invalidate = useInvalidateAdmin();
  const search = useQuery({
    queryKey: ['admin', 'privacy', 'search', email],
    queryFn: () => adminApi(personRecordsSchema, `/privacy/search${queryString({ email: email ?? '' })}`),
    enabled: email !== null,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim().toLowerCase();
    if (value) setEmail(value);
  };
  return (
    <section>
      <AdminHeading title="Privacy requests" />
      <form onSubmit={submit} className="flex max-w-xl items-end gap-2" role="search">
        <label className="flex-1 text-sm font-medium text-navy-900">
          Person&apos;s e-mail
          <input className={input} type="email" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <Button type="submit" size="sm">
          Search
        </Button>
      </form>
      <div className="mt-4">
        {email === null ? (
          <p className="text-sm text-navy-700">
            Search by e-mail to see everything held about a person: accounts, guest orders, quotes, waitlist and
            incomplete records.
          </p>
        ) : search.isPending ? (
          <p>Searching…</p>
        ) : search.isError ? (
          <p role="alert">{failure(search.error, 'Search failed')}</p>
        ) : (
          <>
            <PersonFindings person={search.data} />
            <LogRequestForm email={search.data.email} onLogged={() => void invalidate()} />
          </>
        )}
      </div>
      <Register email={search.data?.email ?? null} />
    </section>
  );
}
