import { adminOrderAnswerSchema, type AdminOrderDetail } from '../../../shared/orders/order-admin-contracts';
import type { AttachPoRequest } from '../../../shared/orders/po-document';
import { PurchaseOrderForm } from '../../ui/purchase-order-form';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';

/**
 * Issue 39: the buyer's purchase order on the admin order page: its number and PDF, and, for staff who
 * edit orders, attaching one that arrived by e-mail (PUT /api/admin/orders/{id}/po).
 */
export function PurchaseOrderPanel({ order, canEdit }: { order: AdminOrderDetail; canEdit: boolean }) {
  const invalidate = useInvalidateAdmin();
  const upload = async (body: AttachPoRequest) => {
    const answer = await adminApi(adminOrderAnswerSchema, `/orders/${order.id}/po`, { method: 'PUT', body });
    void invalidate();
    return answer;
  };
  return (
    <section className="rounded-lg border border-navy-100 bg-white p-4" aria-labelledby="purchase-order-heading">
      <h2 id="purchase-order-heading" className="text-lg font-semibold text-navy-900">
        Purchase order
      </h2>
      {canEdit ? (
        <PurchaseOrderForm poNumber={order.poNumber} document={order.poDocument} upload={upload} who="staff" />
      ) : (
        <div className="text-sm">
          <p>PO number: {order.poNumber ?? 'none given'}</p>
          {order.poDocument ? (
            <a className="font-medium text-accent-700 underline" href={order.poDocument.url} download>
              Download purchase order {order.poDocument.filename}
            </a>
          ) : (
            <p className="text-navy-600">No purchase order document attached.</p>
          )}
        </div>
      )}
    </section>
  );
}
