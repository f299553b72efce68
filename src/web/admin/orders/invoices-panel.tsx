import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatUkDate } from '../../../shared/dates';
import { orderDocumentLabels } from '../../../shared/documents/order-document-labels';
import { invoiceAnswerSchema, peppolTransmissionAnswerSchema } from '../../../shared/orders/invoice-schema';
import { parseMoney, roundHalfUp } from '../../../shared/money';
import { orderActions } from '../../../shared/orders/lifecycle';
import { invoiceStateLabel } from '../../../shared/orders/ledger-lines';
import type { AdminOrderDetail } from '../../../shared/orders/order-admin-contracts';
import { cancellationFeePercent, repairTerms } from '../../../shared/terms';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { EInvoiceLinks } from '../../ui/einvoice-links';
import { BuyerReferenceForm } from './buyer-reference-form';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { money } from '../shell/format';
import { usePermissions } from '../shell/permissions';
import { useStepUp } from '../shell/step-up-dialog';
import { paysInFull } from '../../../shared/orders/order-kind';

const field = 'mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';

/** The order's documents with downloads; issue the deposit and balance invoices and credit one, behind step-up. */
export function InvoicesPanel({ order }: { order: AdminOrderDetail }) {
  const feePercent = cancellationFeePercent(order);
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const mayIssue = usePermissions().can('invoices.issue');
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
    toast.error(error instanceof ApiError ? error.message : 'An unexpected error occurred');
  };
  const issue = useMutation({
    mutationFn: (request: { kind: 'deposit' | 'balance'; acknowledgeVatNumber: boolean }) =>
      withStepUp(() =>
        adminApi(invoiceAnswerSchema, `/orders/${order.id}/invoices`, {
          method: 'POST',
          body: request.acknowledgeVatNumber ? request : { kind: request.kind },
        }),
      ),
    onSuccess: (answer) => {
      toast.success(`Invoice ${answer.invoice.number} issued and e-mailed`);
      void invalidate();
    },
    onError: (error) => {
      // The VAT number's standing (or its registered name, F9) changed since the page loaded: the fresh flag comes with the reload.
      if (error instanceof ApiError && (error.code === 'vat_number_unconfirmed' || error.code === 'vat_name_mismatch'))
        void invalidate();
      onError(error);
    },
  });
  const [crediting, setCrediting] = useState<{ id: string; number: string; left: number } | null>(null);
  const [creditAmount, setCreditAmount] = useState('');
  const [creditReason, setCreditReason] = useState('');
  /** The credit keeps the terms' cancellation fee (set by the button; any edit of the amount clears it). */
  const [keepFee, setKeepFee] = useState(false);
  const credit = useMutation({
    mutationFn: (request: { invoiceId: string; amount: number; reason: string; keepCancellationFee: boolean }) =>
      withStepUp(() =>
        adminApi(invoiceAnswerSchema, `/invoices/${request.invoiceId}/credit`, {
          method: 'POST',
          body: {
            amount: request.amount,
            reason: request.reason,
            ...(request.keepCancellationFee ? { keepCancellationFee: true } : {}),
          },
        }),
      ),
    onSuccess: (answer) => {
      toast.success(`Credit note ${answer.invoice.number} issued`);
      setCrediting(null);
      void invalidate();
    },
    onError,
  });
  // Issue 40: the invoice's UBL to the buyer over Peppol, through the configured access point.
  // Security issue 48, F8: an invoice goes once; sending it again is a resend, with the reason asked for.
  const peppol = useMutation({
    mutationFn: (request: { invoiceId: string; resendReason?: string }) =>
      withStepUp(() =>
        adminApi(peppolTransmissionAnswerSchema, `/invoices/${request.invoiceId}/peppol`, {
          method: 'POST',
          body: request.resendReason === undefined ? {} : { resend: true, reason: request.resendReason },
        }),
      ),
    onSuccess: ({ transmission }) => {
      if (transmission.transmissionId)
        toast.success(`Sent via Peppol: transmission ${transmission.transmissionId} (${transmission.status})`);
      else toast.error(`Peppol: ${transmission.status}${transmission.detail ? `: ${transmission.detail}` : ''}`);
    },
    onError: (error, request) => {
      if (error instanceof ApiError && error.code === 'peppol_already_sent' && request.resendReason === undefined) {
        const reason = window.prompt(`${error.message}\n\nWhy send it again?`);
        if (reason) peppol.mutate({ invoiceId: request.invoiceId, resendReason: reason });
        return;
      }
      onError(error);
    },
  });
  const live = (kind: 'deposit' | 'balance') =>
    order.documents.some((document) => document.kind === kind && !document.credited);
  const depositPaid = order.ledger.paid >= order.depositAmount;
  // A repair is invoiced once, for its whole total (decision 0062).
  const repair = paysInFull(order);
  const actions = orderActions({
    status: order.status,
    outstanding: order.outstandingAmount,
    currency: order.currency,
  });
  /** What credit notes have already taken off an invoice. */
  const creditedOf = (invoiceId: string) =>
    order.documents
      .filter((document) => document.kind === 'credit' && document.creditsId === invoiceId)
      .reduce((sum, document) => sum - (document.amount ?? 0), 0);
  /** Where a deposit or balance invoice stands from the money held (the ledger's invoiceBalances). */
  const stateOf = (invoiceId: string) => {
    const balance = order.balances.find((candidate) => candidate.id === invoiceId);
    return balance ? invoiceStateLabel(balance, order.currency) : null;
  };
  const issueWithConfirmation = (kind: 'deposit' | 'balance') => {
    const amount = kind === 'deposit' ? order.depositAmount : order.totalAmount - order.depositAmount;
    // An order whose reverse charge rests on an unconfirmed VAT number: staff are told why, and confirm it.
    const flag = order.vatNumberCheck.flag;
    if (
      window.confirm(
        `${flag ? `${flag}\n\n` : ''}Issue the ${repair ? 'payment-in-full' : kind} invoice for ${money(amount, order.currency)} and e-mail it to the customer? An issued invoice cannot be changed, only credited.`,
      )
    )
      issue.mutate({ kind, acknowledgeVatNumber: flag !== null });
  };
  return (
    <section className="rounded-lg border border-navy-100 bg-white p-4" aria-labelledby="documents-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="documents-heading" className="text-lg font-semibold text-navy-900">
          Documents
        </h2>
        <div className="flex gap-2">
          {actions.issueInvoice && !live('deposit') && mayIssue ? (
            <Button size="sm" disabled={issue.isPending} onClick={() => issueWithConfirmation('deposit')}>
              {repair ? 'Issue invoice (payment in full)' : 'Issue deposit invoice'}
            </Button>
          ) : null}
          {actions.issueInvoice && !repair && live('deposit') && depositPaid && !live('balance') && mayIssue ? (
            <Button size="sm" disabled={issue.isPending} onClick={() => issueWithConfirmation('balance')}>
              Issue balance invoice
            </Button>
          ) : null}
        </div>
      </div>
      <BuyerReferenceForm order={order} />
      {order.documents.length === 0 ? (
        <p className="mt-2 text-sm text-navy-600">No documents yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-navy-100 text-sm">
          {order.documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {orderDocumentLabels[document.kind]}{' '}
                {document.kind === 'confirmation' || document.kind === 'acknowledgement' ? '' : document.number} ·{' '}
                {formatUkDate(document.issuedAt)}
                {document.amount !== null ? ` · ${money(document.amount, order.currency)}` : ''}
                {document.dueDate && document.kind !== 'credit' ? ` · due ${formatUkDate(document.dueDate)}` : ''}
                {stateOf(document.id) ? (
                  <>
                    {' · '}
                    <span data-testid={`invoice-state-${document.number}`}>{stateOf(document.id)}</span>
                  </>
                ) : document.credited ? (
                  ' · credited'
                ) : (
                  ''
                )}
                {document.reason ? ` · ${document.reason}` : ''}
                {document.cancellationFee ? (
                  <span data-testid={`cancellation-fee-${document.number}`}>
                    {` · Cancellation fee ${money(document.cancellationFee, order.currency)}`}
                  </span>
                ) : null}
              </span>
              <span className="flex gap-2">
                <a className="text-accent-700 underline" href={document.url} download>
                  Download PDF
                </a>
                <EInvoiceLinks
                  document={document}
                  hasBuyerReference={Boolean(order.buyerRoutingReference || order.poNumber)}
                />
                {document.einvoices?.length && mayIssue ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={peppol.isPending}
                    onClick={() => {
                      if (window.confirm(`Send ${document.number} to the buyer via Peppol?`))
                        peppol.mutate({ invoiceId: document.id });
                    }}
                  >
                    Send via Peppol
                  </Button>
                ) : null}
                {(document.kind === 'deposit' || document.kind === 'balance') && !document.credited && mayIssue ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={credit.isPending}
                    onClick={() => {
                      const left = (document.amount ?? 0) - creditedOf(document.id);
                      setCrediting({ id: document.id, number: document.number, left });
                      setCreditAmount((left / 100).toFixed(2));
                      setCreditReason('');
                      setKeepFee(false);
                    }}
                  >
                    Credit…
                  </Button>
                ) : null}
              </span>
              {crediting?.id === document.id ? (
                <form
                  aria-label="Issue a credit note"
                  className="grid w-full gap-2 sm:grid-cols-3"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const amount = parseMoney(creditAmount);
                    if (amount === null || amount <= 0) {
                      toast.error('Enter an amount like 1234.50');
                      return;
                    }
                    if (
                      window.confirm(
                        `Issue a credit note for ${money(amount, order.currency)} of ${document.number}? The invoice itself stays unchanged.`,
                      )
                    )
                      credit.mutate({
                        invoiceId: document.id,
                        amount,
                        reason: creditReason,
                        keepCancellationFee: keepFee,
                      });
                  }}
                >
                  <label className="text-sm text-navy-800">
                    Credit amount ({order.currency})
                    <input
                      inputMode="decimal"
                      className={field}
                      value={creditAmount}
                      onChange={(event) => {
                        setCreditAmount(event.target.value);
                        setKeepFee(false);
                      }}
                    />
                  </label>
                  <label className="text-sm text-navy-800 sm:col-span-2">
                    Reason
                    <input
                      className={field}
                      value={creditReason}
                      onChange={(event) => setCreditReason(event.target.value)}
                    />
                  </label>
                  <div className="flex flex-wrap gap-2 sm:col-span-3">
                    {/* A repair's terms keep no fee (terms.ts repairTerms.cancellation): its credit is the whole invoice. */}
                    {feePercent > 0 ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        onClick={() => {
                          // The server's rule (order-ledger.ts cancellationFeeOf): the fee is rounded, the credit is the rest.
                          const fee = roundHalfUp((crediting.left * feePercent) / 100);
                          setCreditAmount(((crediting.left - fee) / 100).toFixed(2));
                          setCreditReason(`Order cancelled; ${feePercent}% cancellation fee kept`);
                          setKeepFee(true);
                        }}
                      >
                        Keep the {feePercent}% cancellation fee
                      </Button>
                    ) : (
                      <p className="text-sm text-navy-700" data-testid="repair-cancellation-terms">
                        {repairTerms.cancellation}
                      </p>
                    )}
                    <Button type="submit" size="sm" disabled={credit.isPending}>
                      Issue credit note
                    </Button>
                    <Button type="button" size="sm" variant="outline" onClick={() => setCrediting(null)}>
                      Cancel
                    </Button>
                  </div>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
