import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guestOrderBody } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { orders } from '../db/schema';

describe('an order stores a UK postcode as Royal Mail writes it (issue 38)', () => {
  const t = useTestApp({ now: new Date('2026-11-20T09:00:00.000Z') });

  it('"cb3 0tx" typed at checkout is stored, billing and delivery, as "CB3 0TX"', async () => {
    const body = guestOrderBody('postcode@example.com', randomUUID());
    const response = await t.post('/api/orders', {
      ...body,
      billing: { ...body.billing, postalCode: 'cb3 0tx' },
      shipping: {
        firstName: 'Goods',
        lastName: 'In',
        address: '1 JJ Thomson Avenue',
        city: 'Cambridge',
        postalCode: 'cb30fa',
        country: 'GB',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = (response.json() as { order: { id: string } }).order.id;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.billingAddress?.postal_code).toBe('CB3 0TX');
    expect(row?.shippingAddress?.postal_code).toBe('CB3 0FA');
  });
});
