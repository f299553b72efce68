import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrolledUser, signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { auditLog } from '../db/schema';

describe('a staff account’s security events in the audit log', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:00.000Z') });
  const entriesOf = (userId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, userId))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

  it('records sign-ins, a failed sign-in, a wrong code and a recovery code used, with no password or code', async () => {
    const staff = await enrolledUser(t, { isAdmin: true });
    const failed = await t.post('/api/auth/signin', { email: staff.user.email, password: 'not-the-password-9' });
    expect(failed.statusCode).toBe(400);
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const aal1 = await signIn(t, staff.user.email);
    const { challengeId } = (
      await t.post(`/api/auth/factors/${staff.factorId}/challenge`, {}, { cookie: aal1 })
    ).json() as { challengeId: string };
    const wrong = await t.post(
      `/api/auth/factors/${staff.factorId}/verify`,
      { challengeId, code: '000000' },
      { cookie: aal1 },
    );
    expect(wrong.statusCode).toBe(400);
    const recovered = await t.post(
      '/api/auth/recovery-codes/verify',
      { code: staff.recoveryCodes[0] },
      { cookie: aal1 },
    );
    expect(recovered.statusCode).toBe(200);

    const entries = await entriesOf(staff.user.id);
    // Several share the test clock's instant, so they are compared as a set.
    expect(entries.map((entry) => entry.action).sort()).toEqual(
      [
        'auth.sign_in', // at enrolment
        'auth.sign_in_failed',
        'auth.sign_in',
        'auth.code_failed',
        'auth.recovery_code_used',
      ].sort(),
    );
    const byAction = (action: string) => entries.find((entry) => entry.action === action);
    for (const entry of entries) {
      expect(entry).toMatchObject({ entityType: 'user', adminId: staff.user.id, adminEmail: staff.user.email });
    }
    expect(byAction('auth.code_failed')?.after).toEqual({ locked: false });
    expect(byAction('auth.recovery_code_used')?.after).toEqual({ remaining: 9 });
    expect(byAction('auth.sign_in_failed')?.after).toBeNull();
    const written = JSON.stringify(entries);
    expect(written).not.toContain('not-the-password-9');
    expect(written).not.toContain('correct-horse-1');
    expect(written).not.toContain(staff.recoveryCodes[0]);
    expect(written).not.toContain('000000');
  });

  it('records nothing for a customer or for an e-mail with no account', async () => {
    const customer = await enrolledUser(t);
    await t.post('/api/auth/signin', { email: customer.user.email, password: 'wrong-password-1' });
    await t.post('/api/auth/signin', { email: 'nobody@example.com', password: 'wrong-password-1' });
    expect(await entriesOf(customer.user.id)).toEqual([]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.adminEmail, 'nobody@example.com'))).toEqual([]);
  });
});
