import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderResource } from '../../shared/order-flow';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder as createOrderRow, createUser, guestOrderBody } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { mailOutbox, orders } from '../db/schema';

describe("the guest's order page (issue 23)", () => {
  const t = useTestApp({ now: new Date('2026-11-20T09:00:00.000Z') });

  const placeGuestOrder = async (email: string) => {
    const response = await t.post('/api/orders', guestOrderBody(email));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { order: OrderResource; accessKey: string };
  };

  it('links the e-mail to the order page with an unguessable key, and shows the order as its owner sees it', async () => {
    const { order, accessKey } = await placeGuestOrder('guest-page@example.com');
    expect(accessKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(accessKey).not.toContain(order.id);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, 'guest-page@example.com'), eq(mailOutbox.kind, 'order_received')));
    expect(mail?.textBody).toContain(`/order-details/${order.id}?key=${accessKey}`);

    // The id alone still gives only the summary the confirmation page needs.
    const bare = (await t.get(`/api/orders/${order.id}`)).json() as { order: Record<string, unknown> };
    expect(bare.order).not.toHaveProperty('billingAddress');
    expect(bare.order).not.toHaveProperty('items');
    const wrong = (await t.get(`/api/orders/${order.id}?key=${'x'.repeat(43)}`)).json() as {
      order: Record<string, unknown>;
    };
    expect(wrong.order).not.toHaveProperty('billingAddress');

    const withKey = await t.get(`/api/orders/${order.id}?key=${accessKey}`);
    expect(withKey.statusCode).toBe(200);
    expect(withKey.headers['cache-control']).toBe('private, no-store');
    const full = (withKey.json() as { order: OrderResource }).order;
    expect(full.billingAddress).toMatchObject({ street: '12 St James Square', postal_code: 'SW1Y 4JH' });
    expect(full.items.length).toBeGreaterThan(0);
    expect(full.statusHistory.map((entry) => entry.newStatus)).toEqual(['pending']);
    expect(full).not.toHaveProperty('internalNotes');
    expect(withKey.body).not.toContain('accessKey');

    // Staff confirm it: the same link shows the live status, the timeline and the written confirmation.
    const admin = await createAdminSession(t);
    const confirmed = await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const live = ((await t.get(`/api/orders/${order.id}?key=${accessKey}`)).json() as { order: OrderResource }).order;
    expect(live.status).toBe('confirmed');
    expect(live.statusHistory.map((entry) => entry.newStatus)).toEqual(['pending', 'confirmed']);
    const confirmation = live.documents.find((document) => document.kind === 'confirmation');
    expect(confirmation?.url).toBe(`/api/orders/${order.id}/documents/confirmation?key=${accessKey}`);
    const pdf = await t.get(confirmation?.url ?? '');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await t.get(`/api/orders/${order.id}/documents/confirmation`)).statusCode).toBe(404);
    expect((await t.get(`/api/orders/${order.id}/documents/confirmation?key=${'y'.repeat(43)}`)).statusCode).toBe(404);
  });

  it("opens nothing of an account's order with a key: its owner must sign in", async () => {
    const { user } = await createUser(t.db);
    const owned = await createOrderRow(t.db, { userId: user.id, accessKey: 'k'.repeat(43) });
    expect((await t.get(`/api/orders/${owned.id}?key=${'k'.repeat(43)}`)).statusCode).toBe(404);
    expect((await t.get(`/api/orders/${owned.id}/documents/confirmation?key=${'k'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('gives the key back only to whoever placed the order (an idempotent retry), never to another guest', async () => {
    const body = guestOrderBody('retry@example.com', randomUUID());
    const first = (await t.post('/api/orders', body)).json() as { accessKey: string; order: OrderResource };
    const again = await t.post('/api/orders', body);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { accessKey: string }).accessKey).toBe(first.accessKey);
    const stranger = await t.post('/api/orders', { ...body, billing: { ...body.billing, email: 'x@example.com' } });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.body).not.toContain(first.accessKey);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, first.order.id));
    expect(row?.accessKey).toBe(first.accessKey);
  });
});
