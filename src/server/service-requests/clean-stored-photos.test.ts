import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { createInstrument, createServiceRequestRow } from '../../../tests/support/service-fixtures';
import { useTestApp } from '../../../tests/support/test-app';
import { serviceRequestPhotos } from '../db/schema';
import { CLEAN_STORED_PHOTOS_JOB } from './clean-stored-photos';

describe('photos stored before uploads were re-encoded (issue 34, F7)', () => {
  const t = useTestApp({ now: new Date('2026-11-28T09:00:00.000Z') });

  it('the daily job re-encodes an old photo without its EXIF and GPS position, removes one it cannot read, and leaves a cleaned one as it is', async () => {
    const owner = await createUser(t.db);
    const instrument = await createInstrument(t.db, { userId: owner.user.id });
    const { request } = await createServiceRequestRow(t.db, instrument.id);
    const withGps = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2850c8' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSMapDatum: 'WGS-84' } })
      .toBuffer();
    expect(withGps.includes('WGS-84')).toBe(true);
    const broken = Buffer.concat([withGps.subarray(0, 20), Buffer.from('not the rest of a JPEG')]);
    const insert = (bytes: Buffer, cleanedAt: Date | null) =>
      t.db
        .insert(serviceRequestPhotos)
        .values({ requestId: request.id, contentType: 'image/jpeg', size: bytes.length, bytes, cleanedAt })
        .returning()
        .then(([row]) => row?.id ?? '');
    const old = await insert(withGps, null);
    const unreadable = await insert(broken, null);
    const alreadyClean = await insert(withGps, new Date('2026-11-01T00:00:00.000Z'));

    const run = await t.app.scheduler.runJob(CLEAN_STORED_PHOTOS_JOB);
    expect(run).toEqual({ ran: true, result: { cleaned: 1, removed: 1 } });

    const photo = async (id: string) =>
      (await t.db.select().from(serviceRequestPhotos).where(eq(serviceRequestPhotos.id, id)))[0];
    const cleaned = await photo(old);
    expect(cleaned?.cleanedAt?.toISOString()).toBe('2026-11-28T09:00:00.000Z');
    expect(cleaned?.bytes.includes('WGS-84')).toBe(false);
    expect(cleaned?.bytes.includes('PhoneCo')).toBe(false);
    expect(cleaned?.size).toBe(cleaned?.bytes.length);
    const metadata = await sharp(cleaned?.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(metadata.exif).toBeUndefined();
    expect(await photo(unreadable)).toBeUndefined();
    // Already cleaned: not touched (its bytes are what the test stored).
    expect((await photo(alreadyClean))?.bytes.equals(withGps)).toBe(true);
  });
});
