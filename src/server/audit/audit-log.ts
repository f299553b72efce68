import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, orders } from '../db/schema';
import type { RequestAuth } from '../accounts/request-auth';

export interface AuditInput {
  admin: Pick<RequestAuth, 'userId' | 'email'>;
  action: string;
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  now: Date;
}

/** Appends one entry; call it in the transaction of the write it records. There is no update or delete. */
export async function writeAudit(tx: Db, input: AuditInput) {
  await tx.insert(auditLog).values({
    adminId: input.admin.userId,
    adminEmail: input.admin.email,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId,
    before: input.before,
    after: input.after,
    createdAt: input.now,
  });
}

export async function listAudit(
  db: Db,
  query: {
    entityType?: string | undefined;
    entityId?: string | undefined;
    adminId?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const filters: SQL[] = [];
  if (query.entityType) filters.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) filters.push(eq(auditLog.entityId, query.entityId));
  if (query.adminId) filters.push(eq(auditLog.adminId, query.adminId));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  // Orders are named by their number (the entry keeps the row id, which outlives a deleted order).
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const orderIds = [
    ...new Set(rows.filter((r) => r.entityType === 'order' && uuid.test(r.entityId)).map((r) => r.entityId)),
  ];
  const numbers = new Map(
    orderIds.length === 0
      ? []
      : (
          await db
            .select({ id: orders.id, orderNumber: orders.orderNumber })
            .from(orders)
            .where(inArray(orders.id, orderIds))
        ).map((order) => [order.id, order.orderNumber]),
  );
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      entityLabel: row.entityType === 'order' ? (numbers.get(row.entityId) ?? null) : null,
    })),
    total: totals[0]?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
