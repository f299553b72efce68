import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser } from '../../../tests/support/factories';
import { createInstrument } from '../../../tests/support/service-fixtures';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import type { AdminServiceRequest, ServiceRequest } from '../../shared/service/service-contracts';
import { serviceMessages } from '../../shared/service/service-lifecycle';
import { auditLog, quotes } from '../db/schema';

const start = new Date('2026-11-20T09:00:00.000Z');

describe('the repair quote of a service request out of warranty (issue 26)', () => {
  const t = useTestApp({ now: start });

  const openRequest = async (warrantyEndsOn: string) => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const instrument = await createInstrument(t.db, { userId: user.id, warrantyEndsOn });
    const created = await t.post(
      '/api/service-requests',
      { serial: instrument.serialNumber, description: 'The pump stalls after a minute.' },
      { cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    const { requestNumber } = (created.json() as { request: ServiceRequest }).request;
    const admin = await createAdminSession(t);
    const list = await t.get(`/api/admin/service?search=${requestNumber}`, { cookie: admin.cookie });
    const id = (list.json() as { items: { id: string }[] }).items[0]?.id ?? '';
    return { cookie, admin, id, requestNumber, instrument };
  };

  it('prices the repair through the quote engine, once, and shows the customer the quote on their request', async () => {
    const { cookie, admin, id, requestNumber, instrument } = await openRequest('2026-01-31');
    const made = await t.post(
      `/api/admin/service/${id}/repair-quote`,
      { description: 'New peristaltic pump head', netAmountMinor: 35_000 },
      { cookie: admin.cookie },
    );
    expect(made.statusCode, made.body).toBe(200);
    const staffView = (made.json() as { request: AdminServiceRequest }).request;
    expect(staffView.repairQuote?.quoteNumber).toMatch(/^Q2026-\d{4,}$/);

    const [quote] = await t.db
      .select()
      .from(quotes)
      .where(eq(quotes.id, staffView.repairQuote?.id ?? ''));
    expect(quote?.kind).toBe('repair');
    expect(quote?.serialNumber).toBe(instrument.serialNumber);
    const resource = (await t.get(`/api/quotes/${quote?.quoteReference}`)).json().quote;
    expect(resource.pricing.items.baseConfiguration.name).toBe(
      `Repair: New peristaltic pump head, instrument ${instrument.serialNumber}`,
    );
    expect(resource.pricing.totals).toMatchObject({ subtotal: 35_000, vat: 7_000, total: 42_000 });

    const customerView = (
      (await t.get(`/api/service-requests/${requestNumber}`, { cookie })).json() as { request: ServiceRequest }
    ).request;
    expect(customerView.history.map((step) => step.note).join('\n')).toContain(
      `Repair quote ${staffView.repairQuote?.quoteNumber}`,
    );
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'service.repair_quote'));
    expect(audit).toHaveLength(1);

    const again = await t.post(
      `/api/admin/service/${id}/repair-quote`,
      { description: 'Again', netAmountMinor: 100 },
      { cookie: admin.cookie },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { message: serviceMessages.repairQuoteExists } });
  });

  it('refuses a repair quote under warranty, and a price of nothing', async () => {
    const { admin, id, instrument } = await openRequest('2027-06-01');
    const free = await t.post(
      `/api/admin/service/${id}/repair-quote`,
      { description: 'Pump head', netAmountMinor: 35_000 },
      { cookie: admin.cookie },
    );
    expect(free.statusCode).toBe(409);
    expect(free.json()).toMatchObject({ error: { message: serviceMessages.repairUnderWarranty } });
    const nothing = await t.post(
      `/api/admin/service/${id}/repair-quote`,
      { description: 'Pump head', netAmountMinor: 0 },
      { cookie: admin.cookie },
    );
    expect(nothing.statusCode).toBe(400);
    expect(await t.db.select().from(quotes).where(eq(quotes.serialNumber, instrument.serialNumber))).toHaveLength(0);
  });
});
