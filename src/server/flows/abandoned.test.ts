// @engine: row locks, hand-written SQL
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { guestBilling } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import type { AbandonedCheckout } from '../../shared/flows/abandoned-schemas';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { auditLog, incompleteOrders } from '../db/schema';

const minutes = (n: number) => n * 60_000;

describe('abandoned checkouts (admin)', () => {
  const t = useTestApp({ now: new Date('2026-05-04T09:00:00.000Z') });
  const later = (ms: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + ms);
  };
  const progress = (email: string, sessionId: string, extra: Record<string, unknown> = {}) =>
    t.post('/api/flows/progress', {
      email,
      sessionId,
      step: 'review',
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines',
      phone: '+44 20 7946 0000',
      country: 'GB',
      configuration: defaultSelection,
      currency: 'GBP',
      totalAmount: 488250,
      ...extra,
    });
  const list = async (cookie: string, query = '') => {
    const response = await t.get(`/api/admin/abandoned${query}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: AbandonedCheckout[]; total: number; page: number; pageSize: number };
  };
  const emails = (page: { items: AbandonedCheckout[] }) => page.items.map((item) => item.email);

  it('lists an incomplete order older than an hour, not a fresh one, and drops it once the order is placed', async () => {
    const admin = await createAdminSession(t);
    expect((await progress('stale@example.com', 'tab-stale')).statusCode).toBe(202);
    expect((await t.post('/api/flows/email', { email: 'quoter@example.com', flowType: 'quote' })).statusCode).toBe(202);
    later(minutes(50));
    expect((await progress('fresh@example.com', 'tab-fresh')).statusCode).toBe(202);
    later(minutes(15));

    const before = await list(admin.cookie);
    expect(emails(before)).toContain('stale@example.com');
    expect(emails(before)).toContain('quoter@example.com');
    expect(emails(before)).not.toContain('fresh@example.com');
    const stale = before.items.find((item) => item.email === 'stale@example.com');
    expect(stale).toMatchObject({
      kind: 'order',
      name: 'Ada Lovelace',
      company: 'Analytical Engines',
      phone: '+44 20 7946 0000',
      country: 'GB',
      stepReached: 'review',
      configurationName: 'Dropwise Standard',
      totalAmount: 488250,
      currency: 'GBP',
      laterOrdered: false,
      contacted: false,
      note: null,
    });
    expect(stale?.lastActivityAt).toBe('2026-05-04T09:00:00.000Z');
    expect(before.items.find((item) => item.email === 'quoter@example.com')).toMatchObject({
      kind: 'registration',
      stepReached: 'email',
    });
    // Search narrows the list like the other admin lists.
    expect(emails(await list(admin.cookie, '?search=stale%40'))).toEqual(['stale@example.com']);

    const placed = await t.post('/api/orders', {
      configuration: defaultSelection,
      billing: guestBilling('stale@example.com'),
      notes: '',
      idempotencyKey: randomUUID(),
      acceptTerms: true,
      sessionId: 'tab-stale',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(emails(await list(admin.cookie))).not.toContain('stale@example.com');
  });

  it('shows that the person later placed an order from another tab anyway', async () => {
    const admin = await createAdminSession(t);
    await progress('twotabs@example.com', 'tab-left');
    later(minutes(5));
    await progress('twotabs@example.com', 'tab-used');
    const placed = await t.post('/api/orders', {
      configuration: defaultSelection,
      billing: guestBilling('twotabs@example.com'),
      notes: '',
      idempotencyKey: randomUUID(),
      acceptTerms: true,
      sessionId: 'tab-used',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    later(minutes(61));
    const rows = (await list(admin.cookie, '?search=twotabs%40')).items;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'twotabs@example.com', laterOrdered: true });
  });

  it('marks one contacted with a note, with an audit entry; the CSV holds the row with formula-safe cells', async () => {
    const admin = await createAdminSession(t);
    await progress('csv@example.com', 'tab-csv', { company: '=HYPERLINK("http://evil.example")' });
    later(minutes(90));
    const [row] = (await list(admin.cookie, '?search=csv%40')).items;
    if (!row) throw new Error('abandoned order not listed');

    const response = await t.patch(
      `/api/admin/abandoned/${row.id}`,
      { contacted: true, note: 'Called, will order in June' },
      { cookie: admin.cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().abandoned).toMatchObject({
      id: row.id,
      kind: 'order',
      contacted: true,
      note: 'Called, will order in June',
      contactedAt: t.clock.now.toISOString(),
    });

    const [stored] = await t.db.select().from(incompleteOrders).where(eq(incompleteOrders.id, row.id));
    expect(stored).toMatchObject({ contacted: true, followUpNote: 'Called, will order in June' });
    expect(stored?.contactedAt?.toISOString()).toBe(t.clock.now.toISOString());
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, 'abandoned.follow_up')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId: admin.user.id,
      entityType: 'incomplete_order',
      before: { contacted: false, note: null },
      after: { contacted: true, note: 'Called, will order in June' },
    });

    expect((await list(admin.cookie, '?search=csv%40&status=contacted')).total).toBe(1);
    expect((await list(admin.cookie, '?search=csv%40&status=open')).total).toBe(0);

    const csv = await t.get('/api/admin/abandoned.csv?search=csv%40', { cookie: admin.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Kind,E-mail,Name,Company,Phone,Country,Step reached,Configuration,Value,Currency,Last activity,Ordered later,Contacted,Note',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('csv@example.com');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).toContain('4882.50,GBP');
    expect(lines[1]).toContain('"Called, will order in June"');

    expect(
      (await t.patch(`/api/admin/abandoned/${randomUUID()}`, { contacted: true, note: null }, { cookie: admin.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.patch(`/api/admin/abandoned/${row.id}`, { note: 'no flag' }, { cookie: admin.cookie })).statusCode,
    ).toBe(400);
  });
});
