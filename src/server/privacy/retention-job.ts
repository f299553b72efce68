import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { auditLog } from '../db/schema';
import type { DailyJob, JobResult } from '../jobs/scheduler';
import { financialPurgeCutoff, shortLivedCutoff } from '../../shared/privacy/retention';

export const RETENTION_JOB = 'retention';

/** Who the audit register names for what the shop does by itself. */
export const SYSTEM_ACTOR = 'system: retention job';

/** Rows a statement deleted or changed (both drivers answer with `rowCount` / `affectedRows`). */
async function affected(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`with changed as (${query} returning 1) select count(*) as n from changed`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The order fields that name or reach a person, cleared when its financial hold ends (the amounts,
 * lines and dates stay for the shop's figures).
 */
const purgeOrderPersonalFields = (now: Date) => sql`
  configuration = coalesce(configuration, '{}'::jsonb) - 'customerInfo' - 'batchName',
  billing_address = null, shipping_address = null, notes = null, internal_notes = null,
  po_number = null, vat_number = null, eori_number = null, buyer_routing_reference = null, tracking_number = null, user_id = null,
  stripe_payment_intent_id = null, legal_hold_until = null, personal_data_purged_at = ${now}`;

/**
 * Orders whose financial records (the order, its invoices and credit notes, its payments) are all past
 * their hold: the last of them was made at or before `cutoff`. Orders with neither invoices nor payments
 * are not financial records and stay with their customer.
 */
const ordersPastHold = (cutoff: Date) => sql`
  select o.id from orders o
  where o.personal_data_purged_at is null
    and (exists (select 1 from invoices i where i.order_id = o.id)
      or exists (select 1 from payment_transactions p where p.order_id = o.id))
    and o.created_at <= ${cutoff}
    and not exists (select 1 from invoices i where i.order_id = o.id and i.issued_at > ${cutoff})
    and not exists (select 1 from payment_transactions p where p.order_id = o.id
      and greatest(p.created_at, coalesce(p.processed_at, p.created_at), coalesce(p.refunded_at, p.created_at)) > ${cutoff})`;

/** Deletes what the privacy policy keeps for a limited time, once that time is over; returns counts per kind. */
export async function runRetention(tx: Db, now: Date): Promise<JobResult> {
  const short = shortLivedCutoff(now);
  const financial = financialPurgeCutoff(now);
  const result: JobResult = {};

  result.incompleteRegistrations = await affected(
    tx,
    sql`delete from incomplete_registrations where greatest(created_at, updated_at) < ${short}`,
  );
  result.incompleteOrders = await affected(
    tx,
    sql`delete from incomplete_orders
        where greatest(created_at, last_activity_at, coalesce(completed_at, created_at)) < ${short}`,
  );
  result.waitlistLeft = await affected(tx, sql`delete from usa_waitlist where left_at < ${short}`);
  result.unconfirmedSignUps = await affected(
    tx,
    sql`delete from users u where u.email_confirmed_at is null and greatest(u.created_at, u.updated_at) < ${short}
        and not exists (select 1 from profiles p where p.id = u.id and p.is_admin)
        and not exists (select 1 from auth_tokens t where t.user_id = u.id and t.expires_at >= ${short})`,
  );
  result.expiredSessions = await affected(tx, sql`delete from sessions where expires_at < ${short}`);
  result.expiredTokens =
    (await affected(tx, sql`delete from auth_tokens where expires_at < ${short}`)) +
    (await affected(tx, sql`delete from mfa_challenges where expires_at < ${short}`)) +
    (await affected(tx, sql`delete from setup_tokens where expires_at < ${short}`));
  result.sentMail = await affected(
    tx,
    sql`delete from mail_outbox where status in ('sent', 'failed') and coalesce(sent_at, created_at) < ${short}`,
  );
  result.expiredExports = await affected(tx, sql`delete from data_exports where expires_at < ${now}`);

  // Financial records past their 7 years: the invoices and payments go, the order keeps only its figures.
  const due = await queryRows<{ id: string }>(tx, ordersPastHold(financial));
  const ids = due.map((row) => row.id);
  result.financialOrdersPurged = 0;
  result.invoicesPurged = 0;
  result.paymentsPurged = 0;
  result.exportProofsPurged = 0;
  if (ids.length > 0) {
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    result.invoicesPurged = await affected(tx, sql`delete from invoices where order_id in (${list})`);
    // Issue 40: the record of their sending over Peppol goes with them.
    await tx.execute(sql`delete from peppol_transmissions where order_id in (${list})`);
    result.paymentsPurged = await affected(tx, sql`delete from payment_transactions where order_id in (${list})`);
    // The proof of export is the evidence of the zero rate on those invoices: kept as long as they are.
    result.exportProofsPurged = await affected(tx, sql`delete from export_proofs where order_id in (${list})`);
    await tx.execute(sql`update order_status_history set notes = null where order_id in (${list})`);
    // The VAT-number checks are the evidence for the order's VAT: kept for its hold, gone with its number.
    await tx.execute(sql`delete from vat_number_checks where order_id in (${list})`);
    // The buyer's purchase order (issue 39) names its people and is the evidence for the PO number: gone with it.
    await tx.execute(sql`delete from order_po_documents where order_id in (${list})`);
    // The decontamination declarations of the order's instruments name who signed (issue 41): gone with the order's person.
    await tx.execute(
      sql`delete from decontamination_declarations d using service_requests r, instruments i
          where d.request_id = r.id and r.instrument_id = i.id and i.order_id in (${list})`,
    );
    await tx.execute(
      sql`delete from quotes where id in (select quote_id from orders where id in (${list}) and quote_id is not null)`,
    );
    result.financialOrdersPurged = await affected(
      tx,
      sql`update orders set ${purgeOrderPersonalFields(now)} where id in (${list})`,
    );
  }
  // Issue 51: receipts on account past their 7 years (the receipt and every allocation of it) keep
  // their amount, day and method for the shop's figures; the bank reference (which names the payer),
  // the note, the void reason and the customer go.
  result.accountReceiptsPurged = await affected(
    tx,
    sql`update account_receipts a set reference = null, note = null, void_reason = null, user_id = null,
          personal_data_purged_at = ${now}
        where a.personal_data_purged_at is null and a.created_at <= ${financial} and a.received_on <= ${financial}
          and not exists (select 1 from payment_transactions p where p.account_receipt_id = a.id
            and greatest(p.created_at, coalesce(p.processed_at, p.created_at), coalesce(p.refunded_at, p.created_at)) > ${financial})`,
  );
  // Invoices whose order was deleted long ago go by their own date.
  result.invoicesPurged += await affected(
    tx,
    sql`delete from invoices i where i.issued_at <= ${financial}
        and not exists (select 1 from orders o where o.id = i.order_id)`,
  );

  await tx.insert(auditLog).values({
    adminId: null,
    adminEmail: SYSTEM_ACTOR,
    action: 'privacy.retention',
    entityType: 'retention',
    entityId: now.toISOString().slice(0, 10),
    before: null,
    after: result,
    createdAt: now,
  });
  return result;
}

export const retentionJob: DailyJob = { name: RETENTION_JOB, run: runRetention };
