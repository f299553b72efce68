import { timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type InstrumentForService,
  type ServiceRequest,
  type createServiceRequestSchema,
} from '../../shared/service-requests/service-contracts';
import {
  isOpenService,
  SERVICE_PHOTO_BYTES,
  type ServiceRequestStatus,
  serviceRefusals,
} from '../../shared/service-requests/service-lifecycle';
import type { Message } from '../../shared/i18n/message';
import type { z } from 'zod';
import { type Db, queryRows } from '../db/client';
import {
  decontaminationDeclarations,
  instruments,
  orders,
  quotes,
  serviceRequestHistory,
  serviceRequestPhotos,
  serviceRequests,
  type ServiceRequestStatus as StoredStatus,
} from '../db/schema';
import { badRequest, notFound } from '../http/http-error';
import { holdsAccessKey } from '../order-records/order-access';
import { hasRepairProForma } from './repair-pro-forma';
import { cleanPhoto, type PhotoRefusal, PhotoRefused } from './clean-photo';
import { photoTypeOf } from './photo-type';

type InstrumentRow = typeof instruments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type RequestRow = typeof serviceRequests.$inferSelect;

// The schema's status type and the shared lifecycle's name the same seven statuses.
const sameStatuses: [StoredStatus, ServiceRequestStatus] extends [ServiceRequestStatus, StoredStatus] ? true : never =
  true;
void sameStatuses;

/** Who is asking: a signed-in customer, or a guest holding an order's access key. */
export interface ServiceViewer {
  userId: string | null;
  key?: string | undefined;
}

/** The owner of the instrument's order signed in, or (a guest order) the holder of its access key. */
export const mayRead = (order: Pick<OrderRow, 'userId' | 'accessKey'>, viewer: ServiceViewer) =>
  (order.userId !== null && order.userId === viewer.userId) || holdsAccessKey(order, viewer.key);

/** A day as YYYY-MM-DD (UTC), the form of the instruments' cover dates. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Under cover today: the warranty or a servicing plan bought ends today or later. */
export function coveredOn(instrument: Pick<InstrumentRow, 'warrantyEndsOn' | 'servicePlanEndsOn'>, now: Date) {
  const today = dayOf(now);
  return [instrument.warrantyEndsOn, instrument.servicePlanEndsOn].some((end) => end !== null && today <= end);
}

/**
 * The instrument with this serial number, if the viewer may ask for its service: its order's
 * signed-in owner, or a guest with that order's id and access key. Anyone else: 404, the same as
 * a serial number that does not exist.
 */
export async function instrumentForViewer(
  db: Db,
  input: { serial: string; orderId?: string | undefined; viewer: ServiceViewer },
) {
  const [row] = await db
    .select({ instrument: instruments, order: orders })
    .from(instruments)
    .innerJoin(orders, eq(orders.id, instruments.orderId))
    .where(eq(instruments.serialNumber, input.serial.trim()));
  if (!row || !mayRead(row.order, input.viewer)) throw notFound(serviceRefusals.instrumentNotFound);
  if (row.order.userId === null && input.orderId !== row.order.id) throw notFound(serviceRefusals.instrumentNotFound);
  return row;
}

export function toInstrumentForService(instrument: InstrumentRow, order: OrderRow, now: Date): InstrumentForService {
  return {
    serialNumber: instrument.serialNumber,
    model: instrument.model,
    orderId: order.id,
    orderNumber: order.orderNumber,
    warrantyEndsOn: instrument.warrantyEndsOn,
    servicePlanEndsOn: instrument.servicePlanEndsOn,
    underWarranty: coveredOn(instrument, now),
  };
}

/** `{prefix}{YYYY}-{NNNNN}` from one of the service sequences (never reused). */
export async function nextNumber(tx: Db, prefix: 'SR' | 'RMA', now: Date) {
  const sequence = prefix === 'SR' ? sql`'service_request_number_seq'` : sql`'rma_number_seq'`;
  const [row] = await queryRows<{ n: string | number }>(tx, sql`select nextval(${sequence}) as n`);
  return `${prefix}${now.getUTCFullYear()}-${String(Number(row?.n)).padStart(5, '0')}`;
}

const photoRefusalMessages: Record<PhotoRefusal, { message: Message; code?: string }> = {
  type: { message: serviceRefusals.photoType },
  unreadable: { message: serviceRefusals.photoUnreadable },
  too_many_pixels: { message: serviceRefusals.photoTooManyPixels, code: 'photo_too_many_pixels' },
};

/** A photo as stored: re-encoded (clean-photo.ts), never the bytes the customer sent. */
export interface StoredPhoto {
  contentType: 'image/jpeg' | 'image/webp';
  size: number;
  bytes: Buffer;
}

/**
 * Decodes and checks the photos (images only by their bytes, each at most 5 MB and 40 megapixels),
 * then re-encodes each one without its metadata. One at a time, so three large photos are never
 * decoded at once.
 */
