import { and, eq } from 'drizzle-orm';
import type { BusinessProfile } from '../../shared/business-profile';
import { isExportDelivery } from '../../shared/customs';
import { itemCustomsKey } from '../../shared/documents/commercial-invoice';
import { documentFilename } from '../../shared/documents/document-filename';
import { deliveryCountry } from '../../shared/documents/order-documents';
import { repairProFormaDocument } from '../../shared/documents/repair-pro-forma';
import { type LanguageHolder, recipientLanguage } from '../accounts/recipient-language';
import type { Db } from '../db/client';
import { type instruments, orderItems, type orders, type serviceRequests } from '../db/schema';
import { renderDocumentPdf } from '../documents/document-pdf';
import { itemCustomsOf } from '../customs/commercial-invoice';

/** A service request with its instrument and order, as service-requests.ts loads it (named here, not imported: no cycle). */
interface LoadedServiceRequest {
  request: typeof serviceRequests.$inferSelect;
  instrument: typeof instruments.$inferSelect;
  order: typeof orders.$inferSelect;
}

/**
 * An authorised return (RMA) of an instrument delivered outside the UK crosses the border twice: it
 * gets the pro-forma invoice beside its RMA document (issue 37). A UK instrument needs none.
 */
export const hasRepairProForma = ({ request, order }: Pick<LoadedServiceRequest, 'request' | 'order'>) =>
  request.rmaNumber !== null && isExportDelivery(deliveryCountry(order));

/** Issue 53: the file name in the pro-forma's language, the order's ("Proforma-Rechnung-RMA2026-00001.pdf"). */
export const repairProFormaFilename = ({
  request,
  order,
}: {
  request: Pick<LoadedServiceRequest['request'], 'rmaNumber'>;
  order: LanguageHolder;
}) => documentFilename('repairProForma', recipientLanguage(order), { rmaNumber: request.rmaNumber ?? 'pending' });

/**
 * The pro-forma as a PDF, drawn now: the instrument's configuration line gives its value and customs data.
 * Issue 53: in the language of the instrument's order (`recipientLanguage`), as the RMA document.
 */
export async function renderRepairProForma(
  db: Db,
  { request, instrument, order }: LoadedServiceRequest,
  profile: BusinessProfile,
  now: Date,
): Promise<Buffer> {
  const [line] = await db
    .select({ itemId: orderItems.itemId, unitPrice: orderItems.unitPrice })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.itemType, 'base_configuration')))
    .limit(1);
  const customs = line
    ? ((await itemCustomsOf(db, [{ itemType: 'base_configuration', itemId: line.itemId }])).get(
        itemCustomsKey('base_configuration', line.itemId),
      ) ?? null)
    : null;
  return renderDocumentPdf(
    repairProFormaDocument({
      profile,
      rmaNumber: request.rmaNumber ?? '',
      requestNumber: request.requestNumber,
      instrument: { model: instrument.model, serialNumber: instrument.serialNumber },
      order: {
        orderNumber: order.orderNumber,
        currency: order.currency,
        address: order.shippingAddress ?? order.billingAddress,
      },
      unitValue: line?.unitPrice ?? 0,
      customs,
      printedAt: now,
      language: recipientLanguage(order),
    }),
  );
}
