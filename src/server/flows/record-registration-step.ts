import { and, desc, eq } from 'drizzle-orm';
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

/** Logs how far a visitor got in the quote flow: updates their latest record for this flow, or starts one. */
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
  const [latest] = await db
    .select({ id: incompleteRegistrations.id })
    .from(incompleteRegistrations)
    .where(and(eq(incompleteRegistrations.email, step.email), eq(incompleteRegistrations.flowType, step.flowType)))
    .orderBy(desc(incompleteRegistrations.createdAt))
    .limit(1);
  if (latest) {
    await db.update(incompleteRegistrations).set(values).where(eq(incompleteRegistrations.id, latest.id));
  } else {
    await db.insert(incompleteRegistrations).values({ email: step.email, flowType: step.flowType, ...values });
  }
}
