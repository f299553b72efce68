import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createUser, payInFull } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { auditLog, instruments, mailOutbox, orders, orderStatusHistory } from '../db/schema';
import { passingFactoryTests } from '../../../tests/support/factory-tests';

describe('shipping with serial numbers spans orders and instruments (workflows/ship-order)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:00.000Z') });
  const later = () => {
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
  };

  let customers = 0;
  /** A confirmed order of `quantity` instruments, paid in full, for a customer of its own. */
  async function readyToShip(quantity: number) {
    customers += 1;
    const customer = await createUser(t.db, { email: `ship-workflow-${customers}@example.com` });
    const order = await createOrder(t.db, {
      userId: customer.user.id,
      status: 'confirmed',
      configuration: { quantity },
      totalAmount: 500000,
    });
    await payInFull(t.db, order);
    return { ...order, email: customer.user.email };
  }

  async function admin() {
    const session = await createAdminSession(t);
    await session.stepUp();
    return session;
  }
  const patchShip = (cookie: string, orderId: string, serialNumbers: string[]) =>
    t.patch(
      `/api/admin/orders/${orderId}`,
      { status: 'shipped', carrier: 'dhl', serialNumbers, factoryTests: passingFactoryTests(serialNumbers.length) },
      { cookie },
    );
  const overrideShip = (cookie: string, orderId: string, serialNumbers: string[]) =>
    t.post(
      `/api/admin/orders/${orderId}/ship-override`,
      {
        reason: 'Collected by the customer',
        carrier: 'dhl',
        serialNumbers,
        factoryTests: passingFactoryTests(serialNumbers.length),
      },
      { cookie },
    );

  const instrumentsOf = (orderId: string) =>
    t.db.select().from(instruments).where(eq(instruments.orderId, orderId)).orderBy(asc(instruments.unitIndex));
  const auditOf = (orderId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, orderId)));
  const orderOf = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0];

  it('records the same instruments and the same audit entry through PATCH /orders/:id and through the ship-override', async () => {
    const staff = await admin();
    const viaPatch = await readyToShip(2);
    const viaOverride = await readyToShip(2);

    later();
    const patched = await patchShip(staff.cookie, viaPatch.id, ['DW-SAME-A1', 'DW-SAME-A2']);
    expect(patched.statusCode, patched.body).toBe(200);
    const overridden = await overrideShip(staff.cookie, viaOverride.id, ['DW-SAME-B1', 'DW-SAME-B2']);
    expect(overridden.statusCode, overridden.body).toBe(200);

    // The instruments rows: one per unit, alike but for the order and the serial numbers entered.
    const shape = ({ id: _id, orderId: _order, serialNumber: _serial, ...rest }: typeof instruments.$inferSelect) =>
      rest;
    const patchedRows = await instrumentsOf(viaPatch.id);
    const overriddenRows = await instrumentsOf(viaOverride.id);
    expect(patchedRows.map((row) => row.serialNumber)).toEqual(['DW-SAME-A1', 'DW-SAME-A2']);
    expect(overriddenRows.map((row) => row.serialNumber)).toEqual(['DW-SAME-B1', 'DW-SAME-B2']);
    expect(overriddenRows.map(shape)).toEqual(patchedRows.map(shape));
    expect(patchedRows[0]).toMatchObject({ model: 'Instrument', warrantyYears: 1, createdBy: staff.user.id });

    // The audit entries: one each, in the same words but for the action and the owner's reason.
    const [patchAudit, ...morePatch] = await auditOf(viaPatch.id);
    const [overrideAudit, ...moreOverride] = await auditOf(viaOverride.id);
    expect(morePatch).toEqual([]);
    expect(moreOverride).toEqual([]);
    expect(patchAudit).toMatchObject({ action: 'order.update', adminId: staff.user.id, createdAt: t.clock.now });
    expect(overrideAudit).toMatchObject({
      action: 'order.ship_override',
      adminId: staff.user.id,
      createdAt: t.clock.now,
    });
    expect(patchAudit?.after).toMatchObject({ status: 'shipped', serialNumbers: ['DW-SAME-A1', 'DW-SAME-A2'] });
    expect(overrideAudit?.after).toMatchObject({
      status: 'shipped',
      serialNumbers: ['DW-SAME-B1', 'DW-SAME-B2'],
      overrideReason: 'Collected by the customer',
    });
    const comparable = (entry: Record<string, unknown> | null | undefined) => {
      const {
        orderNumber: _number,
        serialNumbers: _serials,
        factoryTests: _tests,
        overrideReason: _reason,
        ...rest
      } = entry ?? {};
      return rest;
    };
    expect(comparable(overrideAudit?.before)).toEqual(comparable(patchAudit?.before));
    expect(comparable(overrideAudit?.after)).toEqual(comparable(patchAudit?.after));
    expect(patchAudit?.before).toMatchObject({ status: 'confirmed' });
    // Each instrument's factory test as judged, with its limits (issue 41).
    expect(overrideAudit?.after?.factoryTests).toEqual([
      expect.objectContaining({
        serialNumber: 'DW-SAME-B1',
        rateAccuracyPercent: -0.4,
        rateLimitPercent: 2,
        passed: true,
      }),
      expect.objectContaining({ serialNumber: 'DW-SAME-B2', volumeDeliveredMl: 10.03, testedBy: 'Alex Tester' }),
    ]);
  });

  it.each([
    ['PATCH /orders/:id', 'P', patchShip],
    ['the ship-override', 'O', overrideShip],
  ])(
    'a serial number already taken refuses %s and leaves the order unshipped (one transaction)',
    async (_route, tag, ship) => {
      const staff = await admin();
      const first = await readyToShip(1);
      later();
      expect((await patchShip(staff.cookie, first.id, [`DW-TAKEN-${tag}`])).statusCode).toBe(200);

      const order = await readyToShip(2);
      const refused = await ship(staff.cookie, order.id, [`DW-FREE-${tag}1`, `DW-TAKEN-${tag}`]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'serial_number_taken',
        fields: { 'serialNumbers.1': `Serial number DW-TAKEN-${tag} is already recorded for another instrument.` },
      });

      // The order's move ran before the refusal; none of it is kept.
      expect(await orderOf(order.id)).toMatchObject({ status: 'confirmed', carrier: null, updatedAt: order.updatedAt });
      const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
      expect(history.map((row) => row.newStatus)).toEqual(['pending']);
      const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, order.email));
      expect(mail.filter((row) => row.kind === 'order_shipped')).toEqual([]);
      expect(await instrumentsOf(order.id)).toEqual([]);
      expect(await auditOf(order.id)).toEqual([]);

      // Once the serial numbers are free it ships.
      later();
      const shipped = await ship(staff.cookie, order.id, [`DW-FREE-${tag}1`, `DW-FREE-${tag}2`]);
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(await orderOf(order.id)).toMatchObject({ status: 'shipped', carrier: 'dhl' });
    },
  );
});
