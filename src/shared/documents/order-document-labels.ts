import { instrumentPaperLabels } from '../instruments/instrument-papers';
import type { OrderDocument } from '../orders/order-schema';

/**
 * What each of an order's documents is called: on the customer's order page, in the admin's
 * documents panel, and in the invoice register (its page and its CSV).
 */
export const orderDocumentLabels = {
  acknowledgement: 'Order acknowledgement',
  confirmation: 'Order confirmation',
  deposit: 'Deposit invoice',
  balance: 'Balance invoice',
  credit: 'Credit note',
  commercial_invoice: 'Commercial invoice',
  ...instrumentPaperLabels,
} as const satisfies Record<OrderDocument['kind'], string>;
