import { eq, inArray } from 'drizzle-orm';
import type { AdminServiceRequest } from '../../shared/service-requests/service-contracts';
import {
  type ServiceRequestStatus,
  serviceMessages,
  serviceMoves,
} from '../../shared/service-requests/service-lifecycle';
import type { Db } from '../db/client';
import { profiles, quotes } from '../db/schema';
import { notFound } from '../http/http-error';
import { declarationOf, historyOf, loadServiceRequest, photoList, toDecontamination } from './service-requests';
import { serviceRow } from './service-list';
import { hasRepairProForma } from './repair-pro-forma';
import { repairPaymentOf } from './repair-payment';
import { repairMayProceed } from '../../shared/service-requests/repair-payment';

/** The request as staff see it: the customer, the instrument's cover, every history row, photos and the moves left. */
export async function adminServiceRequest(db: Db, id: string): Promise<AdminServiceRequest> {
  const row = await serviceRow(db, id);
  const loaded = await loadServiceRequest(db, { id });
  if (!row || !loaded) throw notFound(serviceMessages.notFound);
  const { request, instrument, order } = loaded;
  const history = await historyOf(db, id);
  const staffIds = [...new Set(history.map((entry) => entry.changedBy).filter((by): by is string => by !== null))];
  const names = new Map(
    staffIds.length === 0
      ? []
      : (
          await db
            .select({ id: profiles.id, email: profiles.email })
            .from(profiles)
            .where(inArray(profiles.id, staffIds))
        ).map((profile) => [profile.id, profile.email]),
  );
  const [quote] = request.repairQuoteId
    ? await db
        .select({ id: quotes.id, quoteNumber: quotes.quoteNumber, reference: quotes.quoteReference })
        .from(quotes)
        .where(eq(quotes.id, request.repairQuoteId))
    : [];
  const base = `/api/admin/service/${id}`;
  const repairPayment = await repairPaymentOf(db, request);
  const declaration = await declarationOf(db, id);
  return {
    ...row,
    returnInstructions: request.returnInstructions,
    declineReason: request.declineReason,
    warrantyEndsOn: instrument.warrantyEndsOn,
    servicePlanEndsOn: instrument.servicePlanEndsOn,
    deliveredOn: instrument.deliveredOn,
    history: history.map((entry) => ({
      oldStatus: entry.oldStatus as ServiceRequestStatus | null,
      status: entry.newStatus as ServiceRequestStatus,
      note: entry.note,
      staffOnly: entry.staffOnly,
      at: entry.createdAt.toISOString(),
      by: entry.changedBy ? (names.get(entry.changedBy) ?? null) : null,
    })),
    photos: (await photoList(db, id)).map((photo) => ({ ...photo, url: `${base}/photos/${photo.id}` })),
    // Issue 54: "Repaired" is offered only once the repair may proceed (paid, not charged, or overridden).
    allowedMoves: serviceMoves[request.status].filter(
      (to) => to !== 'repaired' || repairMayProceed(repairPayment.state),
    ),
    repairPayment,
    repairQuote: quote ?? null,
    rmaUrl: request.rmaNumber ? `${base}/rma.pdf` : null,
    proFormaUrl: hasRepairProForma({ request, order }) ? `${base}/pro-forma.pdf` : null,
    notCoveredReason: request.notCoveredReason,
    notCoveredNote: request.notCoveredNote,
    decontamination: declaration ? toDecontamination(declaration) : null,
    declarationUrl: declaration ? `${base}/decontamination.pdf` : null,
  };
}
