import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, usaWaitlist } from '../db/schema';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createQuote } from '../../../tests/support/factories';
import {
  guestOrder,
  incompleteOrder,
  invoiceAndPayment,
  rowsMentioning,
  yearsBefore,
} from '../../../tests/support/privacy-records';
import { useTestApp } from '../../../tests/support/test-app';

const start = new Date('2026-11-26T12:00:00Z');
const guest = 'grace.hopper@navy.example';

describe('/admin/privacy', () => {
  const t = useTestApp({ now: start });

  it("finds a guest's records by e-mail, produces their export and erases them with the legal-hold rules, all in the register", async () => {
    const admin = await createAdminSession(t);
    const paid = await guestOrder(t.db, guest, yearsBefore(start, 2));
    await invoiceAndPayment(t.db, paid, yearsBefore(start, 2));
    const unpaid = await guestOrder(t.db, guest, start);
    await createQuote(t.db, { configuration: { customerInfo: { email: guest, firstName: 'Grace' } } });
    await t.db.insert(usaWaitlist).values({ email: guest });
    await incompleteOrder(t.db, guest, start);

    const found = await t.get(`/api/admin/privacy/search?email=${encodeURIComponent('Grace.Hopper@navy.example')}`, {
      cookie: admin.cookie,
    });
    expect(found.statusCode).toBe(200);
    const person = found.json();
    expect(person.accounts).toEqual([]);
    expect(person.orders).toHaveLength(2);
    expect(person.orders.find((o: { id: string }) => o.id === paid.id)).toMatchObject({ guest: true, financial: true });
    expect(person.quotes).toHaveLength(1);
    expect(person.waitlist).toHaveLength(1);
    expect(person.incomplete).toHaveLength(1);

    // An access request: logged, then the export after a step-up, downloadable by staff.
    const access = await t.post(
      '/api/admin/privacy/requests',
      { email: guest, type: 'access', channel: 'email', receivedOn: '2026-11-20' },
      { cookie: admin.cookie },
    );
    expect(access.statusCode).toBe(201);
    expect(access.json().request).toMatchObject({
      deadline: '2026-12-20',
      outcome: 'open',
      subject: 'g***@navy.example',
    });
    const accessId = access.json().request.id as string;
    const noStepUp = await t.post(
      `/api/admin/privacy/requests/${accessId}/export`,
      { email: guest },
      { cookie: admin.cookie },
    );
    expect(noStepUp.statusCode).toBe(403);
    await admin.stepUp();
    const wrongPerson = await t.post(
      `/api/admin/privacy/requests/${accessId}/export`,
      { email: 'someone.else@navy.example' },
      { cookie: admin.cookie },
    );
    expect(wrongPerson.statusCode).toBe(400);
    const exported = await t.post(
      `/api/admin/privacy/requests/${accessId}/export`,
      { email: guest },
      { cookie: admin.cookie },
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.json().request.outcome).toBe('export_produced');
    await t.app.buildDueExports();
    const exportId = exported.json().request.export.id as string;
    const zip = await t.get(`/api/admin/privacy/exports/${exportId}`, { cookie: admin.cookie });
    expect(zip.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['data.json'] ?? new Uint8Array()));
    expect(data.orders.map((o: { orderNumber: string }) => o.orderNumber).sort()).toEqual(
      [paid.orderNumber, unpaid.orderNumber].sort(),
    );

    // An erasure request received by post.
    const erasure = await t.post(
      '/api/admin/privacy/requests',
      { email: guest, type: 'erasure', channel: 'post', receivedOn: '2026-10-01' },
      { cookie: admin.cookie },
    );
    const erasureId = erasure.json().request.id as string;
    const erased = await t.post(
      `/api/admin/privacy/requests/${erasureId}/erase`,
      { email: guest },
      { cookie: admin.cookie },
    );
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({
      request: { outcome: 'erased', handledBy: admin.user.email },
      summary: { ordersHeld: 1, ordersDeleted: 1, quotesDeleted: 1, waitlistDeleted: 1, incompleteDeleted: 1 },
    });
    await t.deliverMail();
    const { hits } = await rowsMentioning(t.db, guest);
    expect(hits.filter((hit) => !(hit.table === 'orders' && hit.row.legal_hold_until !== null))).toEqual([]);
    const [held] = await t.db.select().from(orders).where(eq(orders.id, paid.id));
    expect(held?.legalHoldUntil).toBe('2032-03-31');

    // The register: both requests with their deadlines (the post one is past its month, but closed, so not overdue).
    const register = await t.get('/api/admin/privacy/requests', { cookie: admin.cookie });
    expect(register.json().items).toEqual([
      expect.objectContaining({ type: 'access', outcome: 'export_produced', receivedOn: '2026-11-20' }),
      expect.objectContaining({ type: 'erasure', outcome: 'erased', deadline: '2026-11-01', overdue: false }),
    ]);
    const csv = await t.get('/api/admin/privacy/requests.csv', { cookie: admin.cookie });
    expect(csv.body).toContain('2026-10-01,2026-11-01,erasure,g***@navy.example,post,erased');
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['privacy.search', 'privacy.request_logged', 'privacy.export', 'privacy.erase']),
    );
  });

  it('shows an open request past its month as overdue', async () => {
    const admin = await createAdminSession(t);
    await t.post(
      '/api/admin/privacy/requests',
      { email: 'late@example.com', type: 'access', channel: 'email', receivedOn: '2026-09-30' },
      { cookie: admin.cookie },
    );
    const open = await t.get('/api/admin/privacy/requests?status=open', { cookie: admin.cookie });
    expect(open.json().items).toEqual([expect.objectContaining({ deadline: '2026-10-30', overdue: true })]);
  });
});
