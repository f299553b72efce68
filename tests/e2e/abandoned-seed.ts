// Seeds an incomplete order whose last activity was two hours ago, in the shop's database before it
// starts (the shop's clock is real, so a journey cannot wait an hour). Run with tsx by abandoned.spec.ts.
import { loadEnv } from '../../src/server/config/env';
import { openDatabase } from '../../src/server/db/client';
import { incompleteOrders } from '../../src/server/db/schema';

const env = loadEnv(process.env);
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.dataDir,
  lockAdvice: 'Stop the shop first.',
});
try {
  await database.db.insert(incompleteOrders).values({
    email: 'left.cart@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    company: 'Harvard Computation Lab',
    phone: '+44 20 7946 0001',
    country: 'GB',
    stepReached: 'review',
    configuration: { model: 'dropwise-standard', configuration: 'dropwise-standard' },
    currency: 'GBP',
    totalAmount: 488250,
    sessionId: 'tab-left',
    lastActivityAt: new Date(Date.now() - 2 * 3_600_000),
  });
} finally {
  await database.close();
}
