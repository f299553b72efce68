import { sql, type SQL } from 'drizzle-orm';

/**
 * What a buyer gave at checkout, in SQL over an orders row aliased `alias` (issue 38): the company of
 * the billing address (else the order's customer info), and the billing address's country (else the
 * country the order was priced for). A staff view that lacks a customer's company or country shows
 * these from their latest order that has them. Empty text counts as not given.
 */
export const checkoutCompanySql = (alias: string): SQL =>
  sql.raw(
    `coalesce(nullif(trim(${alias}.billing_address->>'company'), ''), nullif(trim(${alias}.configuration->'customerInfo'->>'organization'), ''))`,
  );

export const checkoutCountrySql = (alias: string): SQL =>
  sql.raw(
    `coalesce(nullif(trim(${alias}.billing_address->>'country'), ''), nullif(trim(${alias}.configuration->'customerInfo'->>'country'), ''))`,
  );

/** An order kept after its customer's erasure, or purged (decision 0039): it gives nothing of the customer. */
const notErased = (alias: string) =>
  sql.raw(`${alias}.legal_hold_until is null and ${alias}.personal_data_purged_at is null`);

/** The latest value of `expression` (checkoutCompanySql or checkoutCountrySql of `lo`) among a user's orders. */
export const lastCheckoutSql = (userId: SQL, expression: (alias: string) => SQL): SQL =>
  sql`(select ${expression('lo')} from orders lo
    where lo.user_id = ${userId} and ${notErased('lo')} and ${expression('lo')} is not null
    order by lo.created_at desc, lo.id desc limit 1)`;
