import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/server/accounts/password';
import type { Db } from '../../src/server/db/client';
import {
  orders,
  orderStatusHistory,
  paymentTransactions,
  profiles,
  quotes,
  staffRoles,
  users,
} from '../../src/server/db/schema';
import type { Role } from '../../src/shared/staff/permissions';
import { defaultSelection } from '../../src/shared/pricing/pricing-fixture';

const unique = () => randomBytes(4).toString('hex');

export interface UserOverrides {
  email?: string;
  password?: string;
  isAdmin?: boolean;
  /** The staff roles of an admin (`isAdmin`): Owner unless given. */
  roles?: Role[];
  confirmed?: boolean;
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
}

/** A user with a profile; confirmed by default, password 'correct-horse-1'. */
export async function createUser(db: Db, overrides: UserOverrides = {}) {
  const email = (overrides.email ?? `user-${unique()}@example.com`).toLowerCase();
  const password = overrides.password ?? 'correct-horse-1';
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      emailConfirmedAt: overrides.confirmed === false ? null : new Date(),
    })
    .returning();
  if (!user) throw new Error('createUser: insert returned nothing');
  const [profile] = await db
    .insert(profiles)
    .values({
      id: user.id,
      email,
      firstName: overrides.firstName === undefined ? 'Ada' : overrides.firstName,
      lastName: overrides.lastName === undefined ? 'Lovelace' : overrides.lastName,
      company: overrides.company === undefined ? 'Analytical Engines Ltd' : overrides.company,
      isAdmin: overrides.isAdmin ?? false,
    })
    .returning();
  if (!profile) throw new Error('createUser: profile insert returned nothing');
  const roles = profile.isAdmin ? (overrides.roles ?? ['owner']) : [];
  if (roles.length > 0) await db.insert(staffRoles).values(roles.map((role) => ({ userId: user.id, role })));
  return { user, profile, password };
}

/** A sent quote, valid for 7 days unless `validUntil` says otherwise. */
export async function createQuote(db: Db, overrides: Partial<typeof quotes.$inferInsert> = {}) {
  const [quote] = await db
    .insert(quotes)
    .values({
      quoteNumber: `Q${new Date().getFullYear()}-${unique()}`,
      quoteReference: randomBytes(16).toString('base64url'),
      currency: 'GBP',
      status: 'sent',
      configuration: {},
      validUntil: new Date(Date.now() + 7 * 24 * 3600 * 1000),
      ...overrides,
    })
    .returning();
  if (!quote) throw new Error('createQuote: insert returned nothing');
  return quote;
}

/** A pending order with its 'Order created' history row. */
export async function createOrder(db: Db, overrides: Partial<typeof orders.$inferInsert> = {}) {
  const totalAmount = overrides.totalAmount ?? 488250;
  const depositAmount = overrides.depositAmount ?? Math.round(totalAmount / 2);
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `O${new Date().getFullYear()}-T${unique()}`,
      totalAmount,
      depositAmount,
      remainingAmount: totalAmount - depositAmount,
      currency: 'GBP',
      configuration: {},
      idempotencyKey: randomUUID(),
      ...overrides,
    })
    .returning();
  if (!order) throw new Error('createOrder: insert returned nothing');
  await db
    .insert(orderStatusHistory)
    .values({ orderId: order.id, oldStatus: null, newStatus: 'pending', notes: 'Order created' });
  return order;
}

/** The order's balance paid in full (one completed payment of its total), so it may ship. */
export async function payInFull(db: Db, order: Pick<typeof orders.$inferSelect, 'id' | 'totalAmount'>) {
  await db.insert(paymentTransactions).values({
    orderId: order.id,
    transactionType: 'balance',
    amount: order.totalAmount,
    currency: 'GBP',
    status: 'completed',
  });
}

/** A UK billing address of an order, for `email`. */
export const guestBilling = (email = 'ada@example.com') => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines',
  email,
  phone: '+44 20 7946 0000',
  address: '12 St James Square',
  city: 'London',
  state: '',
  postalCode: 'SW1Y 4JH',
  country: 'GB',
});

/** A guest's `POST /api/orders` body: the specification's default selection, a UK billing address, the terms accepted. */
export const guestOrderBody = (email: string, idempotencyKey: string = randomUUID()) => ({
  configuration: defaultSelection,
  billing: guestBilling(email),
  notes: '',
  acceptTerms: true,
  idempotencyKey,
});
