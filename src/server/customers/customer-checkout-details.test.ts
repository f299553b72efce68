import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createQuote, createUser } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import type { AdminUser } from '../../shared/staff/user-schemas';
import type { Address } from '../db/schema';

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 10));
const billing = (company: string | null, country: string): Address => ({
  street: '1 Trumpington Street',
  city: 'Cambridge',
  state: null,
  postal_code: 'CB2 1RL',
  country,
  company,
});

describe('a customer profile shows the company and country last given at checkout (issue 38)', () => {
  const t = useTestApp({ now: new Date('2026-11-20T09:00:00.000Z') });

  const detail = async (cookie: string, key: string) =>
    (await t.get(`/api/admin/customers/${encodeURIComponent(key)}`, { cookie })).json().customer as {
      organisation: string | null;
      country: string | null;
    };
  const userRow = async (cookie: string, email: string) =>
    ((await t.get(`/api/admin/users?search=${encodeURIComponent(email)}`, { cookie })).json() as { items: AdminUser[] })
      .items[0];

  it('takes them from the latest order that gave them where the profile has none, not from a later quote or an erased order', async () => {
    const staff = await createAdminSession(t);
    const { user } = await createUser(t.db, { email: 'no-profile@example.com', company: null });
    await createOrder(t.db, { userId: user.id, createdAt: at(1), billingAddress: billing('Old Company Ltd', 'FR') });
    await createOrder(t.db, {
      userId: user.id,
      createdAt: at(5),
      billingAddress: billing('Dropwise Instruments Ltd', 'GB'),
      configuration: { customerInfo: { organization: 'Dropwise Instruments Ltd', country: 'GB' } },
    });
    // A later order that gave no company: the last company given still shows.
    await createOrder(t.db, { userId: user.id, createdAt: at(7), billingAddress: billing('  ', 'GB') });
    // A later quote is not a checkout.
    await createQuote(t.db, {
      userId: user.id,
      createdAt: at(9),
      configuration: { customerInfo: { organization: 'Quote Only Co', country: 'IE' } },
    });
    // Kept under legal hold after an erasure: gives nothing.
    await createOrder(t.db, {
      userId: user.id,
      createdAt: at(10),
      legalHoldUntil: '2033-12-31',
      billingAddress: billing('Erased Co', 'DE'),
    });

    expect(await detail(staff.cookie, user.id)).toMatchObject({
      organisation: 'Dropwise Instruments Ltd',
      country: 'GB',
    });
    expect(await userRow(staff.cookie, user.email)).toMatchObject({
      company: 'Dropwise Instruments Ltd',
      country: 'GB',
    });
  });

  it('keeps what the profile holds', async () => {
    const staff = await createAdminSession(t);
    const { user } = await createUser(t.db, { email: 'own-profile@example.com', company: 'Own Labs' });
    await createOrder(t.db, { userId: user.id, createdAt: at(3), billingAddress: billing('Checkout Co', 'GB') });
    expect(await detail(staff.cookie, user.id)).toMatchObject({ organisation: 'Own Labs', country: 'GB' });
    expect(await userRow(staff.cookie, user.email)).toMatchObject({ company: 'Own Labs', country: 'GB' });
  });

  it("shows a guest's checkout company before a later quote's", async () => {
    const staff = await createAdminSession(t);
    const email = 'guest-checkout@example.com';
    await createOrder(t.db, {
      createdAt: at(2),
      billingAddress: billing('Guest Checkout Ltd', 'GB'),
      configuration: { customerInfo: { email, organization: 'Guest Checkout Ltd', country: 'GB' } },
    });
    await createQuote(t.db, {
      createdAt: at(4),
      configuration: { customerInfo: { email, organization: 'Quote Guess Ltd', country: 'IE' } },
    });
    const key = `guest:${createHash('md5').update(email).digest('hex')}`;
    expect(await detail(staff.cookie, key)).toMatchObject({ organisation: 'Guest Checkout Ltd', country: 'GB' });
  });
});
