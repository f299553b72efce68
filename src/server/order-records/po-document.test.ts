import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderResource } from '../../shared/order-flow';
import { poDocumentMessages } from '../../shared/orders/po-document';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser, guestOrderBody } from '../../../tests/support/factories';
import { tinyPdf } from '../../../tests/support/model-documents';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { auditLog, orderPoDocuments, orders } from '../db/schema';

const upload = (bytes: Buffer, poNumber?: string, filename = 'PO 4500012345.pdf') => ({
  filename,
  dataBase64: bytes.toString('base64'),
  ...(poNumber === undefined ? {} : { poNumber }),
});

// A PNG's first bytes under a .pdf name: the server reads the bytes, not the name.
const pngBytes = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('the purchase-order document (issue 39)', () => {
  const t = useTestApp({ now: new Date('2026-12-01T09:00:00.000Z') });

  const placeAsCustomer = async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const response = await t.post('/api/orders', guestOrderBody(user.email), { cookie });
    expect(response.statusCode, response.body).toBe(201);
    return { cookie, order: (response.json() as { order: OrderResource }).order };
  };

  it("is attached with its number by the signed-in buyer, downloaded as stored, and another customer's request is a 404", async () => {
    const { cookie, order } = await placeAsCustomer();
    const pdf = tinyPdf('PO 4500012345');
    const attached = await t.put(`/api/orders/${order.id}/po`, upload(pdf, 'PO-4500012345'), { cookie });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({
      poNumber: 'PO-4500012345',
      poDocument: { filename: 'PO-4500012345.pdf', size: pdf.length, source: 'customer' },
    });
    const [row] = await t.db.select().from(orderPoDocuments).where(eq(orderPoDocuments.orderId, order.id));
    expect(Buffer.from(row?.bytes ?? []).equals(pdf)).toBe(true);
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.poNumber).toBe('PO-4500012345');

    // The order page lists it, and its owner downloads the very bytes.
    const page = (await t.get(`/api/orders/${order.id}`, { cookie })).json() as { order: OrderResource };
    expect(page.order.poDocument?.url).toBe(`/api/orders/${order.id}/po`);
    const download = await t.get(`/api/orders/${order.id}/po`, { cookie });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);

    // Another customer, and nobody signed in, get 404: for the file and for attaching one.
    const { user: other } = await createUser(t.db);
    const otherCookie = await signIn(t, other.email);
    expect((await t.get(`/api/orders/${order.id}/po`, { cookie: otherCookie })).statusCode).toBe(404);
    expect((await t.get(`/api/orders/${order.id}/po`)).statusCode).toBe(404);
    const stranger = await t.put(`/api/orders/${order.id}/po`, upload(tinyPdf('forged'), 'X-1'), {
      cookie: otherCookie,
    });
    expect(stranger.statusCode).toBe(404);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.poNumber).toBe('PO-4500012345');
  });

  it('refuses a file that is not a PDF by its bytes (a PNG named .pdf) with a clear message, and stores nothing', async () => {
    const { cookie, order } = await placeAsCustomer();
    const refused = await t.put(`/api/orders/${order.id}/po`, upload(pngBytes, 'PO-1', 'scan.pdf'), { cookie });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { message: poDocumentMessages.notPdf, code: 'po_not_pdf', fields: { file: poDocumentMessages.notPdf } },
    });
    expect(await t.db.select().from(orderPoDocuments).where(eq(orderPoDocuments.orderId, order.id))).toHaveLength(0);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.poNumber).toBeNull();
  });

  it('is downloaded under a name with a quote and an umlaut in one Content-Disposition, never a header of its own', async () => {
    const { cookie, order } = await placeAsCustomer();
    const pdf = tinyPdf('Bestellung');
    const name = 'Bestellung "dringend" Müller.pdf';
    const attached = await t.put(`/api/orders/${order.id}/po`, upload(pdf, 'B-1', name), { cookie });
    expect(attached.statusCode, attached.body).toBe(200);
    const download = await t.get(`/api/orders/${order.id}/po`, { cookie });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="Bestellung-dringend-M-ller.pdf"');

    // A name stored as the customer gave it (the upload cleans it today; the header must not rely on that).
    await t.db.update(orderPoDocuments).set({ filename: name }).where(eq(orderPoDocuments.orderId, order.id));
    const asGiven = await t.get(`/api/orders/${order.id}/po`, { cookie });
    expect(asGiven.statusCode).toBe(200);
    expect(asGiven.headers['content-disposition']).toBe(
      'attachment; filename="Bestellung-dringend-Mueller.pdf"; filename*=UTF-8\'\'Bestellung%20%22dringend%22%20M%C3%BCller.pdf',
    );
    expect(asGiven.rawPayload.equals(pdf)).toBe(true);
  });

  it("lets a guest attach it with the order's key only; the id alone is a 404", async () => {
    const placed = await t.post('/api/orders', guestOrderBody('guest-po@example.com'));
    const { order, accessKey } = placed.json() as { order: OrderResource; accessKey: string };
    expect((await t.put(`/api/orders/${order.id}/po`, upload(tinyPdf(), 'G-7'))).statusCode).toBe(404);
    const attached = await t.put(`/api/orders/${order.id}/po?key=${accessKey}`, upload(tinyPdf(), 'G-7'));
    expect(attached.statusCode, attached.body).toBe(200);
    expect((attached.json() as { poDocument: { url: string } }).poDocument.url).toBe(
      `/api/orders/${order.id}/po?key=${accessKey}`,
    );
    expect((await t.get(`/api/orders/${order.id}/po?key=${accessKey}`)).statusCode).toBe(200);
    expect((await t.get(`/api/orders/${order.id}/po`)).statusCode).toBe(404);
  });

  it('is attached by staff for a PO that arrived by e-mail (orders.edit), audited without the bytes; Catalogue staff are refused', async () => {
    const { order } = await placeAsCustomer();
    const admin = await createAdminSession(t);
    const pdf = tinyPdf('emailed PO');
    const attached = await t.put(`/api/admin/orders/${order.id}/po`, upload(pdf, 'UNI-PO-889'), {
      cookie: admin.cookie,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const answer = attached.json() as { order: OrderResource };
    expect(answer.order.poNumber).toBe('UNI-PO-889');
    expect(answer.order.poDocument).toMatchObject({ source: 'staff', size: pdf.length });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.po_attach'), eq(auditLog.entityId, order.id)));
    expect(entry?.after).toMatchObject({ poNumber: 'UNI-PO-889', poDocument: { source: 'staff' } });
    expect(JSON.stringify(entry?.after)).not.toContain(pdf.toString('base64'));
    // Staff read it from the order's own download route.
    const download = await t.get(`/api/orders/${order.id}/po`, { cookie: admin.cookie });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const catalogue = await createAdminSession(t, t.db, ['catalogue']);
    const refused = await t.put(`/api/admin/orders/${order.id}/po`, upload(tinyPdf(), 'NOPE'), {
      cookie: catalogue.cookie,
    });
    expect(refused.statusCode).toBe(403);
    const notPdf = await t.put(`/api/admin/orders/${order.id}/po`, upload(pngBytes, 'UNI-PO-890'), {
      cookie: admin.cookie,
    });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({ error: { message: poDocumentMessages.notPdf } });
  });
});

