import { getTableColumns, sql } from 'drizzle-orm';
import type { SelectedConfiguration } from '../../shared/configuration';
import type { FlowType } from '../../shared/quotes/quote-schemas';
import type { Db } from '../db/client';
import { incompleteRegistrations } from '../db/schema';

export interface RegistrationStep {
  email: string;
  flowType: FlowType;
  stepReached: string;
  userId: string | null;
  firstName?: string;
  lastName?: string;
  organization?: string;
  configuration?: SelectedConfiguration | undefined;
  currency?: string;
  totalAmount?: number;
  now: Date;
}

/** Logs how far a visitor got in the quote flow: updates their latest record for this flow, or starts one (in one statement). */
export async function recordRegistrationStep(db: Db, step: RegistrationStep): Promise<void> {
  const values = {
    stepReached: step.stepReached,
    userId: step.userId,
    updatedAt: step.now,
    ...(step.firstName !== undefined ? { firstName: step.firstName } : {}),
    ...(step.lastName !== undefined ? { lastName: step.lastName } : {}),
    ...(step.organization !== undefined ? { organization: step.organization } : {}),
    ...(step.configuration !== undefined ? { configuration: step.configuration } : {}),
    ...(step.currency !== undefined ? { currency: step.currency } : {}),
    ...(step.totalAmount !== undefined ? { totalAmount: step.totalAmount } : {}),
  };
  const table = incompleteRegistrations;
  const columns = getTableColumns(table);
  type Key = keyof typeof columns;
  // Each value is sent as a parameter cast to its column's type, through the column's own encoder (jsonb, timestamps).
  const value = (key: Key, data: unknown) =>
    sql`${sql.param(data, columns[key])}::${sql.raw(columns[key].getSQLType())}`;
  const updates = Object.entries(values) as [Key, unknown][];
  const inserted = [['email', step.email], ['flowType', step.flowType], ...updates] as [Key, unknown][];
  // One statement: update the latest record of this e-mail and flow, or start one when there is none.
  await db.execute(sql`
    with latest as (
      select ${table.id} from ${table}
      where ${table.email} = ${step.email} and ${table.flowType} = ${step.flowType}
      order by ${table.createdAt} desc
      limit 1
    ), updated as (
      update ${table} set ${sql.join(
        updates.map(([key, data]) => sql`${sql.identifier(columns[key].name)} = ${value(key, data)}`),
        sql`, `,
      )}
      where ${table.id} in (select id from latest)
      returning ${table.id}
    )
    insert into ${table} (${sql.join(
      inserted.map(([key]) => sql.identifier(columns[key].name)),
      sql`, `,
    )})
    select ${sql.join(
      inserted.map(([key, data]) => value(key, data)),
      sql`, `,
    )}
    where not exists (select 1 from updated)`);
}
