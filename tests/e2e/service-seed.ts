// Seeds customers and a delivered instrument in the shop's database before it starts (run with tsx by
// createDeliveredInstrument in service-support.ts; SERVICE_SEED holds what to make, as JSON).
import { eq } from 'drizzle-orm';
import { loadEnv } from '../../src/server/config/env';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { createUser } from '../support/factories';
import { createInstrument } from '../support/service-fixtures';

interface Seed {
  customers: { email: string; password: string; firstName: string }[];
  instrument: { ownerEmail: string; serial: string; model: string };
}

const seed = JSON.parse(process.env.SERVICE_SEED ?? '{}') as Seed;
const env = loadEnv(process.env);
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.dataDir,
  lockAdvice: 'Stop the shop first.',
});
try {
  for (const customer of seed.customers)
    await createUser(database.db, {
      email: customer.email,
      password: customer.password,
      firstName: customer.firstName,
    });
  const [owner] = await database.db.select().from(users).where(eq(users.email, seed.instrument.ownerEmail));
  const today = new Date();
  const day = (date: Date) => date.toISOString().slice(0, 10);
  await createInstrument(database.db, {
    userId: owner?.id ?? null,
    serialNumber: seed.instrument.serial,
    model: seed.instrument.model,
    deliveredOn: day(new Date(today.getTime() - 30 * 86_400_000)),
    warrantyEndsOn: day(new Date(today.getTime() + 335 * 86_400_000)),
  });
} finally {
  await database.close();
}
