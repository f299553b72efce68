import type { VatTreatment } from '../../shared/tax/line-vat';
import { eq } from 'drizzle-orm';
import { chargeable, serviceMoves, serviceRefusals } from '../../shared/service-requests/service-lifecycle';
import type { Db } from '../db/client';
import { instruments, orders, serviceRequestHistory, serviceRequests } from '../db/schema';
import { conflict, forbidden, notFound, withValues } from '../http/http-error';
import { enqueueMail } from '../mail/outbox';
import { serviceRepairQuoteMail } from './service-mail';
import { serviceMailContext } from './service-notices';
import { loadServiceRequest } from './service-requests';
import { createServiceQuote } from '../instruments/service-quote';
import { getCachedSettings } from '../settings/settings-service';

/**
 * The repair quote of an open request out of warranty or marked not covered (issue 41), made through the quote engine and linked to
 * the request with a history row, in the caller's transaction. Above the Repair Quote Approval
 * Threshold setting only a staff member who may approve any amount (`approvesAnyAmount`) makes it.
 */
export async function createRepairQuote(
  tx: Db,
  input: {
    id: string;
    description: string;
    netAmountMinor: number;
    staffId: string;
    approvesAnyAmount: boolean;
    now: Date;
    publicUrl: string;
  },
) {
  const { now } = input;
  const [row] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, input.id)).for('update');
  if (!row) throw notFound(serviceRefusals.notFound);
  if (!chargeable(row)) throw conflict(serviceRefusals.repairUnderWarranty);
  if (row.repairQuoteId) throw conflict(serviceRefusals.repairQuoteExists);
  if (serviceMoves[row.status].length === 0) throw conflict(serviceRefusals.repairClosed);
  const { repairQuoteApprovalThreshold } = await getCachedSettings(tx);
  if (input.netAmountMinor > repairQuoteApprovalThreshold * 100 && !input.approvesAnyAmount) {
    const [owner] = await tx
      .select({ currency: orders.currency })
      .from(instruments)
      .innerJoin(orders, eq(orders.id, instruments.orderId))
      .where(eq(instruments.id, row.instrumentId));
    // The amount raw: the page writes it in its language, the API's English as the shop does (issue 53).
    const limit = { amount: repairQuoteApprovalThreshold * 100, currency: owner?.currency === 'EUR' ? 'EUR' : 'GBP' };
    throw forbidden(withValues(serviceRefusals.repairQuoteNeedsApproval, { limit }), {
      code: 'repair_quote_needs_approval',
    });
  }
  const quote = await createServiceQuote(tx, {
    kind: 'repair',
    instrumentId: row.instrumentId,
    description: input.description,
    netAmountMinor: input.netAmountMinor,
    now,
  });
  await tx
    .update(serviceRequests)
    .set({ repairQuoteId: quote.id, updatedAt: now })
    .where(eq(serviceRequests.id, row.id));
  await tx.insert(serviceRequestHistory).values({
    requestId: row.id,
    oldStatus: row.status,
    newStatus: row.status,
    note: `Repair quote ${quote.quoteNumber}: ${input.publicUrl}/quote/${quote.quoteReference}`,
    changedBy: input.staffId,
    createdAt: now,
  });
  // Issue 41: the customer is told, with the quote's link.
  const loaded = await loadServiceRequest(tx, { id: row.id });
  const context = loaded ? await serviceMailContext(tx, loaded, input.publicUrl) : null;
  const totals = (
    quote.configuration as {
      pricing?: { totals?: { total?: number; vat?: number; vatSummary?: { treatment: VatTreatment }[] } };
    } | null
  )?.pricing?.totals;
  // Issue 40: the e-mail in its instrument's order's language (the quote's), money and date with it.
  if (context)
    await enqueueMail(
      tx,
      serviceRepairQuoteMail({
        ...context,
        quoteNumber: quote.quoteNumber,
        quoteUrl: `${input.publicUrl}/quote/${quote.quoteReference}`,
        total: { amount: totals?.total ?? 0, currency: quote.currency === 'EUR' ? 'EUR' : 'GBP' },
        ...(totals?.vat === undefined
          ? {}
          : { vat: { amount: totals.vat, treatments: (totals.vatSummary ?? []).map((group) => group.treatment) } }),
        validUntil: quote.validUntil,
      }),
    );
  return quote;
}
