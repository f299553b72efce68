import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { adminOrderAnswerSchema, type AdminOrderDetail } from '../../../shared/orders/order-admin-contracts';
import { ApiError } from '../../lib/api-client';
import { Button, buttonClasses } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { usePermissions } from '../shell/permissions';
import { useStepUp } from '../shell/step-up-dialog';

/**
 * Issue 39: a pro-forma on request ("Pro-forma: not a VAT invoice" on every page), for staff who issue
 * invoices: download it, or e-mail it to the customer (behind step-up). A cancelled order has none.
 */
export function ProFormaPanel({ order }: { order: AdminOrderDetail }) {
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const mayIssue = usePermissions().can('invoices.issue');
  const send = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        adminApi(adminOrderAnswerSchema, `/orders/${order.id}/pro-forma/send`, { method: 'POST', body: {} }),
      ),
    onSuccess: () => {
      toast.success('Pro-forma e-mailed to the customer');
      void invalidate();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
      toast.error(error instanceof ApiError ? error.message : 'An unexpected error occurred');
    },
  });
  if (!mayIssue || order.status === 'cancelled') return null;
  return (
    <section className="rounded-lg border border-navy-100 bg-white p-4" aria-labelledby="pro-forma-heading">
      <h2 id="pro-forma-heading" className="text-lg font-semibold text-navy-900">
        Pro-forma
      </h2>
      <p className="mt-1 text-sm text-navy-700">
        For a buyer who needs one to raise payment. It is marked “Pro-forma: not a VAT invoice”; the VAT invoices follow
        as usual.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a className={buttonClasses('outline', 'sm')} href={`/api/admin/orders/${order.id}/pro-forma`} download>
          Download pro-forma PDF
        </a>
        <Button size="sm" disabled={send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? 'Sending…' : 'E-mail pro-forma to customer'}
        </Button>
      </div>
      {dialog}
    </section>
  );
}
