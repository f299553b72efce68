import { orderStatusLabel } from '../../shared/orders/order-status';
import { orderDocumentLabels } from '../../shared/documents/order-document-labels';
import { type LedgerLineKey, ledgerLineLabels } from '../../shared/orders/ledger-lines';
import type { OrderDocument } from '../../shared/orders/order-schema';
import { type ServiceRequestStatus, serviceStatusLabels } from '../../shared/service-requests/service-lifecycle';
import type { PageText } from './use-t';

/** An order status's label in the page's language (English: the shared label, word for word). */
export function orderStatusIn({ language, t }: PageText, status: string): string {
  if (language === 'en') return orderStatusLabel(status);
  switch (status) {
    case 'pending':
      return t('status.pending', 'Pending');
    case 'confirmed':
      return t('status.confirmed', 'Confirmed');
    case 'processing':
      return t('status.processing', 'Processing');
    case 'shipped':
      return t('status.shipped', 'Shipped');
    case 'delivered':
      return t('status.delivered', 'Delivered');
    case 'cancelled':
      return t('status.cancelled', 'Cancelled');
    default:
      return orderStatusLabel(status);
  }
}

/** What an order's document is called (shared/documents/order-document-labels.ts) in the page's language. */
export function documentLabelIn({ language, t }: PageText, kind: OrderDocument['kind']): string {
  if (language === 'en') return orderDocumentLabels[kind];
  switch (kind) {
    case 'acknowledgement':
      return t('document.acknowledgement', 'Order acknowledgement');
    case 'confirmation':
      return t('document.confirmation', 'Order confirmation');
    case 'deposit':
      return t('document.deposit', 'Deposit invoice');
    case 'balance':
      return t('document.balance', 'Balance invoice');
    case 'credit':
      return t('document.credit', 'Credit note');
    case 'commercial_invoice':
      return t('document.commercialInvoice', 'Commercial invoice');
    case 'test_certificate':
      return t('document.testCertificate', 'Factory test certificate');
    case 'declaration_of_conformity':
      return t('document.declarationOfConformity', 'Declaration of conformity');
    case 'iq_oq_protocol':
      return t('document.iqOqProtocol', 'IQ/OQ protocol');
    default:
      return orderDocumentLabels[kind];
  }
}

/**
 * A document's download link: "Download order confirmation PDF" (the label's first capital lowered,
 * "IQ/OQ protocol" keeps its capitals); German keeps its nouns' capitals.
 */
export function documentDownloadIn(text: PageText, kind: OrderDocument['kind']): string {
  const label = documentLabelIn(text, kind);
  const document = text.language === 'de' ? label : label.replace(/^\p{Lu}(?=\p{Ll})/u, (first) => first.toLowerCase());
  return text.t('details.downloadPdf', 'Download {document} PDF', { document });
}

/** A ledger line's name (shared/orders/ledger-lines.ts) in the page's language. */
export function ledgerLineLabelIn({ language, t }: PageText, key: LedgerLineKey): string {
  if (language === 'en') return ledgerLineLabels[key];
  switch (key) {
    case 'depositDue':
      return t('ledger.depositDue', 'Deposit due');
    case 'paid':
      return t('ledger.paid', 'Paid');
    case 'credited':
      return t('ledger.credited', 'Credited');
    case 'cancellationFee':
      return t('ledger.cancellationFee', 'Cancellation fee');
    case 'creditHeld':
      return t('ledger.creditHeld', 'Credit held');
    case 'refundDue':
      return t('ledger.refundDue', 'Refund due');
    case 'outstanding':
      return t('ledger.outstanding', 'Outstanding');
    default:
      return ledgerLineLabels[key];
  }
}

/** A service request's status (shared/service-requests/service-lifecycle.ts) in the page's language. */
export function serviceStatusIn({ language, t }: PageText, status: ServiceRequestStatus): string {
  if (language === 'en') return serviceStatusLabels[status];
  switch (status) {
    case 'requested':
      return t('serviceStatus.requested', 'Requested');
    case 'authorised':
      return t('serviceStatus.authorised', 'Authorised');
    case 'received':
      return t('serviceStatus.received', 'Received');
    case 'repaired':
      return t('serviceStatus.repaired', 'Repaired');
    case 'replaced':
      return t('serviceStatus.replaced', 'Replaced');
    case 'returned':
      return t('serviceStatus.returned', 'Returned');
    case 'declined':
      return t('serviceStatus.declined', 'Declined');
    default:
      return serviceStatusLabels[status];
  }
}
