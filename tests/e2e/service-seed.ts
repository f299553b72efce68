// Seeds customers and a delivered instrument in the shop's database before it starts: the admin
// journeys' shop seed (admin-shop-seed.ts) calls it, for service-requests.spec.ts.
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { createUser } from '../support/factories';
import { createInstrument } from '../support/service-fixtures';
import type { DeliveredInstrument } from './service-support';

export async function seedDeliveredInstrument(db: Db, instrument: DeliveredInstrument): Promise<void> {
  for (const customer of [instrument.owner, instrument.other])
    await createUser(db, { email: customer.email, password: customer.password, firstName: customer.firstName });
  const [owner] = await db.select().from(users).where(eq(users.email, instrument.owner.email));
  const today = new Date();
  const day = (date: Date) => date.toISOString().slice(0, 10);
  await createInstrument(db, {
    userId: owner?.id ?? null,
    serialNumber: instrument.serial,
    model: instrument.model,
    deliveredOn: day(new Date(today.getTime() - 30 * 86_400_000)),
    warrantyEndsOn: day(new Date(today.getTime() + 335 * 86_400_000)),
  });
}
