import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import {
  type AdminQuoteDetail,
  adminQuoteDetailSchema,
  quoteAdminMessages,
} from '../../../shared/quotes/quote-admin-schemas';
import { customerFallbacks } from '../../../shared/lists';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { QuoteBadge } from '../shell/badges';
import { DetailLoadFailed } from '../shell/detail-load-failed';
import { day, money, moment } from '../shell/format';
import { usePermissions } from '../shell/permissions';
import { StaffNoteForm } from '../shell/staff-note-form';
import { isStepUpCancelled, useStepUp } from '../shell/step-up-dialog';
import { QuoteOrganisationPanel } from './quote-extension-panel';
import { SendSupplierPack } from '../profile/supplier-pack-section';

const card = 'rounded-lg border border-navy-100 bg-white p-4';
const failed = (error: unknown) =>
  toast.error(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

/** The quote's lines and totals, from its document model (the one its PDF is drawn from). */
function QuoteLines({ detail }: { detail: AdminQuoteDetail }) {
  const { document } = detail;
  return (
    <section className={card} aria-labelledby="quote-lines-heading">
      <h2 id="quote-lines-heading" className="text-lg font-semibold text-navy-900">
        Lines and totals
      </h2>
      <div className="overflow-x-auto">
        <table className="mt-2 min-w-full text-left text-sm">
          <caption className="sr-only">Quote lines</caption>
          <thead className="text-navy-700">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Item
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Qty
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Unit price
              </th>
              <th scope="col" className="py-1 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {document.lines.map((line, index) => (
              <tr key={`${line.name}-${index}`} className="border-t border-navy-100">
                <td className="py-1 pr-3">{line.name}</td>
                <td className="py-1 pr-3 text-right">{line.quantity}</td>
                <td className="py-1 pr-3 text-right">{line.freeLabel ?? money(line.unitPrice, document.currency)}</td>
                <td className="py-1 text-right">{line.freeLabel ?? money(line.total, document.currency)}</td>
              </tr>
            ))}
            {document.totals.map((total) => (
              <tr key={total.label} className={total.emphasis ? 'border-t border-navy-200 font-semibold' : ''}>
                <td colSpan={3} className="py-1 pr-3 text-right">
                  {total.label}
                </td>
                <td className="py-1 text-right">{money(total.amount, document.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {document.notes.map((note) => (
        <p key={note} className="mt-2 text-sm text-navy-600">
          {note}
        </p>
      ))}
    </section>
  );
}

/**
 * Extend a sent or expired quote not yet ordered: a new last day of validity, at most a year ahead,
 * after a fresh code (issue 48, F5: the rule of approving a buyer's extension).
 */
function ExtendValidity({ detail, onDone }: { detail: AdminQuoteDetail; onDone: (next: AdminQuoteDetail) => void }) {
  const [date, setDate] = useState('');
  const { withStepUp, dialog } = useStepUp();
  const extend = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        adminApi(adminQuoteDetailSchema, `/quotes/${detail.quote.id}/extend`, {
          method: 'POST',
          body: { validUntil: date },
        }),
      ),
    onSuccess: (next) => {
      toast.success(quoteAdminMessages.extended);
      setDate('');
      onDone(next);
    },
    onError: (error) => {
      if (!isStepUpCancelled(error)) failed(error);
    },
  });
  return (
    <form
      aria-label="Extend validity"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (date) extend.mutate();
      }}
    >
      <label className="text-sm text-navy-800">
        New valid-until date
        <input
          type="date"
          required
          className="mt-1 block rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm"
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
      </label>
      <Button type="submit" size="sm" disabled={extend.isPending}>
        Extend validity
      </Button>
      {dialog}
    </form>
  );
}

