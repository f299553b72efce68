// @engine: erasure in hand-written SQL
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  instrumentReminders,
  instruments,
  invoices,
  mailOutbox,
  orders,
  organisationMembers,
  organisations,
  privacyRequests,
  quoteAcceptances,
  quotes,
  staffRoles,
  usaWaitlist,
  users,
} from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createQuote, createUser } from '../../../tests/support/factories';
import {
  guestOrder,
  incompleteOrder,
  invoiceAndPayment,
  rowsMentioning,
  yearsBefore,
} from '../../../tests/support/privacy-records';
import { enrolledUser, signIn, totpCode } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { ERASED, erasureTerms, messages } from '../../shared/privacy/privacy-contracts';
import { pdfText } from '../../../tests/support/pdf-text';
import sharp from 'sharp';
import { COVER_REMINDERS_JOB } from '../instruments/cover-reminders';
import { wholeAddress } from './erasure';
import { orderRecipient } from '../order-records/order-admin-context';

const start = new Date('2026-11-26T12:00:00Z');

describe('closing an account', () => {
  const t = useTestApp({ now: start });

  it('is refused to the last Owner while a Sales member remains (409 last_owner), and allowed once a second Owner exists', async () => {
    const owner = await createAdminSession(t);
    const sales = await createUser(t.db, { isAdmin: true, roles: ['sales'] });
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    const body = () => ({ password: owner.password, code: totpCode(owner.secret, t.clock.now), confirm: true });
    const refused = await t.post('/api/account/close', body(), { cookie: owner.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'last_owner', message: messages.lastOwner } });
    expect(await t.db.select().from(users).where(eq(users.id, owner.user.id))).toHaveLength(1);
    const owners = () => t.db.select().from(staffRoles).where(eq(staffRoles.role, 'owner'));
    expect((await owners()).map((row) => row.userId)).toEqual([owner.user.id]);
    expect(await t.db.select().from(privacyRequests)).toHaveLength(0);

    const second = await createUser(t.db, { isAdmin: true, roles: ['owner'] });
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    const closed = await t.post('/api/account/close', body(), { cookie: owner.cookie });
    expect(closed.statusCode).toBe(200);
    expect((await owners()).map((row) => row.userId)).toEqual([second.user.id]);
    expect(await t.db.select().from(users).where(eq(users.id, sales.user.id))).toHaveLength(1);
  });

  it('matches the address as a whole: closing ann.N@ leaves every row of joann.N@ and ann.N@….uk as it was', async () => {
    const ann = 'ann.7@lab.test';
    const others = ['joann.7@lab.test', 'ann.7@lab.test.uk'];
    const account = await createUser(t.db, { email: ann });
    const cookie = await signIn(t, ann);
    // Each of the three: a paid order, an unpaid one, audit entries naming them, their e-mail and the shop's notice.
    for (const email of [ann, ...others]) {
      const paid = await guestOrder(t.db, email, yearsBefore(t.clock.now, 1), {
        userId: email === ann ? account.user.id : undefined,
      });
      await invoiceAndPayment(t.db, paid, yearsBefore(t.clock.now, 1));
      await guestOrder(t.db, email, t.clock.now);
      await t.db.insert(auditLog).values({
        adminEmail: 'staff@example.com',
        action: 'order.update',
        entityType: 'order',
        entityId: paid.id,
        before: { customerEmail: email, note: `Called ${email} about the deposit` },
        after: { customerEmail: email, status: 'confirmed', [email]: ['cc', email] },
      });
      await enqueueMail(t.db, {
        language: 'en',
        kind: 'order_confirmation',
        to: email,
        subject: 'Your order',
        text: 'Thank you.',
      });
      await enqueueMail(t.db, {
        language: 'en',
        kind: 'order_admin_notification',
        to: 'sales@example.com',
        subject: `New order from ${email}`,
        text: `Customer: Ada Lovelace <${email}>`,
      });
    }
    // One entry names two of them: only ann's address goes, in any case, before a full stop too.
    const [both] = await t.db
      .insert(auditLog)
      .values({
        adminEmail: 'staff@example.com',
        action: 'customer.merge',
        entityType: 'order',
        entityId: 'merge',
        before: { note: `Merged ANN.7@Lab.Test into ${others[0]}. Was: ${ann}.` },
      })
      .returning();
    await enqueueMail(t.db, {
      language: 'en',
      kind: 'order_admin_notification',
      to: 'sales@example.com',
      subject: 'Address change',
      text: `Moved from ANN.7@lab.test to another address.`,
    });

    const snapshot = async (email: string) =>
      (await rowsMentioning(t.db, email)).hits
        .filter((hit) => hit.row.id !== both?.id)
        .map((hit) => JSON.stringify(hit))
        .sort();
    const before = await Promise.all(others.map(snapshot));
    // Each: two orders (customer info, note), the audit entry's two values, their e-mail and the shop's notice.
    expect(before.map((rows) => rows.length)).toEqual([9, 9]);

    const closed = await t.post('/api/account/close', { password: 'correct-horse-1', confirm: true }, { cookie });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ summary: { ordersHeld: 1, ordersDeleted: 1, mailDeleted: 3 } });

    expect(await Promise.all(others.map(snapshot))).toEqual(before);
    const [merged] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, both?.id ?? ''));
    expect(merged?.before).toEqual({ note: `Merged [erased] into ${others[0]}. Was: [erased].` });
    // Of ann, only the order the law holds still names her (once her final e-mail has gone).
    await t.deliverMail();
    const annRows = (await rowsMentioning(t.db, ann)).hits.filter(
      (hit) => JSON.stringify(hit.row).search(wholeAddress(ann)) !== -1,
    );
    expect(annRows.map((hit) => [hit.table, hit.row.legal_hold_until !== null])).toEqual(
      annRows.map(() => ['orders', true]),
    );
  });

  it('sends no cover reminder and makes no renewal quote for a closed account, while another customer still gets theirs', async () => {
    const closing = await createUser(t.db, { email: 'cora.cover@lab.test' });
    const staying = await createUser(t.db, { email: 'dan.cover@lab.test' });
    const address = { street: '1 Lab Road', city: 'Leeds', state: null, postal_code: 'LS1 1AA', country: 'GB' };
    const delivered = async (user: typeof closing, serialNumber: string) => {
      const order = await createOrder(t.db, {
        userId: user.user.id,
        status: 'delivered',
        configuration: {
          ...defaultSelection,
          customerInfo: { email: user.user.email, firstName: 'Ada', lastName: 'Lovelace', country: 'GB' },
        },
        billingAddress: address,
        shippingAddress: address,
        createdAt: yearsBefore(t.clock.now, 1),
      });
      await invoiceAndPayment(t.db, order, yearsBefore(t.clock.now, 1));
      const [instrument] = await t.db
        .insert(instruments)
        .values({
          orderId: order.id,
          unitIndex: 1,
          serialNumber,
          model: 'Dropwise Standard',
          deliveredOn: '2025-12-20',
          warrantyEndsOn: '2026-12-20',
        })
        .returning();
      // A reminder already sent for an earlier end date.
      await t.db.insert(instrumentReminders).values({
        instrumentId: instrument?.id ?? '',
        kind: 'service_plan_end',
        dueOn: '2026-06-01',
        sentAt: yearsBefore(t.clock.now, 1),
      });
      return instrument;
    };
    const coras = await delivered(closing, 'DW-CORA-01');
    const dans = await delivered(staying, 'DW-DAN-01');

    const cookie = await signIn(t, closing.user.email);
    const closed = await t.post('/api/account/close', { password: 'correct-horse-1', confirm: true }, { cookie });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ summary: { ordersHeld: 1 } });
    const remindersOf = (id: string) =>
      t.db.select().from(instrumentReminders).where(eq(instrumentReminders.instrumentId, id));
    expect(await remindersOf(coras?.id ?? '')).toEqual([]);
    await t.deliverMail();

    // The day both warranties come within the reminder days.
    t.clock.now = new Date('2026-12-01T06:00:00Z');
    const run = await t.app.scheduler.runJob(COVER_REMINDERS_JOB);
    expect(run).toEqual({ ran: true, result: { reminders: 1, emails: 1 } });
    const sent = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'instrument_cover_reminder'));
    expect(sent.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [staying.user.email, 'Your instrument DW-DAN-01: its warranty ends on 20 December 2026'],
    ]);
    const renewals = await t.db.select().from(quotes).where(eq(quotes.kind, 'servicing_renewal'));
    expect(renewals.map((quote) => quote.serialNumber)).toEqual(['DW-DAN-01']);
    expect(await remindersOf(coras?.id ?? '')).toEqual([]);
    expect(await remindersOf(dans?.id ?? '')).toHaveLength(2);
    expect((await rowsMentioning(t.db, closing.user.email)).hits.map((hit) => hit.table)).toEqual(['orders']);
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
    await enqueueMail(t.db, {
      language: 'en',
      kind: 'quote_created',
      to: email,
      subject: 'Your quote',
      text: 'Your quote is ready.',
    });
    await enqueueMail(t.db, {
      language: 'en',
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
    // Kept for the law and used for nothing else: no order e-mail reaches the erased person any more.
    expect(held && (await orderRecipient(t.db, held, 'http://localhost:3000'))).toBeNull();
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

  it('F11: an approver’s closed account takes the personal fields of their acceptance (name, job title, e-mail, signature, drawing, client address); the signed quote PDF stays, downloadable by the organisation and staff', async () => {
    const owner = await createUser(t.db, { email: 'f11.owner@lab.test' });
    const buyer = await createUser(t.db, { email: 'f11.buyer@lab.test' });
    const approver = await createUser(t.db, { email: 'f11.approver@lab.test' });
    const [lab] = await t.db
      .insert(organisations)
      .values({ name: 'F11 Laboratory', ownerUserId: owner.user.id })
      .returning();
    if (!lab) throw new Error('organisation not written');
    await t.db.insert(organisationMembers).values([
      { userId: owner.user.id, organisationId: lab.id, role: 'buyer' },
      { userId: buyer.user.id, organisationId: lab.id, role: 'buyer' },
      { userId: approver.user.id, organisationId: lab.id, role: 'approver' },
    ]);
    const buyerCookie = await signIn(t, buyer.user.email);
    const approverCookie = await signIn(t, approver.user.email);
    const asked = await t.post(
      '/api/quotes',
      {
        configuration: defaultSelection,
        customerInfo: { email: buyer.user.email, firstName: 'Rosalind', lastName: 'Franklin', organization: 'F11 Lab' },
        flowType: 'quote',
      },
      { cookie: buyerCookie },
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const { reference, id: quoteId } = (asked.json() as { quote: { reference: string; id: string } }).quote;
    const drawing = await sharp({
      create: { width: 300, height: 100, channels: 4, background: { r: 10, g: 30, b: 60, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const accepted = await t.post(
      `/api/quotes/${reference}/accept`,
      {
        name: 'Maurice Wilkins',
        jobTitle: 'Head of Department',
        organization: 'F11 Laboratory',
        email: approver.user.email,
        signatureKind: 'drawn',
        signatureImage: `data:image/png;base64,${drawing.toString('base64')}`,
      },
      { cookie: approverCookie, remoteAddress: '192.0.2.111' },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    // Nobody has downloaded the signed version yet: the closure stores it before the fields go.
    const closed = await t.post(
      '/api/account/close',
      { password: approver.password, confirm: true },
      { cookie: approverCookie },
    );
    expect(closed.statusCode, closed.body).toBe(200);
    const [row] = await t.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quoteId));
    expect(row).toMatchObject({
      name: ERASED,
      jobTitle: ERASED,
      email: ERASED,
      signature: ERASED,
      signatureImage: null,
      ipAddress: ERASED,
      organization: 'F11 Laboratory',
      signatureKind: 'drawn',
    });
    expect(JSON.stringify(await rowsMentioning(t.db, approver.user.email))).not.toContain('quote_acceptances');

    const kept = await t.get(`/api/quotes/${reference}/pdf`, { cookie: buyerCookie });
    expect(kept.statusCode).toBe(200);
    const text = pdfText(kept.rawPayload);
    expect(text).toContain('Accepted by Maurice Wilkins, Head of Department, F11 Laboratory');
    expect(text).toContain('Signature: drawn by hand');
    const staff = await createAdminSession(t, t.db, ['sales']);
    const staffCopy = await t.get(`/api/quotes/${reference}/pdf`, { cookie: staff.cookie });
    expect(staffCopy.statusCode).toBe(200);
    expect(staffCopy.rawPayload.equals(kept.rawPayload)).toBe(true);
  });
});
