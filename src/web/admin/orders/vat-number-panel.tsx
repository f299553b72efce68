import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { adminOrderAnswerSchema, type AdminOrderDetail } from '../../../shared/orders/order-admin-contracts';
import {
  type VatRegistry,
  vatCheckStatusLabels,
  vatRegistryNames,
  vatRegistryOf,
} from '../../../shared/tax/vat-number-check';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { moment } from '../shell/format';
import { useStepUp } from '../shell/step-up-dialog';

const statusTone: Record<string, string> = {
  valid: 'text-green-800',
  invalid: 'text-red-800',
};

/**
 * The buyer's VAT number as the registries answered (issue 37): each check, newest first, with the
 * registered name and address, the date and the consultation number; the flag when the order's
 * reverse charge rests on a number no registry has confirmed; and "Check again".
 */
export function VatNumberPanel({
  order,
  registries,
  canCheck,
  canAccept = false,
}: {
  order: AdminOrderDetail;
  registries: readonly VatRegistry[] | undefined;
  canCheck: boolean;
  /** May accept the registry's name for the VAT number (`invoices.issue`). */
  canAccept?: boolean;
}) {
  const invalidate = useInvalidateAdmin();
  const { checks, flag, nameMismatch } = order.vatNumberCheck;
  const { withStepUp, dialog } = useStepUp();
  // Security issue 48, F9: the buyer is the business the registry names, though billed under another name.
  const accept = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        adminApi(adminOrderAnswerSchema, `/orders/${order.id}/vat-name-acceptance`, { method: 'POST', body: {} }),
      ),
    onSuccess: () => {
      toast.success('The registered name is accepted for this order');
      void invalidate();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
      toast.error(error instanceof ApiError ? error.message : 'An unexpected error occurred');
    },
  });
  const check = useMutation({
    mutationFn: () =>
      adminApi(adminOrderAnswerSchema, `/orders/${order.id}/vat-number-check`, { method: 'POST', body: {} }),
    onSuccess: (answer) => {
      const latest = answer.order.vatNumberCheck.checks[0];
      toast.success(latest ? `VAT number check: ${vatCheckStatusLabels[latest.status]}` : 'VAT number checked');
      void invalidate();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : 'An unexpected error occurred'),
  });
  if (!order.vatNumber && checks.length === 0) return null;
  const registry = order.vatNumber ? vatRegistryOf(order.vatNumber.slice(0, 2)) : null;
  const configured = registry !== null && (registries ?? []).includes(registry);
  return (
    <section className="rounded-lg border border-navy-100 bg-white p-4" aria-labelledby="vat-number-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="vat-number-heading" className="text-lg font-semibold text-navy-900">
          VAT number check
        </h2>
        {canCheck && configured ? (
          <Button size="sm" variant="outline" disabled={check.isPending} onClick={() => check.mutate()}>
            {check.isPending ? 'Checking…' : 'Check again'}
          </Button>
        ) : null}
      </div>
      {flag ? (
        <p
          role="status"
          data-testid="vat-number-flag"
          className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {flag}
        </p>
      ) : null}
      {nameMismatch ? (
        <div
          role="status"
          data-testid="vat-name-mismatch"
          className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <p>
            {nameMismatch.accepted
              ? `Registered to "${nameMismatch.registeredName}", billed to "${nameMismatch.billingName}": accepted by staff.`
              : nameMismatch.message}
          </p>
          {!nameMismatch.accepted && canAccept ? (
            <Button
              size="sm"
              variant="outline"
              className="mt-2"
              disabled={accept.isPending}
              onClick={() => {
                if (window.confirm(`Confirm that "${nameMismatch.billingName}" is "${nameMismatch.registeredName}"?`))
                  accept.mutate();
              }}
            >
              Accept the registered name
            </Button>
          ) : null}
        </div>
      ) : null}
      {registry && !configured ? (
        <p className="mt-2 text-sm text-navy-600">
          Checks with {vatRegistryNames[registry]} are off on this shop (not configured).
        </p>
      ) : null}
      {checks.length === 0 ? (
        <p className="mt-2 text-sm text-navy-600">Not checked yet.</p>
      ) : (
        <ol className="mt-2 divide-y divide-navy-100 text-sm" data-testid="vat-number-checks">
          {checks.map((entry) => (
            <li key={entry.id} className="py-2">
              <p>
                <span className={`font-medium ${statusTone[entry.status] ?? 'text-navy-900'}`}>
                  {vatCheckStatusLabels[entry.status]}
                </span>{' '}
                · {entry.countryCode}
                {entry.vatNumber} · {vatRegistryNames[entry.registry]}
                {entry.checkedAt ? ` · checked ${moment(entry.checkedAt)}` : ''}
                {entry.requestedBy ? ' · asked by staff' : ''}
              </p>
              {entry.registeredName ? <p className="text-navy-700">Registered name: {entry.registeredName}</p> : null}
              {entry.registeredAddress ? (
                <p className="text-navy-700">Registered address: {entry.registeredAddress}</p>
              ) : null}
              {entry.consultationNumber ? (
                <p className="text-navy-700">Consultation number: {entry.consultationNumber}</p>
              ) : null}
              {entry.nextAttemptAt && entry.status !== 'pending' ? (
                <p className="text-navy-600">
                  Tried {entry.attempts} {entry.attempts === 1 ? 'time' : 'times'}; next try{' '}
                  {moment(entry.nextAttemptAt)}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {/* Mounted only where there is something to accept: the dialog reads the session when it mounts. */}
      {nameMismatch ? dialog : null}
    </section>
  );
}
