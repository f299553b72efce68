import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { serviceMoveRequestSchema } from '../../shared/service-requests/service-contracts';
import { canMoveService, serviceMessages } from '../../shared/service-requests/service-lifecycle';
import type { Db } from '../db/client';
import { serviceRequestHistory, serviceRequests } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/http-error';
import { enqueueMail } from '../mail/outbox';
import { orderRecipient } from '../orders/order-admin-context';
import { getBusinessProfile } from '../business-profile/profile-service';
import { serviceAuthorisedMail, serviceRequestUrl, serviceReturnedMail } from './service-mail';
import { loadServiceRequest, nextNumber } from './service-requests';

/** What the audit log keeps of a request before and after a move. */
const audited = (row: typeof serviceRequests.$inferSelect) => ({
  requestNumber: row.requestNumber,
  status: row.status,
  rmaNumber: row.rmaNumber,
  returnInstructions: row.returnInstructions,
  declineReason: row.declineReason,
});

/**
 * One step of a request's life (service-lifecycle.ts says which): authorising gives it an RMA
 * number and return instructions, declining a reason. Writes the customer's history row (and a
 * staff-only one for `staffNote`), and e-mails the customer at authorisation and at return, in the
 * caller's transaction. Any other move is refused (409 `service_move_refused`, naming the moves left).
 */
export async function moveServiceRequest(
  tx: Db,
  input: {
    id: string;
    move: z.output<typeof serviceMoveRequestSchema>;
    staffId: string;
    now: Date;
    publicUrl: string;
  },
) {
  const [before] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, input.id)).for('update');
  if (!before) throw notFound(serviceMessages.notFound);
  const { to, note, staffNote, returnInstructions, declineReason } = input.move;
  if (!canMoveService(before.status, to))
    throw conflict(serviceMessages.moveRefused(before.status, to), { code: 'service_move_refused' });
  if (to === 'authorised' && !returnInstructions)
    throw badRequest(serviceMessages.returnInstructionsRequired, {
      fields: { returnInstructions: serviceMessages.returnInstructionsRequired },
    });
  if (to === 'declined' && !declineReason)
    throw badRequest(serviceMessages.declineReasonRequired, {
      fields: { declineReason: serviceMessages.declineReasonRequired },
    });

  const [after] = await tx
    .update(serviceRequests)
    .set({
      status: to,
      updatedAt: input.now,
      ...(to === 'authorised'
        ? { rmaNumber: await nextNumber(tx, 'RMA', input.now), returnInstructions: returnInstructions ?? null }
        : {}),
      ...(to === 'declined' ? { declineReason: declineReason ?? null } : {}),
    })
    .where(eq(serviceRequests.id, before.id))
    .returning();
  if (!after) throw notFound(serviceMessages.notFound);

  await tx.insert(serviceRequestHistory).values([
    {
      requestId: after.id,
      oldStatus: before.status,
      newStatus: to,
      note: (to === 'declined' ? declineReason : note) ?? null,
      changedBy: input.staffId,
      createdAt: input.now,
    },
    ...(staffNote
      ? [
          {
            requestId: after.id,
            oldStatus: to,
            newStatus: to,
            note: staffNote,
            staffOnly: true,
            changedBy: input.staffId,
            createdAt: input.now,
          },
        ]
      : []),
  ]);

  if (to === 'authorised' || to === 'returned') {
    const loaded = await loadServiceRequest(tx, { id: after.id });
    const recipient = loaded ? await orderRecipient(tx, loaded.order, input.publicUrl) : null;
    if (loaded && recipient) {
      const context = {
        loaded,
        to: recipient.to,
        firstName: recipient.firstName,
        requestUrl: serviceRequestUrl(input.publicUrl, loaded),
        profile: await getBusinessProfile(tx),
      };
      await enqueueMail(tx, to === 'authorised' ? serviceAuthorisedMail(context) : serviceReturnedMail(context));
    }
  }
  return { before: audited(before), after: audited(after) };
}
