import { EINVOICE_DELIVERIES, type EInvoiceDelivery } from '../../shared/einvoice/einvoice-delivery';
import type { PageText } from '../i18n/use-t';

export { EINVOICE_DELIVERIES, type EInvoiceDelivery };

/** How invoices are e-mailed (issue 52, decision 0079), as the customer reads the choice. */
export function einvoiceDeliveryLabel({ t }: PageText, delivery: EInvoiceDelivery): string {
  if (delivery === 'pdf_xrechnung') return t('einvoiceDelivery.pdfXrechnung', 'PDF with XRechnung XML');
  if (delivery === 'pdf_facturx') return t('einvoiceDelivery.pdfFacturx', 'PDF with Factur-X XML');
  return t('einvoiceDelivery.pdf', 'PDF (Factur-X embedded)');
}

/** The condition of the XRechnung attachment, said under each choice. */
export const einvoiceDeliveryHint = ({ t }: PageText) =>
  t(
    'einvoiceDelivery.hint',
    'The XRechnung XML is attached while the order has a Leitweg-ID or PO number; otherwise the e-mail brings the PDF alone.',
  );

export const isEInvoiceDelivery = (value: string): value is EInvoiceDelivery =>
  (EINVOICE_DELIVERIES as readonly string[]).includes(value);
