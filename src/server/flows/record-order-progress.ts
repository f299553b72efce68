import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FlowProgressRequest } from '../../shared/order-flow';
import type { Db } from '../db/client';
import { incompleteOrders } from '../db/schema';

export type OrderProgress = FlowProgressRequest & { userId: string | null; userAgent: string | null; now: Date };

/** Logs the order flow's progress: updates this tab's open record for the e-mail, or starts one. */
export async function recordOrderProgress(db: Db, progress: OrderProgress): Promise<void> {
  const email = progress.email.trim().toLowerCase();
  if (email === '') return;
  // flowProgressRequestSchema has cleaned these: one-line fields by cleanLine, the notes by cleanText.
  const text = (
    key: 'firstName' | 'lastName' | 'company' | 'phone' | 'address' | 'city' | 'state' | 'postalCode' | 'notes',
  ) => {
    const value = progress[key];
    return value === undefined ? {} : { [key]: value };
  };
  const values = {
    stepReached: progress.step,
    userAgent: progress.userAgent,
    userId: progress.userId,
    lastActivityAt: progress.now,
    ...text('firstName'),
    ...text('lastName'),
    ...text('company'),
    ...text('phone'),
    ...text('address'),
    ...text('city'),
    ...text('state'),
    ...text('postalCode'),
    ...text('notes'),
    ...(progress.country !== undefined ? { country: progress.country.toUpperCase() } : {}),
    ...(progress.configuration !== undefined ? { configuration: progress.configuration } : {}),
    ...(progress.currency !== undefined ? { currency: progress.currency } : {}),
    ...(progress.totalAmount !== undefined ? { totalAmount: progress.totalAmount } : {}),
    ...(progress.subtotal !== undefined ? { subtotal: progress.subtotal } : {}),
    ...(progress.vatAmount !== undefined ? { vatAmount: progress.vatAmount } : {}),
    ...(progress.showVat !== undefined ? { showVat: progress.showVat } : {}),
  };
  const [open] = await db
    .select({ id: incompleteOrders.id })
    .from(incompleteOrders)
    .where(
      and(
        eq(incompleteOrders.email, email),
        eq(incompleteOrders.sessionId, progress.sessionId),
        isNull(incompleteOrders.completedAt),
      ),
    )
    .orderBy(desc(incompleteOrders.lastActivityAt))
    .limit(1);
  if (open) {
    await db.update(incompleteOrders).set(values).where(eq(incompleteOrders.id, open.id));
  } else {
    await db.insert(incompleteOrders).values({ email, sessionId: progress.sessionId, ...values });
  }
}

/** Marks the tab's incomplete order for this e-mail completed (completed_at set, session id cleared). */
export async function completeOrderProgress(
  db: Db,
  email: string,
  sessionId: string | null | undefined,
  now: Date,
): Promise<void> {
  const normalised = email.trim().toLowerCase();
  const where = sessionId
    ? and(
        eq(incompleteOrders.email, normalised),
        eq(incompleteOrders.sessionId, sessionId),
        isNull(incompleteOrders.completedAt),
      )
    : and(eq(incompleteOrders.email, normalised), isNull(incompleteOrders.completedAt));
  await db.update(incompleteOrders).set({ completedAt: now, lastActivityAt: now, sessionId: null }).where(where);
}
