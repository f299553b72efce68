import { and, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  dataExports,
  incompleteOrders,
  incompleteRegistrations,
  invoices,
  orders,
  paymentTransactions,
  privacyRequests,
  profiles,
  quotes,
  usaWaitlist,
  users,
} from '../db/schema';
import type { PersonRecords, PrivacyRequest } from '../../shared/privacy/privacy-schemas';
import { requestDeadline } from '../../shared/privacy/retention';
import { maskEmail, normaliseEmail, subjectHash } from './erasure';

const iso = (value: Date) => value.toISOString();

/** Everything the shop holds under one e-mail: accounts, orders (account or guest), quotes, waitlist, incomplete records. */
export async function findPerson(db: Db, rawEmail: string): Promise<PersonRecords> {
  const email = normaliseEmail(rawEmail);
  const accountRows = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(sql`lower(${users.email}) = ${email}`);
  const userIds = accountRows.map((row) => row.user.id);
  const mine = (userColumn: AnyPgColumn, table: typeof orders | typeof quotes): SQL => {
    const byEmail = sql`lower(${table.configuration}->'customerInfo'->>'email') = ${email}`;
    return userIds.length > 0 ? (or(inArray(userColumn, userIds), byEmail) as SQL) : byEmail;
  };
  const orderRows = await db.select().from(orders).where(mine(orders.userId, orders)).orderBy(desc(orders.createdAt));
  const orderIds = orderRows.map((row) => row.id);
  const financialIds = new Set<string>();
  if (orderIds.length > 0) {
    for (const row of await db
      .selectDistinct({ id: invoices.orderId })
      .from(invoices)
      .where(inArray(invoices.orderId, orderIds)))
      financialIds.add(row.id);
    for (const row of await db
      .selectDistinct({ id: paymentTransactions.orderId })
      .from(paymentTransactions)
      .where(inArray(paymentTransactions.orderId, orderIds)))
      financialIds.add(row.id);
  }
  const quoteRows = await db.select().from(quotes).where(mine(quotes.userId, quotes)).orderBy(desc(quotes.createdAt));
  const waitlist = await db
    .select()
    .from(usaWaitlist)
    .where(sql`lower(${usaWaitlist.email}) = ${email}`);
  const byPerson = (emailColumn: SQL, userColumn: AnyPgColumn) =>
    userIds.length > 0 ? (or(emailColumn, inArray(userColumn, userIds)) as SQL) : emailColumn;
  const checkouts = await db
    .select()
    .from(incompleteOrders)
    .where(byPerson(sql`lower(${incompleteOrders.email}) = ${email}`, incompleteOrders.userId));
  const registrations = await db
    .select()
    .from(incompleteRegistrations)
    .where(byPerson(sql`lower(${incompleteRegistrations.email}) = ${email}`, incompleteRegistrations.userId));

  return {
    email,
    accounts: accountRows.map(({ user, profile }) => ({
      id: user.id,
      email: user.email,
      name: [profile?.firstName, profile?.lastName].filter(Boolean).join(' ') || null,
      company: profile?.company ?? null,
      isAdmin: profile?.isAdmin ?? false,
      confirmed: user.emailConfirmedAt !== null,
      createdAt: iso(user.createdAt),
    })),
    orders: orderRows.map((row) => ({
      id: row.id,
      orderNumber: row.orderNumber,
      createdAt: iso(row.createdAt),
      status: row.status,
      totalAmount: row.totalAmount,
      currency: row.currency,
      guest: row.userId === null || !userIds.includes(row.userId),
      financial: financialIds.has(row.id),
      legalHoldUntil: row.legalHoldUntil,
    })),
    quotes: quoteRows.map((row) => ({
      id: row.id,
      quoteNumber: row.quoteNumber,
      createdAt: iso(row.createdAt),
      status: row.status,
    })),
    waitlist: waitlist.map((row) => ({ joinedAt: iso(row.createdAt), leftAt: row.leftAt ? iso(row.leftAt) : null })),
    incomplete: [
      ...checkouts.map((row) => ({
        id: row.id,
        kind: 'order' as const,
        stepReached: row.stepReached,
        updatedAt: iso(row.lastActivityAt),
      })),
      ...registrations.map((row) => ({
        id: row.id,
        kind: 'registration' as const,
        stepReached: row.stepReached,
        updatedAt: iso(row.updatedAt),
      })),
    ],
  };
}

