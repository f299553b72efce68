import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { profiles, users } from '../db/schema';
import { createAdmin } from './create-admin';
import { verifyPassword } from './password';

describe('createAdmin', () => {
  const t = useTestApp();

  it('creates a confirmed admin with a hashed password', async () => {
    expect(await createAdmin(t.db, { email: ' Boss@Example.com ', password: 'sesame-123' })).toBe('created');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user?.passwordHash ?? '', 'sesame-123')).toBe(true);
    const [profile] = await t.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, user?.id ?? ''));
    expect(profile?.isAdmin).toBe(true);
  });

  it('promotes an existing customer', async () => {
    const { user } = await createUser(t.db, { email: 'customer@example.com' });
    expect(await createAdmin(t.db, { email: 'customer@example.com' })).toBe('promoted');
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.isAdmin).toBe(true);
  });

  it('refuses a new admin without a password', async () => {
    await expect(createAdmin(t.db, { email: 'nobody@example.com' })).rejects.toThrow(/password/);
  });
});
