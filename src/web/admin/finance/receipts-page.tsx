import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatUkDate } from '../../../shared/dates';
import { parseMoney } from '../../../shared/money';
import {
  type AccountReceipt,
  accountReceiptAnswerSchema,
  accountReceiptPageSchema,
} from '../../../shared/orders/account-receipts';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, queryString, useInvalidateAdmin } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { money } from '../shell/format';
import { StateMessage } from '../shell/list-toolbar';
import { useStepUp } from '../shell/step-up-dialog';

const field = 'mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';
const errorText = 'mt-1 block text-xs text-red-700';

type Errors = Record<string, string | undefined>;

const fieldsOf = (error: unknown): Errors => (error instanceof ApiError ? error.fields : {});
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'An unexpected error occurred');
const cancelled = (error: unknown) => error instanceof ApiError && error.code === 'step_up_cancelled';

/** Record a receipt that matches no invoice: on a customer's account, or unidentified with the bank reference. */
function RecordReceiptForm() {
  const id = useId();
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const [values, setValues] = useState({
    customerEmail: '',
    amount: '',
    currency: 'GBP',
    receivedOn: '',
    reference: '',
    note: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
  const record = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        adminApi(accountReceiptAnswerSchema, '/account-receipts', {
          method: 'POST',
          body: {
            customerEmail: values.customerEmail || null,
            amount: parseMoney(values.amount),
            currency: values.currency,
            receivedOn: values.receivedOn,
            reference: values.reference || null,
            note: values.note || null,
          },
        }),
      ),
    onSuccess: () => {
      toast.success('Receipt recorded on account');
      setValues({ customerEmail: '', amount: '', currency: values.currency, receivedOn: '', reference: '', note: '' });
      setErrors({});
      void invalidate();
    },
    onError: (error) => {
      if (cancelled(error)) return;
      setErrors(fieldsOf(error));
      toast.error(messageOf(error));
    },
  });
  const input = (name: keyof typeof values, label: string, extra: Record<string, string> = {}) => (
    <label className="text-sm text-navy-800" htmlFor={`${id}-${name}`}>
      {label}
      <input
        id={`${id}-${name}`}
        className={field}
        value={values[name]}
        onChange={set(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...extra}
      />
      {errors[name] ? (
        <span id={`${id}-${name}-error`} role="alert" className={errorText}>
          {errors[name]}
        </span>
      ) : null}
    </label>
  );
  return (
    <form
      aria-label="Record a receipt on account"
      className="grid gap-3 rounded-lg border border-navy-100 bg-white p-4 sm:grid-cols-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found: Errors = {};
        if (parseMoney(values.amount) === null || (parseMoney(values.amount) ?? 0) <= 0)
          found.amount = 'Enter the amount received, like 1250.00';
        if (!values.receivedOn) found.receivedOn = 'Enter the day the money arrived';
        if (!values.customerEmail && !values.reference)
          found.reference = 'Name the customer, or give the bank reference of an unidentified receipt.';
        setErrors(found);
        if (Object.keys(found).length === 0) record.mutate();
      }}
    >
      <h2 className="text-lg font-semibold text-navy-900 sm:col-span-3">Record a receipt that matches no invoice</h2>
      {input('customerEmail', "Customer's account e-mail (blank: unidentified)", { type: 'email' })}
      {input('amount', 'Amount received', { inputMode: 'decimal' })}
      <label className="text-sm text-navy-800" htmlFor={`${id}-currency`}>
        Currency
        <select id={`${id}-currency`} className={field} value={values.currency} onChange={set('currency')}>
          <option value="GBP">GBP</option>
          <option value="EUR">EUR</option>
        </select>
      </label>
      {input('receivedOn', 'Day received', { type: 'date' })}
      {input('reference', 'Bank reference')}
      {input('note', 'Note (optional)')}
      <div className="sm:col-span-3">
        <Button type="submit" disabled={record.isPending}>
          Record on account
        </Button>
      </div>
      {dialog}
    </form>
  );
}

