import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/client';
import { instruments, serviceRequestHistory, serviceRequestPhotos, serviceRequests } from '../../src/server/db/schema';
import { defaultSelection } from '../../src/shared/pricing/pricing-fixture';
import { createOrder } from './factories';

/** The smallest valid PNG (a 1×1 pixel), for photo tests. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A delivered instrument of a delivered order (the order made here unless `orderId` is given),
 * with a year's warranty from `deliveredOn`. Issue 26's dispatch step makes these for real.
 */
export async function createInstrument(
  db: Db,
  overrides: Partial<typeof instruments.$inferInsert> & { userId?: string | null } = {},
) {
  const { userId, ...values } = overrides;
  const orderId =
    values.orderId ??
    (
      await createOrder(db, {
        userId: userId ?? null,
        status: 'delivered',
        // A real selection, so the quote engine can price a repair or renewal for the instrument.
        configuration: {
          ...defaultSelection,
          customerInfo: { email: 'lab@example.com', firstName: 'Ada', lastName: 'Lovelace' },
        },
        accessKey: randomBytes(32).toString('base64url'),
      })
    ).id;
  const [instrument] = await db
    .insert(instruments)
    .values({
      orderId,
      unitIndex: 1,
      serialNumber: `DW-${randomBytes(4).toString('hex').toUpperCase()}`,
      model: 'Dropwise Pro',
      deliveredOn: '2026-06-01',
      warrantyEndsOn: '2027-06-01',
      ...values,
    })
    .returning();
  if (!instrument) throw new Error('createInstrument: insert returned nothing');
  return instrument;
}

/** A service request of an instrument, straight in the database (the API tests open theirs through the API). */
export async function createServiceRequestRow(
  db: Db,
  instrumentId: string,
  overrides: Partial<typeof serviceRequests.$inferInsert> = {},
  options: { photo?: boolean } = {},
) {
  const [request] = await db
    .insert(serviceRequests)
    .values({
      requestNumber: `SR-T${randomBytes(4).toString('hex')}`,
      instrumentId,
      description: 'It stopped dispensing',
      underWarranty: true,
      ...overrides,
    })
    .returning();
  if (!request) throw new Error('createServiceRequestRow: insert returned nothing');
  await db.insert(serviceRequestHistory).values({ requestId: request.id, newStatus: 'requested' });
  const [photo] = options.photo
    ? await db
        .insert(serviceRequestPhotos)
        .values({ requestId: request.id, contentType: 'image/png', size: tinyPng.length, bytes: tinyPng })
        .returning()
    : [];
  return { request, photoId: photo?.id ?? null };
}
