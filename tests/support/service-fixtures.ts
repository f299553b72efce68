import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import {
  instruments,
  orderItems,
  orders,
  quotes,
  serviceRequestHistory,
  serviceRequestPhotos,
  serviceRequests,
} from '../../src/server/db/schema';
import type { Language } from '../../src/shared/i18n/languages';
import { defaultSelection } from '../../src/shared/pricing/pricing-fixture';
import type { AdminServiceRequest, ServiceRequest } from '../../src/shared/service-requests/service-contracts';
import { createAdminSession } from './admin-sessions';
import { createOrder, createUser } from './factories';
import { signIn } from './sessions';
import type { TestApp } from './test-app';

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

/**
 * An authorised return of a customer's Dropwise Pro: a delivered order (with its Dropwise Pro line) in
 * `currency` and, when given, `language`, delivered to and billed at a laboratory in `country` and
 * `city`, its instrument, the service request authorised with an RMA number, and the customer signed in.
 */
export async function authorisedReturnOfProInstrument(
  t: TestApp,
  options: {
    country: string;
    city: string;
    currency: string;
    language?: Language;
    serialNumber: string;
    request: Partial<typeof serviceRequests.$inferInsert> & { rmaNumber: string };
  },
) {
  const { user } = await createUser(t.db);
  const delivery = {
    street: 'Im Neuenheimer Feld 282',
    city: options.city,
    state: null,
    postal_code: '69120',
    country: options.country,
    name: 'Dr. Lena Vogt',
    company: 'Zellkulturlabor GmbH',
    phone: null,
  };
  const order = await createOrder(t.db, {
    userId: user.id,
    currency: options.currency,
    status: 'delivered',
    ...(options.language ? { language: options.language } : {}),
    shippingAddress: delivery,
    billingAddress: delivery,
  });
  await t.db.insert(orderItems).values({
    orderId: order.id,
    itemType: 'base_configuration',
    itemId: 'dropwise-pro',
    itemName: 'Dropwise Pro',
    quantity: 1,
    unitPrice: 404000,
    totalPrice: 404000,
  });
  const instrument = await createInstrument(t.db, { orderId: order.id, serialNumber: options.serialNumber });
  const { request } = await createServiceRequestRow(t.db, instrument.id, { status: 'authorised', ...options.request });
  return { user, order, instrument, request, cookie: await signIn(t, user.email) };
}

/**
 * A signed-in customer's out-of-warranty instrument, their service request opened through the API,
 * and the repair quote staff make for it (£200 net, "New pump head", after a step-up). With
 * `instrumentOrderLanguage`, the order the instrument came from is in that language first.
 */
export async function repairQuoteOfOwnInstrument(t: TestApp, options: { instrumentOrderLanguage?: Language } = {}) {
  const { user } = await createUser(t.db);
  const cookie = await signIn(t, user.email);
  const instrument = await createInstrument(t.db, {
    userId: user.id,
    deliveredOn: '2024-06-01',
    warrantyEndsOn: '2025-06-01',
  });
  if (options.instrumentOrderLanguage)
    await t.db
      .update(orders)
      .set({ language: options.instrumentOrderLanguage })
      .where(eq(orders.id, instrument.orderId));
  const opened = await t.post(
    '/api/service-requests',
    { serial: instrument.serialNumber, description: 'The pump stalls mid-dose.' },
    { cookie },
  );
  if (opened.statusCode !== 201) throw new Error(`opening the service request: ${opened.statusCode} ${opened.body}`);
  const { requestNumber } = (opened.json() as { request: ServiceRequest }).request;
  const [request] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.requestNumber, requestNumber));
  const admin = await createAdminSession(t);
  await admin.stepUp();
  const made = await t.post(
    `/api/admin/service/${request?.id}/repair-quote`,
    { description: 'New pump head', netAmountMinor: 20_000 },
    { cookie: admin.cookie },
  );
  if (made.statusCode !== 200) throw new Error(`making the repair quote: ${made.statusCode} ${made.body}`);
  const quoteNumber = (made.json() as { request: AdminServiceRequest }).request.repairQuote?.quoteNumber ?? '';
  const [quote] = await t.db.select().from(quotes).where(eq(quotes.quoteNumber, quoteNumber));
  if (!request || !quote) throw new Error('repairQuoteOfOwnInstrument: no request or quote');
  return { user, cookie, instrument, request, admin, quote };
}
