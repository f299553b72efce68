import { sql, type SQL } from 'drizzle-orm';
import type { AdminListQuery } from '../../shared/lists';
import type { Db } from '../db/client';
import { iso, likeEscape, listPage, nextDay, pageOf } from '../db/list-sql';
import { checkoutCompanySql, checkoutCountrySql, lastCheckoutSql } from '../orders/checkout-details-sql';

interface UserListRow extends Record<string, unknown> {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  country: string | null;
  is_admin: boolean;
  mfa_enabled: boolean;
  created_at: string | Date;
}

/**
 * GET /api/admin/users: profiles newest first, with whether two-factor is on. A profile without a
 * company or country shows the ones the customer last gave at checkout (issue 38).
 */
export async function listUsers(db: Db, query: AdminListQuery) {
  const filters: SQL[] = [];
  if (query.search) {
    const escaped = likeEscape(query.search.toLowerCase());
    filters.push(
      query.search.includes('@')
        ? sql`lower(p.email) like ${`${escaped}%`}`
        : sql`(lower(p.email) like ${`%${escaped}%`} or lower(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) like ${`%${escaped}%`} or lower(coalesce(p.company, '')) like ${`%${escaped}%`})`,
    );
  }
  if (query.from) filters.push(sql`p.created_at >= ${`${query.from}T00:00:00.000Z`}`);
  if (query.to) filters.push(sql`p.created_at < ${nextDay(query.to)}`);
  if (query.status === 'admin') filters.push(sql`p.is_admin`);
  if (query.status === 'customer') filters.push(sql`not p.is_admin`);
  return listPage<UserListRow, ReturnType<typeof toUserListItem>>(
    db,
    {
      select: sql`select p.id, p.email, p.first_name, p.last_name,
        coalesce(nullif(p.company, ''), ${lastCheckoutSql(sql`p.id`, checkoutCompanySql)}) as company,
        coalesce(nullif(p.country, ''), ${lastCheckoutSql(sql`p.id`, checkoutCountrySql)}) as country,
        p.is_admin, p.created_at,
        exists (select 1 from mfa_factors f where f.user_id = p.id and f.status = 'verified') as mfa_enabled
        from profiles p`,
      count: sql`select count(*) as n from profiles p`,
      filters,
      sortColumn: sql`p.created_at`,
      idColumn: sql`p.id`,
      ...pageOf(query),
    },
    toUserListItem,
  );
}

function toUserListItem(row: UserListRow) {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    country: row.country,
    isAdmin: row.is_admin,
    mfaEnabled: row.mfa_enabled,
    createdAt: iso(row.created_at),
  };
}
