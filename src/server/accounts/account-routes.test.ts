import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { orderItems, paymentTransactions, profiles } from '../db/schema';

describe('the customer account', () => {
  const t = useTestApp();

  it('saves the profile, sanitised, and keeps the e-mail', async () => {
    const { user } = await createUser(t.db, { email: 'profile@example.com' });
    const cookie = await signIn(t, user.email);
    const saved = await t.put(
      '/api/account/profile',
      {
        firstName: ' Rosalind ',
        lastName: 'Franklin',
        phone: '+44 1524 000000',
        company: "<King's> College",
        country: 'GB',
        email: 'other@example.com',
      },
      { cookie },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toMatchObject({
      email: 'profile@example.com',
      firstName: 'Rosalind',
      company: "King's College",
      country: 'GB',
      emailVerified: true,
    });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row).toMatchObject({
      email: 'profile@example.com',
      firstName: 'Rosalind',
      lastName: 'Franklin',
      phone: '+44 1524 000000',
    });
    expect((await t.get('/api/account/profile', { cookie })).json().profile.firstName).toBe('Rosalind');
  });

  it("lists the customer's orders newest first with items, payments and history, without internal notes", async () => {
    const { user } = await createUser(t.db);
    const older = await createOrder(t.db, {
      userId: user.id,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      internalNotes: 'staff only',
    });
    const newer = await createOrder(t.db, {
      userId: user.id,
      createdAt: new Date('2026-02-01T00:00:00Z'),
      trackingNumber: 'TRK-1',
      status: 'shipped',
    });
    await t.db.insert(orderItems).values({
      orderId: newer.id,
      itemType: 'base_configuration',
      itemId: 'dropwise-standard',
      itemName: 'Dropwise Standard',
      quantity: 1,
      unitPrice: 237500,
      totalPrice: 237500,
    });
    await t.db
      .insert(paymentTransactions)
      .values({ orderId: newer.id, transactionType: 'deposit', amount: 244125, currency: 'GBP' });
    const cookie = await signIn(t, user.email);
    const list = (await t.get('/api/account/orders', { cookie })).json().orders;
    expect(list.map((o: { id: string }) => o.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({
      trackingNumber: 'TRK-1',
      status: 'shipped',
      items: [{ itemName: 'Dropwise Standard' }],
      payments: [{ transactionType: 'deposit', amount: 244125 }],
    });
    expect(list[0].statusHistory).toEqual([expect.objectContaining({ newStatus: 'pending', notes: 'Order placed' })]);
    const one = (await t.get(`/api/account/orders/${older.id}`, { cookie })).json().order;
    expect(one.id).toBe(older.id);
    expect(one).not.toHaveProperty('internalNotes');
    expect(JSON.stringify(one)).not.toContain('staff only');
  });
});