/** One receipt: what it went to, allocating what is left (to one or more orders), and its void. */
function ReceiptRow({ receipt }: { receipt: AccountReceipt }) {
  const id = useId();
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const [mode, setMode] = useState<'none' | 'allocate' | 'void'>('none');
  const [lines, setLines] = useState([{ orderNumber: '', amount: '' }]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const allocate = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        adminApi(accountReceiptAnswerSchema, `/account-receipts/${receipt.id}/allocations`, {
          method: 'POST',
          body: {
            allocations: lines.map((line) => ({
              orderNumber: line.orderNumber.trim(),
              amount: parseMoney(line.amount),
            })),
          },
        }),
      ),
    onSuccess: () => {
      toast.success('Receipt allocated');
      setMode('none');
      setLines([{ orderNumber: '', amount: '' }]);
      void invalidate();
    },
    onError: (error) => {
      if (cancelled(error)) return;
      setErrors({ allocate: fieldsOf(error).amount ?? fieldsOf(error).orderNumber ?? messageOf(error) });
    },
  });
  const voidReceipt = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        adminApi(accountReceiptAnswerSchema, `/account-receipts/${receipt.id}/void`, {
          method: 'POST',
          body: { reason },
        }),
      ),
    onSuccess: () => {
      toast.success('Receipt voided');
      setMode('none');
      void invalidate();
    },
    onError: (error) => {
      if (cancelled(error)) return;
      setErrors({ reason: fieldsOf(error).reason ?? messageOf(error) });
    },
  });
  const open = !receipt.voided && receipt.unallocated > 0;
  return (
    <li className="space-y-2 py-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className={receipt.voided ? 'text-navy-500 line-through' : 'font-medium text-navy-900'}>
            {formatUkDate(receipt.receivedOn)} · {money(receipt.amount, receipt.currency)} ·{' '}
            {receipt.customer
              ? (receipt.customer.name ?? receipt.customer.email)
              : receipt.customerErased
                ? 'Customer erased'
                : 'Unidentified'}
            {receipt.reference ? ` · ref ${receipt.reference}` : ''}
          </p>
          {receipt.voided ? (
            <p className="text-red-800">
              Voided {formatUkDate(receipt.voided.at.slice(0, 10))}
              {receipt.voided.by ? ` by ${receipt.voided.by}` : ''}: {receipt.voided.reason}
            </p>
          ) : (
            <p className="text-navy-700">
              {receipt.unallocated > 0 ? (
                <span className="font-medium text-amber-800">
                  {money(receipt.unallocated, receipt.currency)} unallocated
                </span>
              ) : (
                'Fully allocated'
              )}
              {receipt.allocations.length > 0 ? ' · allocated to ' : ''}
              {receipt.allocations.map((entry, index) => (
                <span key={entry.paymentId}>
                  {index > 0 ? ', ' : ''}
                  <Link className="text-accent-700 underline" to={`/admin/orders/${entry.orderId}`}>
                    {entry.orderNumber}
                  </Link>{' '}
                  {money(entry.amount, receipt.currency)}
                </span>
              ))}
            </p>
          )}
          {receipt.note ? <p className="text-navy-600">{receipt.note}</p> : null}
        </div>
        {receipt.voided ? null : (
          <div className="flex gap-2">
            {open ? (
              <Button size="sm" variant="outline" onClick={() => setMode('allocate')}>
                Allocate…
              </Button>
            ) : null}
            <Button size="sm" variant="outline" onClick={() => setMode('void')}>
              Void (mis-keyed)…
            </Button>
          </div>
        )}
      </div>
      {mode === 'allocate' ? (
        <form
          aria-label={`Allocate the receipt of ${money(receipt.amount, receipt.currency)}`}
          className="space-y-2 rounded-md border border-navy-100 p-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const bad = lines.find((line) => !line.orderNumber.trim() || (parseMoney(line.amount) ?? 0) <= 0);
            if (bad) {
              setErrors({ allocate: 'Give each order number and an amount like 250.00.' });
              return;
            }
            setErrors({});
            allocate.mutate();
          }}
        >
          {lines.map((line, index) => (
            <div key={index} className="grid gap-2 sm:grid-cols-2">
              <label className="text-sm text-navy-800" htmlFor={`${id}-order-${index}`}>
                Order number
                <input
                  id={`${id}-order-${index}`}
                  className={field}
                  value={line.orderNumber}
                  onChange={(event) =>
                    setLines((all) =>
                      all.map((row, at) => (at === index ? { ...row, orderNumber: event.target.value } : row)),
                    )
                  }
                />
              </label>
              <label className="text-sm text-navy-800" htmlFor={`${id}-amount-${index}`}>
                Amount ({receipt.currency})
                <input
                  id={`${id}-amount-${index}`}
                  className={field}
                  inputMode="decimal"
                  value={line.amount}
                  onChange={(event) =>
                    setLines((all) =>
                      all.map((row, at) => (at === index ? { ...row, amount: event.target.value } : row)),
                    )
                  }
                />
              </label>
            </div>
          ))}
          {errors.allocate ? (
            <span role="alert" className={errorText}>
              {errors.allocate}
            </span>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setLines((all) => [...all, { orderNumber: '', amount: '' }])}
            >
              Add another order
            </Button>
            <Button type="submit" size="sm" disabled={allocate.isPending}>
              Allocate
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setMode('none')}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {mode === 'void' ? (
        <form
          aria-label="Void a mis-keyed receipt on account"
          className="space-y-2 rounded-md border border-navy-100 p-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (
              window.confirm(
                `Void this receipt of ${money(receipt.amount, receipt.currency)}? Its allocations are undone; nobody is e-mailed.`,
              )
            )
              voidReceipt.mutate();
          }}
        >
          <label className="text-sm text-navy-800" htmlFor={`${id}-reason`}>
            Why is it void?
            <input
              id={`${id}-reason`}
              className={field}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={errors.reason ? true : undefined}
            />
          </label>
          {errors.reason ? (
            <span role="alert" className={errorText}>
              {errors.reason}
            </span>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" variant="danger" disabled={voidReceipt.isPending}>
              Void receipt
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setMode('none')}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {dialog}
    </li>
  );
}