describe('"Orders require a PO number" (issue 39)', () => {
  const t = useTestApp({ now: new Date('2026-12-01T09:00:00.000Z') });

  it('takes a fresh code to switch on; then the order flow is told and an order without a PO number is refused', async () => {
    const admin = await createAdminSession(t);
    expect(((await t.get('/api/orders/ordering')).json() as { requirePoNumber: boolean }).requirePoNumber).toBe(false);
    const current = (await t.get('/api/admin/settings', { cookie: admin.cookie })).json().settings;
    const switchedOn = { ...current, requirePoNumber: true };
    const withoutCode = await t.put('/api/admin/settings', switchedOn, { cookie: admin.cookie });
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json()).toMatchObject({ error: { code: 'step_up_required' } });
    await admin.stepUp();
    const saved = await t.put('/api/admin/settings', switchedOn, { cookie: admin.cookie });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(((await t.get('/api/orders/ordering')).json() as { requirePoNumber: boolean }).requirePoNumber).toBe(true);

    const body = guestOrderBody('no-po@example.com');
    const refused = await t.post('/api/orders', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { code: 'po_number_required', fields: { 'billing.poNumber': poDocumentMessages.poNumberRequired } },
    });
    expect(await t.db.select().from(orders)).toHaveLength(0);
    // Blank after cleaning (spaces only) is no PO number either.
    const blank = await t.post('/api/orders', { ...body, billing: { ...body.billing, poNumber: '   ' } });
    expect(blank.statusCode).toBe(400);

    const placed = await t.post('/api/orders', { ...body, billing: { ...body.billing, poNumber: 'PO-77' } });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((placed.json() as { order: OrderResource }).order.poNumber).toBe('PO-77');
  });
});

