import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { adminOf, type RequestAuth } from '../accounts/request-auth';
import { type AuditInput, writeAudit } from './audit-log';

/** What a change says to record: the admin and the time are the helper's. */
export type AuditEntry = Pick<AuditInput, 'action' | 'entityType' | 'entityId' | 'before' | 'after'>;

/**
 * What `work` returns: the caller's answer (`undefined` when it reloads afterwards) and the entry to
 * write, or `null` when the work changed nothing worth recording (a save of the same values).
 */
export interface AuditedWork<T> {
  result: T;
  audit: AuditEntry | null;
}

/**
 * A staff member's write with its audit entry, written once: `work(tx, now, admin)` runs in one
 * transaction and returns `{ result, audit }`; the entry (who, `now`, what, before and after) is
 * written in the same transaction, so the change and its record commit or fail together; the
 * result is returned after the commit. `now` is read once, so the write and its entry agree.
 *
 *   const invoice = await auditedChange(app, request, async (tx, now, admin) => {
 *     const issued = await issueInvoice(tx, { orderId, adminId: admin.userId, now, ... });
 *     return { result: issued.invoice, audit: { action: 'invoice.issue', entityType: 'order', entityId: orderId, before: null, after: issued.after } };
 *   });
 *
 * Reloading what the answer shows belongs after the call (outside the transaction).
 */
export async function auditedChange<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  work: (tx: Db, now: Date, admin: RequestAuth) => Promise<AuditedWork<T>>,
): Promise<T> {
  const admin = adminOf(request);
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const done = await work(tx, now, admin);
    if (done.audit) await writeAudit(tx, { admin, ...done.audit, now });
    return done.result;
  });
}
