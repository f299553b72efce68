import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, invoices, mailOutbox, orders, privacyRequests, quotes, usaWaitlist, users } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createQuote, createUser } from '../../../tests/support/factories';
import {
  guestOrder,
  incompleteOrder,
  invoiceAndPayment,
  rowsMentioning,
  yearsBefore,
} from '../../../tests/support/privacy-records';
import { enrolledUser, signIn, totpCode } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { erasureTerms } from '../../shared/privacy/privacy-contracts';

const start = new Date('2026-11-26T12:00:00Z');

describe('closing an account', () => {
  const t = useTestApp({ now: start });

  it('is refused to the last admin, and allowed once another admin exists', async () => {
    const admin = await createAdminSession(t);
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    const body = () => ({ password: admin.password, code: totpCode(admin.secret, t.clock.now), confirm: true });
    const refused = await t.post('/api/account/close', body(), { cookie: admin.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'last_admin' } });
    expect(await t.db.select().from(users).where(eq(users.id, admin.user.id))).toHaveLength(1);

    await createUser(t.db, { isAdmin: true });
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    const closed = await t.post('/api/account/close', body(), { cookie: admin.cookie });
    expect(closed.statusCode).toBe(200);
  });

  it('deletes every order of a person who has none on the books', async () => {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const unpaid = await guestOrder(t.db, user.email, t.clock.now, { userId: user.id });
    const closed = await t.post('/api/account/close', { password: 'correct-horse-1', confirm: true }, { cookie });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ summary: { ordersHeld: 0, ordersDeleted: 1 } });
    expect(await t.db.select().from(orders).where(eq(orders.id, unpaid.id))).toHaveLength(0);
  });

  it('deletes everything of the person but what the law holds, which keeps its invoice bytes; signing in fails', async () => {
    const customer = await enrolledUser(t);
    const email = customer.user.email;
    const other = await createUser(t.db, { email: email.replace('@', '.other@') });
    // A paid, invoiced order; a quote never ordered; a waitlist entry; an abandoned checkout; e-mail; an audit entry.
    const paid = await guestOrder(t.db, email, yearsBefore(t.clock.now, 1), { userId: customer.user.id });
    const invoice = await invoiceAndPayment(t.db, paid, yearsBefore(t.clock.now, 1));
    const unpaid = await guestOrder(t.db, email, t.clock.now, { userId: customer.user.id });
    const quote = await createQuote(t.db, {
      userId: customer.user.id,
      configuration: { customerInfo: { email, firstName: 'Ada', lastName: 'Lovelace' } },
    });
    await t.db.insert(usaWaitlist).values({ email });
    await incompleteOrder(t.db, email, t.clock.now);
    await enqueueMail(t.db, { kind: 'quote_created', to: email, subject: 'Your quote', text: 'Your quote is ready.' });
    await enqueueMail(t.db, {
      kind: 'order_admin_notification',
      to: 'sales@example.com',
      subject: 'New order',
      text: `Customer: Ada Lovelace <${email}>`,
    });
    await t.db.insert(auditLog).values({
      adminEmail: 'staff@example.com',
      action: 'order.update',
      entityType: 'order',
      entityId: paid.id,
      before: { customerEmail: email },
      after: { customerEmail: email, status: 'confirmed' },
    });
    await guestOrder(t.db, other.user.email, t.clock.now, { userId: other.user.id });

    // The confirmation's proofs: the second factor is required, and the password.
    const noCode = await t.post(
      '/api/account/close',
      { password: 'correct-horse-1', confirm: true },
      { cookie: customer.aal2 },
    );
    expect(noCode.statusCode).toBe(403);
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    const wrongPassword = await t.post(
      '/api/account/close',
      { password: 'wrong-horse-1', code: totpCode(customer.secret, t.clock.now), confirm: true },
      { cookie: customer.aal2 },
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.id, customer.user.id))).toHaveLength(1);

    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    const closed = await t.post(
      '/api/account/close',
      { password: 'correct-horse-1', code: totpCode(customer.secret, t.clock.now), confirm: true },
      { cookie: customer.aal2 },
    );
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      summary: { accountsDeleted: 1, ordersHeld: 1, ordersDeleted: 1, quotesDeleted: 1, waitlistDeleted: 1 },
    });

    // The final e-mail says what is kept and why, then leaves no copy behind once sent.
    const [farewell] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(farewell?.kind).toBe('account_closed');
    expect(farewell?.textBody).toContain(erasureTerms.kept[0]);
    expect(farewell?.textBody).toContain('/privacy-policy');
    await t.deliverMail();

    const { hits, columnsScanned } = await rowsMentioning(t.db, email);
    expect(columnsScanned).toBeGreaterThan(50);
    const outside = hits.filter((hit) => !(hit.table === 'orders' && hit.row.legal_hold_until !== null));
    expect(outside).toEqual([]);
    expect(hits.map((hit) => hit.row.id)).toContain(paid.id);

    const [held] = await t.db.select().from(orders).where(eq(orders.id, paid.id));
    expect(held?.legalHoldUntil).toBe('2033-03-31');
    expect(held?.userId).toBeNull();
    expect(held?.billingAddress?.street).toBe('12 St James Square');
    expect(await t.db.select().from(orders).where(eq(orders.id, unpaid.id))).toHaveLength(0);
    const [kept] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept?.pdfSha256).toBe(invoice.pdfSha256);
    expect(
      createHash('sha256')
        .update(kept?.pdf ?? Buffer.alloc(0))
        .digest('hex'),
    ).toBe(invoice.pdfSha256);
    expect(await t.db.select().from(quotes).where(eq(quotes.id, quote.id))).toHaveLength(0);

    // The other customer is untouched; the register names the request without the address.
    expect(await t.db.select().from(users).where(eq(users.id, other.user.id))).toHaveLength(1);
    const [register] = await t.db.select().from(privacyRequests).where(eq(privacyRequests.channel, 'account'));
    expect(register).toMatchObject({ type: 'erasure', outcome: 'erased' });

    const signInAgain = await t.post('/api/auth/signin', { email, password: 'correct-horse-1' });
    expect(signInAgain.statusCode).not.toBe(200);
    const session = await t.get('/api/auth/session', { cookie: customer.aal2 });
    expect(session.json()).toMatchObject({ user: null });
  });
});
