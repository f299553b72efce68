import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serviceRequestPhotos } from '../db/schema';
import type { DailyJob, JobResult } from '../jobs/scheduler';
import { cleanPhoto, PhotoRefused } from './clean-photo';

export const CLEAN_STORED_PHOTOS_JOB = 'clean-stored-photos';

/** How many photos one day's run re-encodes at most: a backlog is worked off over the following days. */
export const PHOTOS_PER_RUN = 500;

const declaredType = (contentType: string) =>
  contentType === 'image/png' || contentType === 'image/webp' ? contentType : 'image/jpeg';

/**
 * Photos stored before uploads were re-encoded (issue 34, F7) still carry their EXIF, GPS position
 * included. This job re-encodes them as an upload is now (cleanPhoto), in the claiming transaction,
 * and marks them cleaned. A stored photo that cannot be re-encoded (unreadable, or over the pixel
 * limit) is removed, since it could never have been shown safely; the counts say how many.
 */
export async function cleanStoredPhotos(tx: Db, now: Date, limit = PHOTOS_PER_RUN): Promise<JobResult> {
  const rows = await tx
    .select({
      id: serviceRequestPhotos.id,
      contentType: serviceRequestPhotos.contentType,
      bytes: serviceRequestPhotos.bytes,
    })
    .from(serviceRequestPhotos)
    .where(isNull(serviceRequestPhotos.cleanedAt))
    .orderBy(asc(serviceRequestPhotos.createdAt), asc(serviceRequestPhotos.id))
    .limit(limit);
  let cleaned = 0;
  let removed = 0;
  for (const row of rows) {
    const where = and(eq(serviceRequestPhotos.id, row.id), isNull(serviceRequestPhotos.cleanedAt));
    try {
      const clean = await cleanPhoto(Buffer.from(row.bytes), declaredType(row.contentType));
      await tx
        .update(serviceRequestPhotos)
        .set({ bytes: clean.bytes, size: clean.bytes.length, contentType: clean.contentType, cleanedAt: now })
        .where(where);
      cleaned += 1;
    } catch (error) {
      if (!(error instanceof PhotoRefused)) throw error;
      await tx.delete(serviceRequestPhotos).where(where);
      removed += 1;
    }
  }
  return { cleaned, removed };
}

export const cleanStoredPhotosJob: DailyJob = {
  name: CLEAN_STORED_PHOTOS_JOB,
  run: (tx, now) => cleanStoredPhotos(tx, now),
};
