import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatUkDate } from '../../../shared/dates';
import { invoiceAnswerSchema } from '../../../shared/orders/invoice-schema';
import type { AdminOrder } from '../../../shared/orders/order-schema';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { money } from '../shell/format';
import { usePermissions } from '../shell/permissions';
import { useStepUp } from '../shell/step-up-dialog';

const kindLabel = {
  acknowledgement: 'Order acknowledgement',
  confirmation: 'Order confirmation',
  deposit: 'Deposit invoice',
  balance: 'Balance invoice',
  credit: 'Credit note',
} as const;

/** The order's documents with downloads; issue the deposit and balance invoices and credit one, behind step-up. */
export function InvoicesPanel({ order }: { order: AdminOrder }) {
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const mayIssue = usePermissions().can('invoices.issue');
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
    toast.error(error instanceof ApiError ? error.message : 'An unexpected error occurred');
  };
  const issue = useMutation({
    mutationFn: (kind: 'deposit' | 'balance') =>
      withStepUp(() =>
        adminApi(invoiceAnswerSchema, `/orders/${order.id}/invoices`, { method: 'POST', body: { kind } }),
      ),
    onSuccess: (answer) => {
      toast.success(`Invoice ${answer.invoice.number} issued and e-mailed`);
      void invalidate();
    },
    onError,
  });
  const credit = useMutation({
    mutationFn: (invoiceId: string) =>
      withStepUp(() => adminApi(invoiceAnswerSchema, `/invoices/${invoiceId}/credit`, { method: 'POST', body: {} })),
    onSuccess: (answer) => {
      toast.success(`Credit note ${answer.invoice.number} issued`);
      void invalidate();
    },
    onError,
  });
  const live = (kind: 'deposit' | 'balance') =>
    order.documents.some((document) => document.kind === kind && !document.credited);
  const depositPaid = order.paidAmount >= order.depositAmount;
  return (
    <section className="rounded-lg border border-navy-100 bg-white p-4" aria-labelledby="documents-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="documents-heading" className="text-lg font-semibold text-navy-900">
          Documents
        </h2>
        <div className="flex gap-2">
          {!live('deposit') && mayIssue ? (
            <Button size="sm" disabled={issue.isPending} onClick={() => issue.mutate('deposit')}>
              Issue deposit invoice
            </Button>
          ) : null}
          {live('deposit') && depositPaid && !live('balance') && mayIssue ? (
            <Button size="sm" disabled={issue.isPending} onClick={() => issue.mutate('balance')}>
              Issue balance invoice
            </Button>
          ) : null}
        </div>
      </div>
      {order.documents.length === 0 ? (
        <p className="mt-2 text-sm text-navy-600">No documents yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-navy-100 text-sm">
          {order.documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {kindLabel[document.kind]}{' '}
                {document.kind === 'confirmation' || document.kind === 'acknowledgement' ? '' : document.number} ·{' '}
                {formatUkDate(document.issuedAt)}
                {document.amount !== null ? ` · ${money(document.amount, order.currency)}` : ''}
                {document.dueDate && document.kind !== 'credit' ? ` · due ${formatUkDate(document.dueDate)}` : ''}
                {document.credited ? ' · credited' : ''}
              </span>
              <span className="flex gap-2">
                <a className="text-accent-700 underline" href={document.url} download>
                  Download PDF
                </a>
                {(document.kind === 'deposit' || document.kind === 'balance') && !document.credited && mayIssue ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={credit.isPending}
                    onClick={() => {
                      if (
                        window.confirm(
                          `Issue a credit note for ${document.number}? The invoice itself stays unchanged.`,
                        )
                      )
                        credit.mutate(document.id);
                    }}
                  >
                    Credit
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