describe('"Orders require a PO number" for one organisation (issue 39)', () => {
  const t = useTestApp({ now: new Date('2026-12-01T09:00:00.000Z') });

  it('staff switch it on for one organisation (fresh code): its member is told and refused without a PO; a customer outside it and a guest are not', async () => {
    const admin = await createAdminSession(t);
    const { user: buyer } = await createUser(t.db);
    const buyerCookie = await signIn(t, buyer.email);
    const created = await t.post(
      '/api/account/organisation',
      { name: 'University of Lancaster - Department of Chemistry, Purchasing' },
      { cookie: buyerCookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    const organisationId = (created.json() as { organisation: { id: string } }).organisation.id;

    const settings = `/api/admin/organisations/${organisationId}/settings`;
    const withoutCode = await t.put(settings, { ordersRequirePoNumber: true }, { cookie: admin.cookie });
    expect(withoutCode.statusCode).toBe(403);
    await admin.stepUp();
    const saved = await t.put(settings, { ordersRequirePoNumber: true }, { cookie: admin.cookie });
    expect(saved.statusCode, saved.body).toBe(200);
    // Only the setting named changes: the acceptance rule stays as it was.
    expect(saved.json()).toEqual({ ordersRequireAcceptedQuote: false, ordersRequirePoNumber: true });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organisation.settings'), eq(auditLog.entityId, organisationId)));
    expect(entry?.after).toMatchObject({ ordersRequirePoNumber: true, ordersRequireAcceptedQuote: false });
    const organisation = await t.get('/api/account/organisation', { cookie: buyerCookie });
    expect(organisation.json()).toMatchObject({ organisation: { ordersRequirePoNumber: true } });

    const ordering = async (cookie?: string) =>
      ((await t.get('/api/orders/ordering', cookie ? { cookie } : {})).json() as { requirePoNumber: boolean })
        .requirePoNumber;
    expect(await ordering(buyerCookie)).toBe(true);
    expect(await ordering()).toBe(false);
    const { user: outsider } = await createUser(t.db);
    const outsiderCookie = await signIn(t, outsider.email);
    expect(await ordering(outsiderCookie)).toBe(false);

    const refused = await t.post('/api/orders', guestOrderBody(buyer.email), { cookie: buyerCookie });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'po_number_required' } });
    const body = guestOrderBody(buyer.email);
    const placed = await t.post(
      '/api/orders',
      { ...body, billing: { ...body.billing, poNumber: 'LANC-PO-1' } },
      { cookie: buyerCookie },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const outside = await t.post('/api/orders', guestOrderBody(outsider.email), { cookie: outsiderCookie });
    expect(outside.statusCode, outside.body).toBe(201);
    const guest = await t.post('/api/orders', guestOrderBody('guest-lab@example.com'));
    expect(guest.statusCode, guest.body).toBe(201);

    const empty = await t.put(settings, {}, { cookie: admin.cookie });
    expect(empty.statusCode).toBe(400);
  });
});
