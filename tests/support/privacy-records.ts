import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client';
import { incompleteOrders, invoices, paymentTransactions } from '../../src/server/db/schema';
import { createOrder } from './factories';

const DAY_MS = 24 * 60 * 60 * 1000;
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
export const yearsBefore = (now: Date, years: number) => {
  const at = new Date(now);
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return at;
};

/** A guest's order for `email`, as the order flow stores it (customer info and addresses). */
export async function guestOrder(
  db: Db,
  email: string,
  at: Date,
  overrides: { organization?: string; userId?: string; street?: string } = {},
) {
  const address = {
    street: overrides.street ?? '12 St James Square',
    city: 'London',
    state: null,
    postal_code: 'SW1Y 4JH',
    country: 'GB',
    name: 'Ada Lovelace',
    company: overrides.organization ?? 'Analytical Engines',
    phone: '+44 20 7946 0000',
  };
  return createOrder(db, {
    configuration: {
      customerInfo: {
        email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        organization: overrides.organization ?? 'Analytical Engines',
        country: 'GB',
      },
    },
    billingAddress: address,
    shippingAddress: address,
    notes: `Please call ${email} before delivery`,
    userId: overrides.userId ?? null,
    createdAt: at,
    updatedAt: at,
  });
}

/** An issued deposit invoice of `order` (a stand-in PDF with its SHA-256) and the deposit's payment. */
export async function invoiceAndPayment(db: Db, order: { id: string; orderNumber: string }, at: Date) {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7 test invoice '), randomBytes(16)]);
  const [invoice] = await db
    .insert(invoices)
    .values({
      orderId: order.id,
      orderNumber: order.orderNumber,
      kind: 'deposit',
      number: `INVT-${randomBytes(4).toString('hex')}`,
      amount: 244125,
      vatAmount: 40688,
      currency: 'GBP',
      issuedAt: at,
      dueDate: at.toISOString().slice(0, 10),
      pdf,
      pdfSha256: createHash('sha256').update(pdf).digest('hex'),
      createdAt: at,
    })
    .returning();
  await db.insert(paymentTransactions).values({
    orderId: order.id,
    transactionType: 'deposit',
    amount: 244125,
    currency: 'GBP',
    paymentMethod: 'bank_transfer',
    reference: 'BACS 1234',
    processedAt: at,
    createdAt: at,
  });
  if (!invoice) throw new Error('invoice insert returned nothing');
  return invoice;
}

/** An abandoned checkout for `email`, last touched at `at`. */
export async function incompleteOrder(db: Db, email: string, at: Date) {
  const [row] = await db
    .insert(incompleteOrders)
    .values({
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+44 20 7946 0000',
      address: '12 St James Square',
      stepReached: 'billing',
      lastActivityAt: at,
      createdAt: at,
    })
    .returning();
  if (!row) throw new Error('incomplete order insert returned nothing');
  return row;
}

/** Every row of every table whose text or JSON columns mention `needle` (case-insensitive), as table and row. */
export async function rowsMentioning(db: Db, needle: string) {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying', 'ARRAY')
        order by table_name, column_name`,
  );
  const hits: { table: string; column: string; row: Record<string, unknown> }[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await queryRows<{ row: Record<string, unknown> }>(
      db,
      sql`select to_jsonb(t) as row from ${sql.identifier(table)} t
          where strpos(lower(${sql.identifier(column)}::text), ${needle.toLowerCase()}) > 0`,
    );
    hits.push(...rows.map((found) => ({ table, column, row: found.row })));
  }
  return { hits, columnsScanned: columns.length };
}
