import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { mailOutbox, profiles } from '../db/schema';
import { collectPersonData } from '../privacy/data-export';

/** Issue 53: an account keeps the title its customer gives (profiles.title, migration 0055). */
describe('an account’s title (issue 53)', () => {
  const t = useTestApp({ now: new Date('2026-11-03T09:00:00.000Z') });
  const details = { firstName: 'Thomas', lastName: 'Becker', phone: '', company: 'Institut', country: 'DE' };
  type ProfileAnswer = { profile: { title?: string | null } };

  it('the profile takes Mr or Ms, keeps it when a change leaves it out, clears it with "—", and refuses anything else naming the field', async () => {
    const { user, password } = await createUser(t.db, { firstName: 'Thomas', lastName: 'Becker' });
    const cookie = await signIn(t, user.email, password);
    const put = (body: Record<string, unknown>) => t.put('/api/account/profile', body, { cookie });

    const given = await put({ ...details, title: 'mr' });
    expect(given.statusCode, given.body).toBe(200);
    expect((given.json() as ProfileAnswer).profile.title).toBe('mr');
    const kept = await put(details);
    expect((kept.json() as ProfileAnswer).profile.title).toBe('mr');
    const read = await t.get('/api/account/profile', { cookie });
    expect((read.json() as ProfileAnswer).profile.title).toBe('mr');

    for (const title of ['Herr', 'dr', 7]) {
      const refused = await put({ ...details, title });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys((refused.json() as { error: { fields: Record<string, string> } }).error.fields)).toEqual([
        'title',
      ]);
    }
    const cleared = await put({ ...details, title: '' });
    expect((cleared.json() as ProfileAnswer).profile.title).toBeNull();
  });

  it('sign-up takes a title with the names', async () => {
    const email = `${randomUUID()}@example.com`;
    const signedUp = await t.post('/api/auth/signup', {
      email,
      password: 'secret-pw-1',
      title: 'ms',
      firstName: 'Anna',
      lastName: 'Becker',
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, email));
    expect(profile?.title).toBe('ms');
  });

  it('a customer’s later order e-mail greets with the account’s title, and the data export lists it', async () => {
    const { user, password } = await createUser(t.db, { firstName: 'Thomas', lastName: 'Becker' });
    const cookie = await signIn(t, user.email, password);
    expect((await t.put('/api/account/profile', { ...details, title: 'mr' }, { cookie })).statusCode).toBe(200);
    const placed = await t.post(
      '/api/orders',
      {
        configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
        billing: {
          firstName: 'Thomas',
          lastName: 'Becker',
          email: user.email,
          address: '1 Hauptstraße',
          city: 'Heidelberg',
          postalCode: '69120',
          country: 'DE',
        },
        acceptTerms: true,
        idempotencyKey: randomUUID(),
        language: 'de',
      },
      { cookie },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { order: { id: string } }).order.id;
    const admin = await createAdminSession(t);
    expect(
      (await t.patch(`/api/admin/orders/${orderId}`, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);
    const [confirmed] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.kind, 'order_confirmed')));
    expect(confirmed?.textBody.startsWith('Guten Tag Herr Becker,\n')).toBe(true);

    const exported = await collectPersonData(t.db, { email: user.email, userId: user.id }, t.clock.now, 'http://x');
    expect(exported.data).toMatchObject({ profile: { title: 'mr', firstName: 'Thomas', lastName: 'Becker' } });
  });
});