export async function readPhotos(photos: { dataBase64: string }[]): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = [];
  for (const [index, photo] of photos.entries()) {
    const refuse = (message: Message, code?: string) =>
      badRequest(message, { fields: { [`photos.${index}`]: message.message }, ...(code ? { code } : {}) });
    const bytes = Buffer.from(photo.dataBase64, 'base64');
    if (bytes.length > SERVICE_PHOTO_BYTES) throw refuse(serviceRefusals.photoTooLarge);
    const declared = photoTypeOf(bytes);
    if (!declared) throw refuse(serviceRefusals.photoType);
    try {
      const clean = await cleanPhoto(bytes, declared);
      stored.push({ ...clean, size: clean.bytes.length });
    } catch (error) {
      if (!(error instanceof PhotoRefused)) throw error;
      const { message, code } = photoRefusalMessages[error.reason];
      throw refuse(message, code);
    }
  }
  return stored;
}

/** Opens a request: its number, its first history row and its photos, in the caller's transaction. */
export async function createServiceRequest(
  tx: Db,
  input: {
    body: z.output<typeof createServiceRequestSchema>;
    /** The body's photos through readPhotos, done before the transaction opens. */
    photos: StoredPhoto[];
    viewer: ServiceViewer;
    now: Date;
  },
) {
  const { instrument, order } = await instrumentForViewer(tx, {
    serial: input.body.serial,
    orderId: input.body.order,
    viewer: input.viewer,
  });
  const { photos } = input;
  const [request] = await tx
    .insert(serviceRequests)
    .values({
      requestNumber: await nextNumber(tx, 'SR', input.now),
      instrumentId: instrument.id,
      userId: input.viewer.userId,
      description: input.body.description,
      underWarranty: coveredOn(instrument, input.now),
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  if (!request) throw new Error('Opening the service request failed');
  await tx.insert(serviceRequestHistory).values({
    requestId: request.id,
    oldStatus: null,
    newStatus: 'requested',
    changedBy: input.viewer.userId,
    createdAt: input.now,
  });
  if (photos.length > 0)
    await tx
      .insert(serviceRequestPhotos)
      .values(photos.map((photo) => ({ requestId: request.id, ...photo, createdAt: input.now, cleanedAt: input.now })));
  return { request, instrument, order };
}

/** The request with its instrument and order, by number; null when there is none. */
export async function loadServiceRequest(db: Db, where: { requestNumber: string } | { id: string }) {
  const [row] = await db
    .select({ request: serviceRequests, instrument: instruments, order: orders })
    .from(serviceRequests)
    .innerJoin(instruments, eq(instruments.id, serviceRequests.instrumentId))
    .innerJoin(orders, eq(orders.id, instruments.orderId))
    .where('id' in where ? eq(serviceRequests.id, where.id) : eq(serviceRequests.requestNumber, where.requestNumber));
  return row ?? null;
}

export type LoadedServiceRequest = NonNullable<Awaited<ReturnType<typeof loadServiceRequest>>>;

/**
 * Issue 41: the key e-mailed when the customer's account closed with this request open. It opens this
 * request (never its order or another request) while the request is open.
 */
export function holdsClosureKey(request: Pick<RequestRow, 'closureKey' | 'status'>, key: string | undefined) {
  if (!request.closureKey || !key || !isOpenService(request.status)) return false;
  const expected = Buffer.from(request.closureKey);
  const given = Buffer.from(key);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The request if the viewer may read it; 404 otherwise, the same as an unknown number. */
export async function serviceRequestForViewer(db: Db, requestNumber: string, viewer: ServiceViewer) {
  const loaded = await loadServiceRequest(db, { requestNumber });
  if (!loaded || !(mayRead(loaded.order, viewer) || holdsClosureKey(loaded.request, viewer.key)))
    throw notFound(serviceRefusals.notFound);
  return loaded;
}

/** The request's decontamination declaration, or null before the customer signs it. */
export async function declarationOf(db: Db, requestId: string) {
  const [row] = await db
    .select()
    .from(decontaminationDeclarations)
    .where(eq(decontaminationDeclarations.requestId, requestId));
  return row ?? null;
}

export const toDecontamination = (row: typeof decontaminationDeclarations.$inferSelect) => ({
  substances: row.substances,
  cleaningMethod: row.cleaningMethod,
  signatoryName: row.signatoryName,
  signedOn: row.signedOn,
  createdAt: row.createdAt.toISOString(),
});

/** The reference of the request's repair quote, for its page (/quote/{reference}). */
export async function repairQuoteReference(db: Db, repairQuoteId: string | null) {
  if (!repairQuoteId) return null;
  const [quote] = await db
    .select({ reference: quotes.quoteReference })
    .from(quotes)
    .where(eq(quotes.id, repairQuoteId));
  return quote?.reference ?? null;
}

export const photoList = (db: Db, requestId: string) =>
  db
    .select({
      id: serviceRequestPhotos.id,
      contentType: serviceRequestPhotos.contentType,
      size: serviceRequestPhotos.size,
    })
    .from(serviceRequestPhotos)
    .where(eq(serviceRequestPhotos.requestId, requestId))
    .orderBy(asc(serviceRequestPhotos.createdAt), asc(serviceRequestPhotos.id));

export async function photoBytes(db: Db, requestId: string, photoId: string) {
  const [photo] = await db
    .select()
    .from(serviceRequestPhotos)
    .where(and(eq(serviceRequestPhotos.requestId, requestId), eq(serviceRequestPhotos.id, photoId)));
  return photo ?? null;
}

export const historyOf = (db: Db, requestId: string) =>
  db
    .select()
    .from(serviceRequestHistory)
    .where(eq(serviceRequestHistory.requestId, requestId))
    .orderBy(asc(serviceRequestHistory.seq));

/** The request as its owner sees it; `key` is carried in its links for a guest. */
export async function toCustomerRequest(
  db: Db,
  { request, instrument, order }: LoadedServiceRequest,
  key?: string,
): Promise<ServiceRequest> {
  const base = `/api/service-requests/${encodeURIComponent(request.requestNumber)}`;
  const withKey = (path: string) => (key ? `${path}?key=${encodeURIComponent(key)}` : path);
  const history = await historyOf(db, request.id);
  const photos = await photoList(db, request.id);
  const declaration = await declarationOf(db, request.id);
  const quoteReference = await repairQuoteReference(db, request.repairQuoteId);
  return {
    requestNumber: request.requestNumber,
    status: request.status,
    serialNumber: instrument.serialNumber,
    model: instrument.model,
    orderId: order.id,
    orderNumber: order.orderNumber,
    description: request.description,
    underWarranty: request.underWarranty,
    rmaNumber: request.rmaNumber,
    returnInstructions: request.rmaNumber ? request.returnInstructions : null,
    declineReason: request.status === 'declined' ? request.declineReason : null,
    createdAt: request.createdAt.toISOString(),
    history: history
      .filter((entry) => !entry.staffOnly)
      .map((entry) => ({
        status: entry.newStatus as ServiceRequestStatus,
        note: entry.note,
        at: entry.createdAt.toISOString(),
      })),
    photos: photos.map((photo) => ({ id: photo.id, url: withKey(`${base}/photos/${photo.id}`) })),
    rmaUrl: request.rmaNumber ? withKey(`${base}/rma.pdf`) : null,
    proFormaUrl: hasRepairProForma({ request, order }) ? withKey(`${base}/pro-forma.pdf`) : null,
    notCoveredReason: request.notCoveredReason,
    decontamination: declaration ? toDecontamination(declaration) : null,
    declarationUrl: declaration ? withKey(`${base}/decontamination.pdf`) : null,
    repairQuoteUrl: quoteReference ? `/quote/${quoteReference}` : null,
  };
}

/** A signed-in customer's requests (their orders' instruments), newest first. */
export async function listCustomerRequests(db: Db, userId: string) {
  const rows = await db
    .select({ request: serviceRequests, instrument: instruments })
    .from(serviceRequests)
    .innerJoin(instruments, eq(instruments.id, serviceRequests.instrumentId))
    .innerJoin(orders, eq(orders.id, instruments.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id));
  return rows.map(({ request, instrument }) => ({
    requestNumber: request.requestNumber,
    status: request.status,
    serialNumber: instrument.serialNumber,
    model: instrument.model,
    createdAt: request.createdAt.toISOString(),
    rmaNumber: request.rmaNumber,
  }));
}

export type { RequestRow };

/** The requests of these orders' instruments as their owner sees them, photos named but not included (the data export). */
export async function serviceRequestsOfOrders(db: Db, orderIds: string[]): Promise<ServiceRequest[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ request: serviceRequests, instrument: instruments, order: orders })
    .from(serviceRequests)
    .innerJoin(instruments, eq(instruments.id, serviceRequests.instrumentId))
    .innerJoin(orders, eq(orders.id, instruments.orderId))
    .where(inArray(orders.id, orderIds))
    .orderBy(asc(serviceRequests.createdAt), asc(serviceRequests.id));
  return Promise.all(rows.map((loaded) => toCustomerRequest(db, loaded)));
}

const photoExtensions: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * The photos sent with the service requests of these orders, as stored (the data export's photos/, issue 38):
 * each named after its request and its place among that request's photos ("SR2026-00001-1.jpg").
 */
export async function servicePhotosOfOrders(
  db: Db,
  orderIds: string[],
): Promise<{ requestNumber: string; filename: string; contentType: string; bytes: Buffer }[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      requestNumber: serviceRequests.requestNumber,
      contentType: serviceRequestPhotos.contentType,
      bytes: serviceRequestPhotos.bytes,
    })
    .from(serviceRequestPhotos)
    .innerJoin(serviceRequests, eq(serviceRequests.id, serviceRequestPhotos.requestId))
    .innerJoin(instruments, eq(instruments.id, serviceRequests.instrumentId))
    .where(inArray(instruments.orderId, orderIds))
    .orderBy(
      asc(serviceRequests.createdAt),
      asc(serviceRequests.id),
      asc(serviceRequestPhotos.createdAt),
      asc(serviceRequestPhotos.id),
    );
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const index = (seen.get(row.requestNumber) ?? 0) + 1;
    seen.set(row.requestNumber, index);
    const extension = photoExtensions[row.contentType] ?? 'bin';
    return { ...row, filename: `${row.requestNumber}-${index}.${extension}` };
  });
}
