// @engine: the last owner kept under a lock
import { readdirSync, readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createUser } from '../../../tests/support/factories';
import { enrollVerifiedFactor, linkFromOutbox, signIn } from '../../../tests/support/sessions';
import { cookiesFrom, useTestApp } from '../../../tests/support/test-app';
import { hashToken } from '../accounts/tokens';
import { auditLog, mailOutbox, profiles, sessions, staffInvitations, staffRoles } from '../db/schema';

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('staff roles', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });

  it('lets Sales confirm an order but not record its payment, and Finance record the payment but not change a price', async () => {
    const sales = await createAdminSession(t, t.db, ['sales']);
    const finance = await createAdminSession(t, t.db, ['finance']);
    const order = await createOrder(t.db, { totalAmount: 100000 });
    const url = `/api/admin/orders/${order.id}`;

    const confirmed = await t.patch(
      url,
      { status: 'confirmed', internalNotes: 'Called them' },
      { cookie: sales.cookie },
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().order.status).toBe('confirmed');
    // The edit form sends the payment method back unchanged: not refused. Changing it is Finance's.
    expect((await t.patch(url, { paymentMethod: null }, { cookie: sales.cookie })).statusCode).toBe(200);
    const changeMethod = await t.patch(url, { paymentMethod: 'cash' }, { cookie: sales.cookie });
    expect(changeMethod.statusCode).toBe(403);
    expect(changeMethod.json().error).toMatchObject({ code: 'no_access', message: "You don't have access to this." });

    await sales.stepUp();
    const payment = { transactionType: 'deposit', amount: 50000, paymentMethod: 'bank_transfer' };
    const salesPays = await t.post(`${url}/payments`, payment, { cookie: sales.cookie });
    expect(salesPays.statusCode).toBe(403);
    expect(salesPays.json().error.code).toBe('no_access');

    await finance.stepUp();
    const financePays = await t.post(`${url}/payments`, payment, { cookie: finance.cookie });
    expect(financePays.statusCode).toBe(201);
    expect(financePays.json().order.paymentStatus).toBe('deposit_paid');
    const price = await t.put(
      '/api/admin/product-configurations/dropwise-standard',
      { name: 'Dropwise Standard', description: null, priceGbp: 1, priceEur: 1, features: ['One'] },
      { cookie: finance.cookie },
    );
    expect(price.statusCode).toBe(403);
    expect(price.json().error.code).toBe('no_access');
    // Nor confirm or annotate an order (Sales' work).
    expect((await t.patch(url, { status: 'shipped' }, { cookie: finance.cookie })).statusCode).toBe(403);
  });

  it('tells the admin web the roles and permissions held, through the session', async () => {
    const sales = await createAdminSession(t, t.db, ['sales', 'catalogue']);
    const session = (await t.get('/api/auth/session', { cookie: sales.cookie })).json();
    expect(session.staff.roles).toEqual(['catalogue', 'sales']);
    expect(session.staff.permissions).toEqual(expect.arrayContaining(['orders.edit', 'catalogue.edit']));
    expect(session.staff.permissions).not.toContain('payments.record');
    const customer = await createUser(t.db);
    expect((await t.get('/api/auth/session', { cookie: await signIn(t, customer.user.email) })).json().staff).toBe(
      undefined,
    );
  });

  it('changes roles with step-up, an audit entry and an e-mail; the last Owner keeps the Owner role', async () => {
    const owner = await createAdminSession(t);
    const member = await createUser(t.db, { isAdmin: true, roles: ['sales'] });
    const url = `/api/admin/staff/${member.user.id}/roles`;
    const withoutStepUp = await t.put(url, { roles: ['finance'] }, { cookie: owner.cookie });
    expect(withoutStepUp.json().error.code).toBe('step_up_required');
    await owner.stepUp();
    const changed = await t.put(url, { roles: ['finance', 'sales', 'finance'] }, { cookie: owner.cookie });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().member.roles).toEqual(['sales', 'finance']);
    const held = await t.db.select().from(staffRoles).where(eq(staffRoles.userId, member.user.id));
    expect(held.map((row) => row.role).sort()).toEqual(['finance', 'sales']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, member.user.id), eq(auditLog.action, 'staff.roles')));
    expect(entry).toMatchObject({
      adminEmail: owner.user.email,
      before: { roles: ['sales'] },
      after: { roles: ['sales', 'finance'] },
    });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, member.user.email), eq(mailOutbox.kind, 'staff_roles_changed')));
    expect(mail?.textBody).toContain('Now: Sales, Finance');
    expect((await t.put(url, { roles: [] }, { cookie: owner.cookie })).statusCode).toBe(400);

    // The only Owners: this one and a second. Removing the second's Owner role works once; then
    // this Owner cannot drop their own.
    await t.db.delete(staffRoles).where(eq(staffRoles.role, 'owner'));
    await t.db.insert(staffRoles).values({ userId: owner.user.id, role: 'owner' });
    const second = await createUser(t.db, { isAdmin: true, roles: ['owner'] });
    const demoted = await t.put(
      `/api/admin/staff/${second.user.id}/roles`,
      { roles: ['sales'] },
      { cookie: owner.cookie },
    );
    expect(demoted.statusCode).toBe(200);
    const last = await t.put(`/api/admin/staff/${owner.user.id}/roles`, { roles: ['sales'] }, { cookie: owner.cookie });
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toMatchObject({
      code: 'last_owner',
      message: 'The last Owner cannot lose the Owner role.',
    });
    expect(
      (await t.db.select().from(staffRoles).where(eq(staffRoles.userId, owner.user.id))).map((row) => row.role),
    ).toEqual(['owner']);
  });

  it('deactivates a staff member: every session ends at once, no powers stay, the audit history stays', async () => {
    const owner = await createAdminSession(t);
    const sales = await createAdminSession(t, t.db, ['sales']);
    const order = await createOrder(t.db);
    expect(
      (await t.patch(`/api/admin/orders/${order.id}`, { internalNotes: 'Before' }, { cookie: sales.cookie }))
        .statusCode,
    ).toBe(200);
    await owner.stepUp();
    const deactivated = await t.post(`/api/admin/staff/${sales.user.id}/deactivate`, {}, { cookie: owner.cookie });
    expect(deactivated.statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, sales.user.id))).toEqual([]);
    expect((await t.get('/api/admin/orders', { cookie: sales.cookie })).statusCode).toBe(401);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, sales.user.id));
    expect(profile?.isAdmin).toBe(false);
    expect(await t.db.select().from(staffRoles).where(eq(staffRoles.userId, sales.user.id))).toEqual([]);
    // Signing in again reaches no admin route.
    const again = await signIn(t, sales.user.email);
    expect((await t.get('/api/admin/orders', { cookie: again })).statusCode).toBe(403);
    const history = await t.db.select().from(auditLog).where(eq(auditLog.adminId, sales.user.id));
    expect(history.map((row) => row.action)).toContain('order.update');
    const staff = (await t.get('/api/admin/staff', { cookie: owner.cookie })).json().staff as { id: string }[];
    expect(staff.map((member) => member.id)).not.toContain(sales.user.id);
    // Nobody deactivates themselves.
    expect(
      (await t.post(`/api/admin/staff/${owner.user.id}/deactivate`, {}, { cookie: owner.cookie })).json().error.code,
    ).toBe('self_deactivation');
  });

  it('invites by e-mail: the link works once, for 72 hours, only its hash is stored; the admin opens after a second factor', async () => {
    const owner = await createAdminSession(t);
    await owner.stepUp();
    const email = `new-clerk-${Date.now()}@example.com`;
    const invited = await t.post(
      '/api/admin/staff/invitations',
      { email: email.toUpperCase(), firstName: ' Grace ', lastName: 'Hopper', roles: ['finance'] },
      { cookie: owner.cookie },
    );
    expect(invited.statusCode).toBe(201);
    expect(invited.json().invitation).toMatchObject({ email, roles: ['finance'], status: 'pending' });
    const link = await linkFromOutbox(t, email, 'staff_invitation');
    const token = tokenOf(link);
    const [row] = await t.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.expiresAt.getTime()).toBe(t.clock.now.getTime() + 72 * 3_600_000);

    const preview = await t.post('/api/staff-invitations/preview', { token });
    expect(preview.json()).toMatchObject({ email, roles: ['finance'], accountExists: false });
    expect((await t.post('/api/staff-invitations/accept', { token })).statusCode).toBe(400);
    const accepted = await t.post('/api/staff-invitations/accept', { token, password: 'new-clerk-password' });
    expect(accepted.statusCode).toBe(201);
    const cookie = cookiesFrom(accepted);
    // Staff now, but the admin stays shut until a second factor is set up.
    expect((await t.get('/api/auth/session', { cookie })).json().profile.isAdmin).toBe(true);
    const shut = await t.get('/api/admin/orders', { cookie });
    expect(shut.json().error.code).toBe('mfa_required');
    const { cookie: aal2 } = await enrollVerifiedFactor(t, cookie);
    expect((await t.get('/api/admin/orders', { cookie: aal2 })).statusCode).toBe(200);
    expect((await t.get('/api/admin/quotes', { cookie: aal2 })).statusCode).toBe(403);

    // Once only.
    const twice = await t.post('/api/staff-invitations/accept', { token, password: 'new-clerk-password' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.code).toBe('invalid_invitation');
    expect((await t.post('/api/staff-invitations/preview', { token })).statusCode).toBe(400);
  });

  it('refuses an expired or revoked invitation; a resent one replaces the old link', async () => {
    const owner = await createAdminSession(t);
    await owner.stepUp();
    const invite = async (email: string) => {
      const response = await t.post(
        '/api/admin/staff/invitations',
        { email, firstName: 'Sam', lastName: 'Sales', roles: ['sales'] },
        { cookie: owner.cookie },
      );
      expect(response.statusCode).toBe(201);
      return {
        id: response.json().invitation.id as string,
        token: tokenOf(await linkFromOutbox(t, email, 'staff_invitation')),
      };
    };
    const late = await invite(`late-${Date.now()}@example.com`);
    const revoked = await invite(`revoked-${Date.now()}@example.com`);
    const resentEmail = `resent-${Date.now()}@example.com`;
    const resent = await invite(resentEmail);

    expect(
      (await t.delete(`/api/admin/staff/invitations/${revoked.id}`, {}, { cookie: owner.cookie })).statusCode,
    ).toBe(200);
    const revokedAccept = await t.post('/api/staff-invitations/accept', {
      token: revoked.token,
      password: 'secret-pass',
    });
    expect(revokedAccept.json().error.code).toBe('invalid_invitation');

    t.clock.now = new Date(t.clock.now.getTime() + 72 * 3_600_000 + 1000);
    // Sessions last 24 hours: an Owner signed in today.
    const today = await createAdminSession(t);
    const lateAccept = await t.post('/api/staff-invitations/accept', { token: late.token, password: 'secret-pass' });
    expect(lateAccept.statusCode).toBe(400);
    const list = (await t.get('/api/admin/staff', { cookie: today.cookie })).json().invitations as {
      id: string;
      status: string;
    }[];
    expect(list.find((i) => i.id === late.id)?.status).toBe('expired');
    expect(list.find((i) => i.id === revoked.id)).toBeUndefined();

    // Resending gives a new link for 72 hours from now; the old one stops working.
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    expect(
      (await t.post(`/api/admin/staff/invitations/${resent.id}/resend`, {}, { cookie: today.cookie })).statusCode,
    ).toBe(200);
    const fresh = tokenOf(await linkFromOutbox(t, resentEmail, 'staff_invitation'));
    expect(fresh).not.toBe(resent.token);
    expect(
      (await t.post('/api/staff-invitations/accept', { token: resent.token, password: 'secret-pass' })).statusCode,
    ).toBe(400);
    expect((await t.post('/api/staff-invitations/accept', { token: fresh, password: 'secret-pass' })).statusCode).toBe(
      201,
    );
  });

  it('lets an invitee with an account accept only from their own signed-in session', async () => {
    const owner = await createAdminSession(t);
    await owner.stepUp();
    const existing = await createUser(t.db);
    const stranger = await createUser(t.db);
    await t.post(
      '/api/admin/staff/invitations',
      { email: existing.user.email, firstName: 'Cat', lastName: 'Alogue', roles: ['catalogue'] },
      { cookie: owner.cookie },
    );
    const token = tokenOf(await linkFromOutbox(t, existing.user.email, 'staff_invitation'));
    expect((await t.post('/api/staff-invitations/preview', { token })).json().accountExists).toBe(true);
    // A password cannot take over the existing account.
    const signedOut = await t.post('/api/staff-invitations/accept', { token, password: 'taken-over' });
    expect(signedOut.json().error.code).toBe('sign_in_required');
    const other = await t.post(
      '/api/staff-invitations/accept',
      { token },
      { cookie: await signIn(t, stranger.user.email) },
    );
    expect(other.json().error.code).toBe('other_account');
    const mine = await t.post(
      '/api/staff-invitations/accept',
      { token },
      { cookie: await signIn(t, existing.user.email) },
    );
    expect(mine.statusCode).toBe(200);
    expect(
      (await t.db.select().from(staffRoles).where(eq(staffRoles.userId, existing.user.id))).map((row) => row.role),
    ).toEqual(['catalogue']);
    // Staff cannot be invited again, and the Users page no longer grants admin rights.
    const again = await t.post(
      '/api/admin/staff/invitations',
      { email: existing.user.email, firstName: 'Cat', lastName: 'Alogue', roles: ['sales'] },
      { cookie: owner.cookie },
    );
    expect(again.json().error.code).toBe('already_staff');
    expect(
      (await t.patch(`/api/admin/users/${stranger.user.id}`, { isAdmin: true }, { cookie: owner.cookie })).json().error
        .code,
    ).toBe('invite_instead');
  });

  it('makes every admin from before roles an Owner in the migration', async () => {
    const before = await createUser(t.db, { isAdmin: true, roles: [] });
    // The branch's migration, whatever number it gets when merged.
    const folder = new URL('../../../drizzle/', import.meta.url);
    const file = readdirSync(folder).find((name) => name.endsWith('_staff_roles.sql'));
    const statement = readFileSync(new URL(file ?? 'missing', folder), 'utf8')
      .split('--> statement-breakpoint')
      .map((part) => part.trim())
      .find((part) => part.includes('INSERT INTO "staff_roles"'));
    expect(statement).toBeDefined();
    await t.db.execute(sql.raw(statement ?? ''));
    expect(
      (await t.db.select().from(staffRoles).where(eq(staffRoles.userId, before.user.id))).map((row) => row.role),
    ).toEqual(['owner']);
  });

  it("lists a staff member's own active sessions (device, network, last seen) and ends any of them", async () => {
    const sales = await createAdminSession(t, t.db, ['sales']);
    const other = await createAdminSession(t, t.db, ['sales']);
    const phone = await t.post(
      '/api/auth/signin',
      { email: sales.user.email, password: 'correct-horse-1', remember: false },
      {
        headers: {
          'user-agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
        },
        remoteAddress: '203.0.113.77',
      },
    );
    expect(phone.statusCode).toBe(200);
    const listed = (await t.get('/api/admin/sessions', { cookie: sales.cookie })).json().sessions as {
      id: string;
      device: string;
      network: string | null;
      current: boolean;
    }[];
    // The aal2 session, the password-only one of the helper, and the phone's.
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    const onPhone = listed.find((session) => session.device === 'Safari on iOS');
    expect(onPhone?.network).toBe('203.0.113.0/24');
    expect(JSON.stringify(listed)).not.toContain('203.0.113.77');
    // Another staff member's session is not theirs to end.
    const [foreign] = await t.db.select().from(sessions).where(eq(sessions.userId, other.user.id));
    expect((await t.delete(`/api/admin/sessions/${foreign?.id}`, {}, { cookie: sales.cookie })).statusCode).toBe(404);
    expect((await t.delete(`/api/admin/sessions/${onPhone?.id}`, {}, { cookie: sales.cookie })).statusCode).toBe(200);
    expect((await t.get('/api/auth/session', { cookie: cookiesFrom(phone) })).json().user).toBeNull();
    expect((await t.get('/api/admin/sessions', { cookie: sales.cookie })).json().sessions).toHaveLength(
      listed.length - 1,
    );
  });
});
