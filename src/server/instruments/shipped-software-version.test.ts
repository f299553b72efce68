import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { guestBilling, payInFull } from '../../../tests/support/factories';
import { passingFactoryTest } from '../../../tests/support/factory-tests';
import { pdfText } from '../../../tests/support/pdf-text';
import { useTestApp } from '../../../tests/support/test-app';
import type { Order } from '../../shared/orders/order-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { instruments, productConfigurations } from '../db/schema';

/**
 * Issue 51: the certificate records the software version the instrument shipped with, per unit, as
 * staff enter it where they enter the serial numbers; blank takes the model's version in the catalogue.
 */
describe('the software version each instrument shipped with (issue 51)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:00.000Z') });

  /** A guest order of `quantity` units, confirmed and paid in full, so it may ship. */
  async function confirmedAndPaid(cookie: string, email: string, quantity = 1): Promise<Order> {
    const placed = await t.post('/api/orders', {
      configuration: { ...defaultSelection, quantity },
      billing: guestBilling(email),
      notes: '',
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json() as { order: Order };
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    expect((await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie })).statusCode).toBe(200);
    await payInFull(t.db, order);
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    return order;
  }

  it('two units: one entered with its own version (trimmed), one left blank takes the model’s; each certificate prints its own', async () => {
    const admin = await createAdminSession(t);
    await t.db.update(productConfigurations).set({ softwareVersion: 'FW 2.4.1' });
    const order = await confirmedAndPaid(admin.cookie, 'two-units@example.com', 2);
    const shipped = await t.patch(
      `/api/admin/orders/${order.id}`,
      {
        status: 'shipped',
        serialNumbers: ['DW-SW-0001', 'DW-SW-0002'],
        factoryTests: [
          { ...passingFactoryTest, softwareVersion: '  FW 2.5.0-hotfix ' },
          { ...passingFactoryTest, softwareVersion: '' },
        ],
      },
      { cookie: admin.cookie },
    );
    expect(shipped.statusCode, shipped.body).toBe(200);

    const rows = await t.db
      .select({ serial: instruments.serialNumber, version: instruments.softwareVersion })
      .from(instruments)
      .where(eq(instruments.orderId, order.id))
      .orderBy(asc(instruments.unitIndex));
    expect(rows).toEqual([
      { serial: 'DW-SW-0001', version: 'FW 2.5.0-hotfix' },
      { serial: 'DW-SW-0002', version: 'FW 2.4.1' },
    ]);

    const documents = (
      (await t.get(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json() as { order: Order }
    ).order.documents;
    const certificateOf = async (serial: string) => {
      const paper = documents.find((document) => document.kind === 'test_certificate' && document.number === serial);
      return pdfText((await t.get(paper?.url ?? '', { cookie: admin.cookie })).rawPayload).replace(/\s+/g, ' ');
    };
    expect(await certificateOf('DW-SW-0001')).toContain('Software version: FW 2.5.0-hotfix');
    expect(await certificateOf('DW-SW-0002')).toContain('Software version: FW 2.4.1');
  });

  it('refuses a software version over 40 characters beside its field, and ships nothing', async () => {
    const admin = await createAdminSession(t);
    const order = await confirmedAndPaid(admin.cookie, 'long-version@example.com');
    const refused = await t.patch(
      `/api/admin/orders/${order.id}`,
      {
        status: 'shipped',
        serialNumbers: ['DW-SW-LONG'],
        factoryTests: [{ ...passingFactoryTest, softwareVersion: 'x'.repeat(41) }],
      },
      { cookie: admin.cookie },
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys((refused.json() as { error: { fields: Record<string, string> } }).error.fields)).toEqual([
      'factoryTests.0.softwareVersion',
    ]);
    expect(await t.db.select().from(instruments).where(eq(instruments.orderId, order.id))).toHaveLength(0);
  });
});
