import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { adminOrderAnswerSchema } from '../../../shared/orders/order-admin-contracts';
import { type ExportPapers, exportProofMessages } from '../../../shared/orders/export-proof';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { usePermissions } from '../shell/permissions';

const field = 'mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';

const fieldsOf = (proof: ExportPapers['proof']) => ({
  carrier: proof?.carrier ?? '',
  trackingNumber: proof?.trackingNumber ?? '',
  dispatchDate: proof?.dispatchDate ?? '',
  exportMrn: proof?.exportMrn ?? '',
  deliveryDate: proof?.deliveryDate ?? '',
  proofReference: proof?.proofReference ?? '',
});
type Fields = ReturnType<typeof fieldsOf>;

const labels: Record<keyof Fields, string> = {
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  dispatchDate: 'Dispatch date',
  exportMrn: 'Export declaration MRN (where there is one)',
  deliveryDate: 'Delivery date',
  proofReference: 'Proof-of-delivery reference',
};

/**
 * An export's customs papers on the admin order page (issue 37): the commercial invoice to print with
 * the delivery note, and the proof-of-export record, entered at dispatch and completed at delivery. A
 * delivered order without a complete record is flagged: its zero rate rests on it.
 */
export function ExportPapersPanel({ orderId, papers }: { orderId: string; papers: ExportPapers }) {
  const invalidate = useInvalidateAdmin();
  const { can } = usePermissions();
  const [values, setValues] = useState<Fields>(() => fieldsOf(papers.proof));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      adminApi(adminOrderAnswerSchema, `/orders/${orderId}/export-proof`, { method: 'PUT', body: values }),
    onMutate: () => setErrors({}),
    onSuccess: (answer) => {
      toast.success(exportProofMessages.saved);
      setValues(fieldsOf(answer.order.exportPapers?.proof ?? null));
      void invalidate();
    },
    onError: (error) => {
      setErrors(error instanceof ApiError ? error.fields : {});
      toast.error(exportProofMessages.saveFailed);
    },
  });
  const input = (name: keyof Fields, type: 'text' | 'date' = 'text') => (
    <div className="text-sm text-navy-800">
      <label>
        {labels[name]}
        <input
          type={type}
          className={field}
          value={values[name]}
          readOnly={!can('orders.edit')}
          aria-invalid={errors[name] ? true : undefined}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        />
      </label>
      {errors[name] ? (
        <span role="alert" className="mt-1 block text-xs text-red-700">
          {errors[name]}
        </span>
      ) : null}
    </div>
  );
  return (
    <section className="rounded-lg border border-navy-100 bg-white p-4" aria-labelledby="export-papers-heading">
      <h2 id="export-papers-heading" className="text-lg font-semibold text-navy-900">
        Customs papers
      </h2>
      {papers.missing ? (
        <p
          role="alert"
          className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800"
          data-testid="export-proof-missing"
        >
          {exportProofMessages.missing}
        </p>
      ) : null}
      {papers.commercialInvoiceUrl ? (
        <p className="mt-2 text-sm">
          <a className="underline" href={papers.commercialInvoiceUrl} download>
            Commercial invoice (PDF)
          </a>{' '}
          · print it with the packing slip at dispatch.
        </p>
      ) : null}
      <form
        className="mt-3 grid gap-3 sm:grid-cols-2"
        aria-label={exportProofMessages.heading}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <h3 className="font-medium text-navy-900 sm:col-span-2">
          {exportProofMessages.heading} {papers.complete ? '(complete)' : '(incomplete)'}
        </h3>
        {input('carrier')}
        {input('trackingNumber')}
        {input('dispatchDate', 'date')}
        {input('exportMrn')}
        {input('deliveryDate', 'date')}
        {input('proofReference')}
        {can('orders.edit') ? (
          <div className="sm:col-span-2">
            <Button type="submit" size="sm" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save proof of export'}
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
