import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser } from '../../../tests/support/factories';
import { linkFromOutbox, signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import type { AdminUser } from '../../shared/staff/user-schemas';
import { mailOutbox, profiles } from '../db/schema';

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('a staff invitation asks for the person’s name (issue 38)', () => {
  const t = useTestApp({ now: new Date('2026-11-20T09:00:00.000Z') });

  const owner = async () => {
    const session = await createAdminSession(t);
    await session.stepUp();
    return session;
  };
  const usersNamed = async (cookie: string, search: string) =>
    (
      (await t.get(`/api/admin/users?search=${encodeURIComponent(search)}`, { cookie })).json() as {
        items: AdminUser[];
      }
    ).items;

  it('refuses an invitation without a first and a last name, each named', async () => {
    const { cookie } = await owner();
    for (const names of [{}, { firstName: '  ', lastName: '<>' }]) {
      const response = await t.post(
        '/api/admin/staff/invitations',
        { email: 'nameless@example.com', roles: ['sales'], ...names },
        { cookie },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject({
        firstName: 'Enter their first name.',
        lastName: 'Enter their last name.',
      });
    }
  });

  it('stores the name, greets the invitee by it, and the Users list shows it once accepted', async () => {
    const { cookie } = await owner();
    const email = 'grace.invited@example.com';
    const invited = await t.post(
      '/api/admin/staff/invitations',
      { email, firstName: ' Grace ', lastName: 'Hopper-<b>Smith</b>', roles: ['finance'] },
      { cookie },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().invitation).toMatchObject({ email, name: 'Grace Hopper-bSmith/b' });
    const listed = (await t.get('/api/admin/staff', { cookie })).json() as { invitations: { name: string | null }[] };
    expect(listed.invitations.map((invitation) => invitation.name)).toContain('Grace Hopper-bSmith/b');
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail?.textBody.startsWith('Hello Grace,\n\n')).toBe(true);

    const token = tokenOf(await linkFromOutbox(t, email, 'staff_invitation'));
    expect((await t.post('/api/staff-invitations/accept', { token, password: 'a-good-password' })).statusCode).toBe(
      201,
    );
    expect(await usersNamed(cookie, email)).toMatchObject([
      { email, firstName: 'Grace', lastName: 'Hopper-bSmith/b', isAdmin: true },
    ]);
    const staff = (await t.get(`/api/admin/staff?search=${email}`, { cookie })).json() as { staff: { name: string }[] };
    expect(staff.staff.map((member) => member.name)).toEqual(['Grace Hopper-bSmith/b']);
  });

  it('fills an existing account’s missing name, and keeps a name the person gave themself', async () => {
    const { cookie } = await owner();
    const nameless = await createUser(t.db, { email: 'no.name@example.com', firstName: null, lastName: null });
    const named = await createUser(t.db, { email: 'own.name@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    for (const person of [nameless, named]) {
      const invited = await t.post(
        '/api/admin/staff/invitations',
        { email: person.user.email, firstName: 'Typed', lastName: 'By Owner', roles: ['support'] },
        { cookie },
      );
      expect(invited.statusCode, invited.body).toBe(201);
      const token = tokenOf(await linkFromOutbox(t, person.user.email, 'staff_invitation'));
      const accepted = await t.post(
        '/api/staff-invitations/accept',
        { token },
        { cookie: await signIn(t, person.user.email) },
      );
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    const names = async (id: string) =>
      (await t.db.select().from(profiles).where(eq(profiles.id, id))).map((p) => [p.firstName, p.lastName]);
    expect(await names(nameless.user.id)).toEqual([['Typed', 'By Owner']]);
    expect(await names(named.user.id)).toEqual([['Ada', 'Lovelace']]);
  });
});
