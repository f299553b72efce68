import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidateCatalogueCache } from './catalogue-service';
import { bumpChangeVersion } from '../db/change-version';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { type conflict } from '../http/http-error';
import { adminOf } from '../accounts/request-auth';
import { type AuditInput, writeAudit } from '../audit/audit-log';

type CatalogueAudit = Pick<AuditInput, 'action' | 'entityType' | 'entityId' | 'before' | 'after'>;

/**
 * What every catalogue write does, written once: `work` runs in a transaction and says what to
 * audit; the audit entry (before and after) is written and the catalogue's change version raised in
 * the same transaction, and after the commit this process drops its cached catalogue (the others
 * reload at their next request, through the change version). With `duplicate`, a unique index
 * violation (two adds of one id at once) answers that 409 instead of a 500.
 */
export async function catalogueWrite<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  work: (tx: Db, now: Date) => Promise<{ result: T; audit: CatalogueAudit }>,
  options: { duplicate?: ReturnType<typeof conflict> } = {},
): Promise<T> {
  const admin = adminOf(request);
  const now = app.now();
  let result: T;
  try {
    result = await app.db.transaction(async (tx) => {
      const done = await work(tx, now);
      await writeAudit(tx, { admin, ...done.audit, now });
      await bumpChangeVersion(tx, 'catalogue');
      return done.result;
    });
  } catch (error) {
    if (options.duplicate && isUniqueViolation(error)) throw options.duplicate;
    throw error;
  }
  invalidateCatalogueCache();
  return result;
}
