import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidateCatalogueCache } from './catalogue-service';
import { bumpChangeVersion } from '../db/change-version';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { type conflict } from '../http/http-error';
import { type AuditedWork, auditedChange } from '../audit/audited-change';

/**
 * What every catalogue write does, written once: an `auditedChange` (the audit entry, before and
 * after, in the write's transaction) that also raises the catalogue's change version in that
 * transaction; after the commit this process drops its cached catalogue (the others reload at
 * their next request, through the change version). With `duplicate`, a unique index violation (two
 * adds of one id at once) answers that 409 instead of a 500.
 */
export async function catalogueWrite<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  work: (tx: Db, now: Date) => Promise<AuditedWork<T>>,
  options: { duplicate?: ReturnType<typeof conflict> } = {},
): Promise<T> {
  let result: T;
  try {
    result = await auditedChange(app, request, async (tx, now) => {
      const done = await work(tx, now);
      await bumpChangeVersion(tx, 'catalogue');
      // A batch edited, added or reordered: the batches' places are read apart from the rest (getProduct).
      await bumpChangeVersion(tx, 'batches');
      return done;
    });
  } catch (error) {
    if (options.duplicate && isUniqueViolation(error)) throw options.duplicate;
    throw error;
  }
  invalidateCatalogueCache();
  return result;
}