type RequestRow = typeof privacyRequests.$inferSelect;

export async function toPrivacyRequest(db: Db, row: RequestRow, now: Date): Promise<PrivacyRequest> {
  const [exported] = row.exportId
    ? await db
        .select({ id: dataExports.id, status: dataExports.status, expiresAt: dataExports.expiresAt })
        .from(dataExports)
        .where(eq(dataExports.id, row.exportId))
    : [];
  const deadline = requestDeadline(row.receivedOn);
  return {
    id: row.id,
    type: row.type,
    subject: row.subjectMasked,
    receivedOn: row.receivedOn,
    deadline,
    overdue: row.outcome === 'open' && deadline < now.toISOString().slice(0, 10),
    channel: row.channel,
    outcome: row.outcome,
    handledBy: row.handledByEmail,
    completedAt: row.completedAt ? iso(row.completedAt) : null,
    export: exported ? { id: exported.id, status: exported.status, expiresAt: iso(exported.expiresAt) } : null,
  };
}

const statusFilter = (status: 'open' | 'closed' | 'all') =>
  status === 'open'
    ? eq(privacyRequests.outcome, 'open')
    : status === 'closed'
      ? ne(privacyRequests.outcome, 'open')
      : undefined;

/** The register, newest received first. */
export async function listPrivacyRequests(
  db: Db,
  query: { status: 'open' | 'closed' | 'all'; page: number; pageSize: number },
  now: Date,
) {
  const where = statusFilter(query.status);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(privacyRequests)
      .where(where)
      .orderBy(desc(privacyRequests.receivedOn), desc(privacyRequests.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(privacyRequests).where(where),
  ]);
  const items = [];
  for (const row of rows) items.push(await toPrivacyRequest(db, row, now));
  return { items, total: totals[0]?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Every row of the register in batches (CSV export). */
export async function* privacyRequestBatches(db: Db, status: 'open' | 'closed' | 'all', now: Date) {
  const size = 500;
  for (let page = 1; ; page += 1) {
    const { items } = await listPrivacyRequests(db, { status, page, pageSize: size }, now);
    if (items.length > 0) yield items;
    if (items.length < size) return;
  }
}

export const requestById = async (db: Db, id: string) =>
  (
    await db
      .select()
      .from(privacyRequests)
      .where(and(eq(privacyRequests.id, id)))
      .for('update')
  )[0];

/** The id of the account registered under this (normalised) e-mail, in any case, or null. */
export async function subjectAccountId(db: Db, email: string): Promise<string | null> {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return account?.id ?? null;
}

type Handler = { userId: string; email: string };

/** Logs a request received by e-mail or post, handled by this admin; the register keeps the e-mail's fingerprint and masked form only. */
export async function logPrivacyRequest(
  db: Db,
  input: Pick<RequestRow, 'type' | 'receivedOn'> & { channel: 'email' | 'post'; email: string; by: Handler; now: Date },
): Promise<RequestRow> {
  const [row] = await db
    .insert(privacyRequests)
    .values({
      type: input.type,
      channel: input.channel,
      receivedOn: input.receivedOn,
      subjectHash: subjectHash(input.email),
      subjectMasked: maskEmail(input.email),
      handledBy: input.by.userId,
      handledByEmail: input.by.email,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('Logging the request failed');
  return row;
}

/** Closes a request with its outcome (and the export produced, if any), handled by this admin now. */
export async function markRequestDone(
  db: Db,
  id: string,
  done: {
    outcome: 'export_produced' | 'erased' | 'refused' | 'no_data';
    record?: { exportId: string };
    by: Handler;
    now: Date;
  },
): Promise<RequestRow | undefined> {
  const [updated] = await db
    .update(privacyRequests)
    .set({
      outcome: done.outcome,
      ...done.record,
      handledBy: done.by.userId,
      handledByEmail: done.by.email,
      completedAt: done.now,
    })
    .where(eq(privacyRequests.id, id))
    .returning();
  return updated;
}