/**
 * /admin/receipts (issue 51): receipts that matched no invoice, recorded on a customer's account or
 * unidentified, allocated to orders later; the open ones by default, all with voided ones on demand.
 */
export function ReceiptsPage() {
  const [show, setShow] = useState<'open' | 'all'>('open');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['admin', 'account-receipts', show, search, page],
    queryFn: () => adminApi(accountReceiptPageSchema, `/account-receipts${queryString({ show, search, page })}`),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <section className="space-y-4">
      <AdminHeading title="Receipts on account" />
      <p className="text-sm text-navy-700">
        Money on the bank statement that matches no invoice. It is one line of the{' '}
        <Link className="text-accent-700 underline" to="/admin/register?view=payments">
          payments register
        </Link>{' '}
        and shows as unallocated there and in aged debt until it is allocated to an order.
      </p>
      <RecordReceiptForm />
      {list.data && list.data.unallocated.length > 0 ? (
        <p className="text-sm font-medium text-amber-800" role="status">
          Unallocated:{' '}
          {list.data.unallocated
            .map(
              (total) =>
                `${money(total.amount, total.currency)} (${total.receipts} receipt${total.receipts === 1 ? '' : 's'})`,
            )
            .join(', ')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm text-navy-800">
          Show
          <select
            className={field}
            value={show}
            onChange={(event) => {
              setShow(event.target.value === 'all' ? 'all' : 'open');
              setPage(1);
            }}
          >
            <option value="open">With money to allocate</option>
            <option value="all">All, voided ones too</option>
          </select>
        </label>
        <label className="text-sm text-navy-800">
          Search (reference, customer)
          <input
            className={field}
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      {list.isPending ? (
        <StateMessage>Loading the receipts...</StateMessage>
      ) : list.isError ? (
        <StateMessage>The receipts could not be loaded. Try again.</StateMessage>
      ) : list.data.items.length === 0 ? (
        <StateMessage>No receipts on account{show === 'open' ? ' with money to allocate' : ''}.</StateMessage>
      ) : (
        <ul
          className="divide-y divide-navy-100 rounded-lg border border-navy-100 bg-white px-4"
          aria-label="Receipts on account"
        >
          {list.data.items.map((receipt) => (
            <ReceiptRow key={receipt.id} receipt={receipt} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <div className="flex items-center gap-2 text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          Page {page} of {pages}
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </section>
  );
}
