// @engine: row lock on the service request
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser } from '../../../tests/support/factories';
import { createInstrument, createServiceRequestRow } from '../../../tests/support/service-fixtures';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { systemSettingsMessages } from '../../shared/admin/settings-schemas';
import type { AdminServiceRequest, ServiceRequest } from '../../shared/service-requests/service-contracts';
import { serviceMessages } from '../../shared/service-requests/service-lifecycle';
import { auditLog, mailOutbox, orders, quotes, serviceRequests } from '../db/schema';
import { resetSettings } from '../settings/settings-service';

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
    // Setting a repair price needs step-up (issue 34).
    await admin.stepUp();
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

  it('the repair quote e-mail of a reverse-charged repair says no UK VAT, never “including VAT” (issue 51)', async () => {
    const { admin, id, instrument } = await openRequest('2026-01-31');
    // The instrument's owner: a German business with a VAT number, whose servicing is reverse-charged, in German.
    await t.db
      .update(orders)
      .set({
        currency: 'EUR',
        language: 'de',
        vatNumber: 'DE136695976',
        billingAddress: {
          street: 'Im Neuenheimer Feld 1',
          city: 'Heidelberg',
          state: null,
          postal_code: '69120',
          country: 'DE',
        },
        shippingAddress: {
          street: 'Im Neuenheimer Feld 1',
          city: 'Heidelberg',
          state: null,
          postal_code: '69120',
          country: 'DE',
        },
      })
      .where(eq(orders.id, instrument.orderId));
    const made = await t.post(
      `/api/admin/service/${id}/repair-quote`,
      { description: 'Neuer Pumpenkopf', netAmountMinor: 35_000 },
      { cookie: admin.cookie },
    );
    expect(made.statusCode, made.body).toBe(200);
    const quoteNumber = (made.json() as { request: AdminServiceRequest }).request.repairQuote?.quoteNumber ?? '';
    const mail = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'service_repair_quote'))).find(
      (candidate) => candidate.subject.includes(quoteNumber),
    );
    expect(mail?.textBody).not.toContain('inklusive MwSt.');
    expect(mail?.textBody).toContain('350,00');
    expect(mail?.textBody).toContain(
      'ohne britische Umsatzsteuer (Steuerschuldnerschaft des Leistungsempfängers (Artikel 196, Richtlinie 2006/112/EG))',
    );
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

  describe('who may set the price (issue 34): step-up always, payments.record above the threshold', () => {
    /** An out-of-warranty request straight in the database, its order in `currency`. */
    const outOfWarranty = async (currency: 'GBP' | 'EUR' = 'GBP') => {
      const instrument = await createInstrument(t.db, { warrantyEndsOn: '2025-01-31' });
      if (currency === 'EUR') await t.db.update(orders).set({ currency }).where(eq(orders.id, instrument.orderId));
      const { request } = await createServiceRequestRow(t.db, instrument.id, { underWarranty: false });
      return request.id;
    };
    const price = (id: string, netAmountMinor: number, cookie: string) =>
      t.post(`/api/admin/service/${id}/repair-quote`, { description: 'New pump head', netAmountMinor }, { cookie });
    const repairQuoteOf = async (id: string) =>
      (await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0]?.repairQuoteId ?? null;

    it('refuses Support without a fresh step-up (403 step_up_required), and makes nothing', async () => {
      const support = await createAdminSession(t, t.db, ['support']);
      const id = await outOfWarranty();
      const refused = await price(id, 150_000, support.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'step_up_required' } });
      expect(await repairQuoteOf(id)).toBeNull();
    });

    it('lets Support with step-up price a repair at £1,500 and at exactly the £2,000 threshold, not at £2,000.01 or £2,500', async () => {
      const support = await createAdminSession(t, t.db, ['support']);
      await support.stepUp();
      for (const amount of [150_000, 200_000]) {
        const id = await outOfWarranty();
        const made = await price(id, amount, support.cookie);
        expect(made.statusCode, made.body).toBe(200);
        expect(await repairQuoteOf(id)).not.toBeNull();
      }
      for (const amount of [200_001, 250_000]) {
        const id = await outOfWarranty();
        const quotesBefore = await t.db.$count(quotes);
        const refused = await price(id, amount, support.cookie);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({
          error: {
            code: 'repair_quote_needs_approval',
            message: 'A repair price above £2,000.00 net needs a staff member who records payments, or an Owner.',
          },
        });
        expect(await repairQuoteOf(id)).toBeNull();
        expect(await t.db.$count(quotes)).toBe(quotesBefore);
      }
    });

    it('lets a staff member with payments.record (Support and Finance) or an Owner price a repair at £2,500, with step-up', async () => {
      const supportFinance = await createAdminSession(t, t.db, ['support', 'finance']);
      const owner = await createAdminSession(t);
      for (const staff of [supportFinance, owner]) {
        const id = await outOfWarranty();
        const stale = await price(id, 250_000, staff.cookie);
        expect(stale.json()).toMatchObject({ error: { code: 'step_up_required' } });
        await staff.stepUp();
        const made = await price(id, 250_000, staff.cookie);
        expect(made.statusCode, made.body).toBe(200);
        const [quote] = await t.db
          .select()
          .from(quotes)
          .where(eq(quotes.id, (await repairQuoteOf(id)) ?? ''));
        const resource = (await t.get(`/api/quotes/${quote?.quoteReference}`)).json().quote;
        expect(resource.pricing.totals.subtotal).toBe(250_000);
      }
    });

    it("reads the threshold in the order's currency on a euro order (€2,000, no exchange rate)", async () => {
      const support = await createAdminSession(t, t.db, ['support']);
      await support.stepUp();
      const id = await outOfWarranty('EUR');
      const refused = await price(id, 250_000, support.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: {
          code: 'repair_quote_needs_approval',
          message: 'A repair price above €2,000.00 net needs a staff member who records payments, or an Owner.',
        },
      });
      expect((await price(id, 190_000, support.cookie)).statusCode).toBe(200);
    });

    it('takes the threshold from the settings: changing it needs step-up, and the new value is in force at once', async () => {
      const owner = await createAdminSession(t);
      const current = (await t.get('/api/admin/settings', { cookie: owner.cookie })).json().settings;
      expect(current.repairQuoteApprovalThreshold).toBe(2000);
      const negative = await t.put(
        '/api/admin/settings',
        { ...current, repairQuoteApprovalThreshold: -1 },
        { cookie: owner.cookie },
      );
      expect(negative.statusCode).toBe(400);
      expect(negative.json().error.fields.repairQuoteApprovalThreshold).toBe(systemSettingsMessages.amountRange);
      const lowered = { ...current, repairQuoteApprovalThreshold: 1000 };
      const stale = await t.put('/api/admin/settings', lowered, { cookie: owner.cookie });
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toMatchObject({ error: { code: 'step_up_required' } });
      await owner.stepUp();
      const saved = await t.put('/api/admin/settings', lowered, { cookie: owner.cookie });
      expect(saved.statusCode, saved.body).toBe(200);
      try {
        const support = await createAdminSession(t, t.db, ['support']);
        await support.stepUp();
        const refused = await price(await outOfWarranty(), 150_000, support.cookie);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({
          error: {
            message: 'A repair price above £1,000.00 net needs a staff member who records payments, or an Owner.',
          },
        });
      } finally {
        await resetSettings(t.db, ['repairQuoteApprovalThreshold']);
      }
    });
  });
});
