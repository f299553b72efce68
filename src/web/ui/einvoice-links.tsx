import { einvoiceFormatLabels, type OrderDocument } from '../../shared/orders/order-schema';
import { useT } from '../i18n/use-t';

/** Why the XRechnung is not offered: the server refuses it the same way (409) while BT-10 is empty. */
export const xrechnungNeedsReference = 'XRechnung needs a Leitweg-ID or PO number on the order';

/**
 * An invoice's or credit note's e-invoices beside its PDF (issue 40): XRechnung and Peppol UBL, and the
 * CII its PDF also carries (Factur-X). The XRechnung is offered only once the order has a buyer
 * reference (its Leitweg-ID or PO number, BT-10). In the page's language; the formats keep their names.
 */
export function EInvoiceLinks({
  document,
  hasBuyerReference,
}: {
  document: Pick<OrderDocument, 'number' | 'einvoices'>;
  hasBuyerReference: boolean;
}) {
  const { t } = useT();
  if (!document.einvoices?.length) return null;
  const needsReference = t('einvoice.needsReference', 'XRechnung needs a Leitweg-ID or PO number on the order');
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs" data-testid={`einvoices-${document.number}`}>
      <span className="text-navy-600">{t('einvoice.label', 'E-invoice:')}</span>
      {document.einvoices.map((einvoice) =>
        einvoice.format === 'xrechnung' && !hasBuyerReference ? (
          <span key={einvoice.format} className="text-navy-500" title={needsReference}>
            {einvoiceFormatLabels[einvoice.format]} ({needsReference})
          </span>
        ) : (
          <a key={einvoice.format} className="text-accent-700 underline" href={einvoice.url} download>
            {einvoiceFormatLabels[einvoice.format]}
          </a>
        ),
      )}
    </span>
  );
}
