import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { serviceMoveRequestSchema } from '../../shared/service-requests/service-contracts';
import { canMoveService, isOpenService, serviceMessages } from '../../shared/service-requests/service-lifecycle';
import type { Db } from '../db/client';
import { decontaminationDeclarations, serviceRequestHistory, serviceRequests } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/http-error';
import { enqueueMail } from '../mail/outbox';
import { serviceAuthorisedMail, serviceNotCoveredMail, serviceReturnedMail } from './service-mail';
import { serviceMailContext } from './service-notices';
import { declarationOf, loadServiceRequest, nextNumber } from './service-requests';
import { repairMayProceed, repairPaymentMessages } from '../../shared/service-requests/repair-payment';
import { repairPaymentOf } from './repair-payment';

type RequestRow = typeof serviceRequests.$inferSelect;

/** What the audit log keeps of a request before and after a move. */
const audited = (row: typeof serviceRequests.$inferSelect) => ({
  requestNumber: row.requestNumber,
  status: row.status,
  rmaNumber: row.rmaNumber,
  returnInstructions: row.returnInstructions,
  declineReason: row.declineReason,
  notCoveredReason: row.notCoveredReason,
  notCoveredNote: row.notCoveredNote,
  repairOverrideReason: row.repairOverrideReason,
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
    /** Issue 54: an Owner marks a charged repair repaired before its payment, for this reason (recorded). */
    override?: { reason: string };
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
  // Issue 41: an instrument that handled biological or chemical samples comes in only declared clean.
  if (to === 'received' && !(await declarationOf(tx, before.id)))
    throw conflict(serviceMessages.declarationRequired, { code: 'decontamination_declaration_missing' });
  // Issue 54: a charged repair waits for its quote to be accepted and paid in full, or an Owner's override.
  if (to === 'repaired' && !input.override) {
    const { state } = await repairPaymentOf(tx, before);
    if (!repairMayProceed(state)) throw conflict(repairPaymentMessages.notPaid(state), { code: 'repair_not_paid' });
  }
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
      ...(input.override
        ? { repairOverrideReason: input.override.reason, repairOverrideAt: input.now, repairOverrideBy: input.staffId }
        : {}),
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
    ...(input.override
      ? [
          {
            requestId: after.id,
            oldStatus: to,
            newStatus: to,
            note: `Repaired before payment on an Owner's override: ${input.override.reason}`,
            staffOnly: true,
            changedBy: input.staffId,
            createdAt: input.now,
          },
        ]
      : []),
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
    const context = loaded ? await serviceMailContext(tx, loaded, input.publicUrl) : null;
    if (context)
      await enqueueMail(tx, to === 'authorised' ? serviceAuthorisedMail(context) : serviceReturnedMail(context));
  }
  // A closed account's key opens the request only while it is open (issue 41).
  if (!isOpenService(to) && after.closureKey)
    await tx.update(serviceRequests).set({ closureKey: null }).where(eq(serviceRequests.id, after.id));
  return { before: audited(before), after: audited(after) };
}

/**
 * Issue 41: staff find the fault outside the warranty (terms §11) with the reason and what they saw:
 * the request then takes a repair quote like one out of warranty. A history row tells the customer,
 * who is e-mailed; the caller audits.
 */
export async function markNotCovered(
  tx: Db,
  input: {
    id: string;
    reason: NonNullable<RequestRow['notCoveredReason']>;
    note?: string | undefined;
    staffId: string;
    now: Date;
    publicUrl: string;
  },
) {
  const [before] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, input.id)).for('update');
  if (!before) throw notFound(serviceMessages.notFound);
  if (!isOpenService(before.status)) throw conflict(serviceMessages.notCoveredClosed);
  if (!before.underWarranty) throw conflict(serviceMessages.notCoveredOutOfWarranty);
  if (before.notCoveredReason) throw conflict(serviceMessages.notCoveredAlready);
  const [after] = await tx
    .update(serviceRequests)
    .set({ notCoveredReason: input.reason, notCoveredNote: input.note ?? null, updatedAt: input.now })
    .where(eq(serviceRequests.id, before.id))
    .returning();
  if (!after) throw notFound(serviceMessages.notFound);
  await tx.insert(serviceRequestHistory).values({
    requestId: after.id,
    oldStatus: before.status,
    newStatus: before.status,
    note: serviceMessages.notCovered(input.reason),
    changedBy: input.staffId,
    createdAt: input.now,
  });
  const loaded = await loadServiceRequest(tx, { id: after.id });
  const context = loaded ? await serviceMailContext(tx, loaded, input.publicUrl) : null;
  if (context) await enqueueMail(tx, serviceNotCoveredMail(context));
  return { before: audited(before), after: audited(after) };
}

/**
 * Issue 41: the customer signs the decontamination declaration on the request page (a typed name and
 * a tick), once, while the request is open.
 */
export async function declareDecontamination(
  tx: Db,
  input: {
    requestId: string;
    declaration: { substances: string; cleaningMethod: string; signatoryName: string; signedOn: string };
    now: Date;
  },
) {
  const [row] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, input.requestId)).for('update');
  if (!row) throw notFound(serviceMessages.notFound);
  if (!isOpenService(row.status)) throw conflict(serviceMessages.declarationClosed);
  if (await declarationOf(tx, row.id)) throw conflict(serviceMessages.declarationExists);
  await tx
    .insert(decontaminationDeclarations)
    .values({ requestId: row.id, ...input.declaration, createdAt: input.now });
  await tx.insert(serviceRequestHistory).values({
    requestId: row.id,
    oldStatus: row.status,
    newStatus: row.status,
    note: `Decontamination declaration signed by ${input.declaration.signatoryName}.`,
    changedBy: row.userId,
    createdAt: input.now,
  });
}
