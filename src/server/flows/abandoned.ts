import { eq, sql, type SQL } from 'drizzle-orm';
import { ABANDONED_AFTER_MS, type AbandonedCheckout, type AbandonedKind } from '../../shared/flows/abandoned-schemas';
import type { AdminListQuery } from '../../shared/lists';
import type { Db } from '../db/client';
import { incompleteOrders, incompleteRegistrations } from '../db/schema';
import { iso, keysetBatches, likeEscape, listPage, nameOf, nextDay } from '../db/list-sql';

/**
 * Abandoned checkouts: the incomplete orders (not completed) and incomplete registrations (no quote
 * made: their step never reached 'details', which only quote creation writes) whose last activity is
 * more than an hour old. A completed one drops off; "later ordered" says whether an order from the
 * same e-mail was placed after the last activity anyway.
 */

interface AbandonedRow extends Record<string, unknown> {
  kind: AbandonedKind;
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  phone: string | null;
  country: string | null;
  step_reached: string;
  configuration_name: string | null;
  total_amount: number | string | null;
  currency: string | null;
  last_activity: string | Date;
  contacted: boolean;
  contacted_at: string | Date | null;
  follow_up_note: string | null;
  later_ordered: boolean;
}

function abandonedSource(now: Date): SQL {
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString();
  return sql`(
    select 'order'::text as kind, o.id, o.email, o.first_name, o.last_name, o.company, o.phone, o.country, o.step_reached,
      o.configuration, o.currency, o.total_amount, o.last_activity_at as last_activity, o.contacted, o.contacted_at, o.follow_up_note
    from incomplete_orders o
    where o.completed_at is null and o.last_activity_at < ${cutoff}::timestamptz
    union all
    select 'registration'::text as kind, r.id, r.email, r.first_name, r.last_name, r.organization, null::text, null::text, r.step_reached,
      r.configuration, r.currency, r.total_amount, r.updated_at as last_activity, r.contacted, r.contacted_at, r.follow_up_note
    from incomplete_registrations r
    where r.step_reached <> 'details' and r.updated_at < ${cutoff}::timestamptz
  ) t`;
}

const abandonedSelect = (
  now: Date,
) => sql`select t.kind, t.id, t.email, t.first_name, t.last_name, t.company, t.phone, t.country, t.step_reached,
  t.total_amount, t.currency, t.last_activity, t.contacted, t.contacted_at, t.follow_up_note,
  coalesce(
    (select c.name from product_configurations c where c.config_id = coalesce(t.configuration->>'configuration', t.configuration->>'model') limit 1),
    coalesce(t.configuration->>'configuration', t.configuration->>'model')
  ) as configuration_name,
  exists (
    select 1 from orders x where x.created_at > t.last_activity
      and (lower(x.configuration->'customerInfo'->>'email') = lower(t.email) or x.user_id = any(array(select p.id from profiles p where lower(p.email) = lower(t.email))))
  ) as later_ordered
  from ${abandonedSource(now)}`;

/** Search (an e-mail prefix, or part of the name or company), status contacted / open, last-activity date range. */
function abandonedFilters(query: AdminListQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.search) {
    const escaped = likeEscape(query.search.toLowerCase());
    if (query.search.includes('@')) filters.push(sql`lower(t.email) like ${`${escaped}%`}`);
    else {
      const contains = `%${escaped}%`;
      filters.push(sql`(lower(t.email) like ${contains}
        or lower(coalesce(t.first_name, '') || ' ' || coalesce(t.last_name, '')) like ${contains}
        or lower(coalesce(t.company, '')) like ${contains})`);
    }
  }
  if (query.status === 'contacted') filters.push(sql`t.contacted`);
  if (query.status === 'open') filters.push(sql`not t.contacted`);
  if (query.from) filters.push(sql`t.last_activity >= ${`${query.from}T00:00:00.000Z`}::timestamptz`);
  if (query.to) filters.push(sql`t.last_activity < ${nextDay(query.to)}::timestamptz`);
  return filters;
}

function toAbandoned(row: AbandonedRow): AbandonedCheckout {
  const total = row.total_amount === null ? null : Number(row.total_amount);
  return {
    id: row.id,
    kind: row.kind,
    email: row.email,
    name: nameOf(row.first_name, row.last_name),
    company: row.company,
    phone: row.phone,
    country: row.country,
    stepReached: row.step_reached,
    configurationName: row.configuration_name,
    totalAmount: total !== null && Number.isFinite(total) ? Math.round(total) : null,
    currency: row.currency,
    lastActivityAt: iso(row.last_activity),
    laterOrdered: row.later_ordered === true,
    contacted: row.contacted === true,
    contactedAt: row.contacted_at === null ? null : iso(row.contacted_at),
    note: row.follow_up_note,
  };
}

const abandonedList = (query: AdminListQuery, now: Date) => ({
  select: abandonedSelect(now),
  filters: abandonedFilters(query),
  sortColumn: sql`t.last_activity`,
});

/** GET /api/admin/abandoned: most recent activity first, one page and the total of the filter. */
export async function listAbandoned(db: Db, query: AdminListQuery, now: Date) {
  return listPage<AbandonedRow, AbandonedCheckout>(
    db,
    {
      ...abandonedList(query, now),
      count: sql`select count(*) as n from ${abandonedSource(now)}`,
      page: query.page,
      pageSize: query.pageSize,
    },
    toAbandoned,
  );
}

/** The CSV's rows, by keyset (last activity, id), one batch in memory at a time. */
export function abandonedBatches(db: Db, query: AdminListQuery, now: Date, batchSize = 1000) {
  return keysetBatches<AbandonedRow, AbandonedCheckout>(
    db,
    { ...abandonedList(query, now), sortValue: (row) => row.last_activity, batchSize },
    toAbandoned,
  );
}

/** The incomplete order or registration with this id, with its follow-up, locked for the update. */
async function findFollowUp(tx: Db, id: string) {
  const [order] = await tx
    .select({
      email: incompleteOrders.email,
      contacted: incompleteOrders.contacted,
      contactedAt: incompleteOrders.contactedAt,
      note: incompleteOrders.followUpNote,
    })
    .from(incompleteOrders)
    .where(eq(incompleteOrders.id, id))
    .for('update');
  if (order) return { kind: 'order' as const, ...order };
  const [registration] = await tx
    .select({
      email: incompleteRegistrations.email,
      contacted: incompleteRegistrations.contacted,
      contactedAt: incompleteRegistrations.contactedAt,
      note: incompleteRegistrations.followUpNote,
    })
    .from(incompleteRegistrations)
    .where(eq(incompleteRegistrations.id, id))
    .for('update');
  if (registration) return { kind: 'registration' as const, ...registration };
  return null;
}

/**
 * Marks an abandoned checkout contacted (or not) with a note, in the caller's transaction. Answers
 * the follow-up as it was and the contacted time now, or null when no incomplete order or
 * registration has this id.
 */
export async function recordAbandonedFollowUp(
  tx: Db,
  change: { id: string; contacted: boolean; note: string | null; now: Date },
) {
  const { id, contacted, note, now } = change;
  const before = await findFollowUp(tx, id);
  if (!before) return null;
  // The first "contacted" keeps its time; unmarking clears it.
  const contactedAt = contacted ? (before.contactedAt ?? now) : null;
  const changes = { contacted, contactedAt, followUpNote: note };
  if (before.kind === 'order') await tx.update(incompleteOrders).set(changes).where(eq(incompleteOrders.id, id));
  else await tx.update(incompleteRegistrations).set(changes).where(eq(incompleteRegistrations.id, id));
  return { before, contactedAt };
}
