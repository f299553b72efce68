import { z } from 'zod';

/**
 * How an organisation or a customer receives its invoices and credit notes by e-mail (issue 52,
 * decision 0079): the PDF (a Factur-X, its XML embedded), the PDF with the XRechnung (UBL) beside it,
 * or the PDF with its Factur-X XML (CII) beside it. A customer's own choice wins over the organisation's.
 */
export const EINVOICE_DELIVERIES = ['pdf', 'pdf_xrechnung', 'pdf_facturx'] as const;
export type EInvoiceDelivery = (typeof EINVOICE_DELIVERIES)[number];
export const einvoiceDeliverySchema = z.enum(EINVOICE_DELIVERIES);

/** PUT /api/account/organisation/einvoice-delivery (the owner) and the profile's field. */
export const einvoiceDeliveryRequestSchema = z.object({ einvoiceDelivery: einvoiceDeliverySchema });