/** /admin/quotes/{quoteNumber}: the quote, the order it became, extend, resend and staff notes. */
export function QuoteDetailPage() {
  const { key = '' } = useParams();
  const { can } = usePermissions();
  const invalidate = useInvalidateAdmin();
  const [answer, setAnswer] = useState<AdminQuoteDetail | null>(null);
  const quote = useQuery({
    queryKey: ['admin', 'quote', key],
    queryFn: () => adminApi(adminQuoteDetailSchema, `/quotes/${encodeURIComponent(key)}`),
  });
  const resend = useMutation({
    mutationFn: (id: string) => adminApi(adminQuoteDetailSchema, `/quotes/${id}/resend`, { method: 'POST', body: {} }),
    onSuccess: (next) => {
      toast.success(quoteAdminMessages.resent);
      done(next);
    },
    onError: failed,
  });
  const done = (next: AdminQuoteDetail) => {
    setAnswer(next);
    void invalidate();
  };

  if (quote.isPending) return <PageLoading label="Loading quote..." />;
  if (quote.isError)
    return (
      <DetailLoadFailed
        error={quote.error}
        notFound={quoteAdminMessages.notFound}
        failed="Failed to load the quote. Please try again."
        back="/admin/quotes"
        backLabel="Back to quotes"
      />
    );
  const detail = answer && answer.quote.id === quote.data.quote.id ? answer : quote.data;
  const { quote: q } = detail;
  const editable = can('orders.edit');
  return (
    <article className="space-y-4">
      <AdminHeading title={`Quote ${q.quoteNumber}`}>
        <QuoteBadge status={q.status} />
      </AdminHeading>
      <p className="text-sm text-navy-600">
        Created {moment(q.createdAt)} ·{' '}
        <Link to="/admin/quotes" className="underline">
          Back to quotes
        </Link>{' '}
        ·{' '}
        <a className="underline" href={`/quote/${encodeURIComponent(q.reference)}`}>
          Customer&apos;s quote page
        </a>{' '}
        ·{' '}
        <a className="underline" href={`/api/quotes/${encodeURIComponent(q.reference)}/pdf`}>
          Download PDF
        </a>
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className={card} aria-labelledby="quote-customer-heading">
          <h2 id="quote-customer-heading" className="text-lg font-semibold text-navy-900">
            Customer
          </h2>
          {q.customer ? (
            <>
              <p className="text-sm">{q.customer.name}</p>
              <p className="text-sm text-navy-700">{q.customer.email}</p>
              <p className="text-sm text-navy-700">{q.customer.organization || customerFallbacks.notProvided}</p>
              <p className="text-sm text-navy-700">{q.customer.country}</p>
              {/* Issue 39: the supplier pack to the buyer (or their purchasing team), with the bank details. */}
              <div className="mt-3 border-t border-navy-100 pt-3">
                <SendSupplierPack defaultEmail={q.customer.email} />
              </div>
            </>
          ) : (
            <p className="text-sm text-navy-600">{customerFallbacks.notProvided}</p>
          )}
        </section>
        <section className={card} aria-labelledby="quote-validity-heading">
          <h2 id="quote-validity-heading" className="text-lg font-semibold text-navy-900">
            Validity and order
          </h2>
          <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-navy-600">Valid until</dt>
            <dd data-testid="quote-valid-until">{q.validUntil ? day(q.validUntil) : 'No expiry'}</dd>
            <dt className="text-navy-600">Order</dt>
            <dd>
              {q.order ? (
                <Link className="font-medium text-accent-700 underline" to={`/admin/orders/${q.order.id}`}>
                  {q.order.orderNumber}
                </Link>
              ) : (
                'Not ordered'
              )}
            </dd>
          </dl>
          {editable && (detail.canExtend || detail.canResend) ? (
            <div className="mt-3 space-y-3 border-t border-navy-100 pt-3">
              {detail.canExtend ? <ExtendValidity detail={detail} onDone={done} /> : null}
              {detail.canResend ? (
                <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate(q.id)}>
                  Resend quote e-mail
                </Button>
              ) : null}
            </div>
          ) : null}
        </section>
      </div>
      <QuoteOrganisationPanel detail={detail} editable={editable} onDone={done} />
      <QuoteLines detail={detail} />
      <section className={card} aria-labelledby="quote-notes-heading">
        <h2 id="quote-notes-heading" className="text-lg font-semibold text-navy-900">
          Staff notes
        </h2>
        {detail.notes.length === 0 ? (
          <p className="text-sm text-navy-600">No notes yet.</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {detail.notes.map((note) => (
              <li key={note.id} className="border-l-2 border-accent-300 pl-3 text-sm">
                <p className="whitespace-pre-line text-navy-900">{note.text}</p>
                <p className="text-xs text-navy-600">
                  {moment(note.createdAt)} · {note.authorEmail ?? 'Former staff member'}
                </p>
              </li>
            ))}
          </ol>
        )}
        {editable ? (
          <StaffNoteForm
            formLabel="Add a staff note"
            fieldLabel="Staff note (never shown to the customer)"
            submitLabel="Add note"
            maxLength={2000}
            save={(text) =>
              adminApi(adminQuoteDetailSchema, `/quotes/${q.id}/notes`, { method: 'POST', body: { text } })
            }
            onSaved={done}
            onError={failed}
          />
        ) : null}
      </section>
    </article>
  );
}
