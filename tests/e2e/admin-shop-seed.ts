// The admin journeys' shop, seeded before it starts (admin-shop.ts): every admin those journeys sign
// in as, made as `npm run admin:create` makes them (createAdmin), an abandoned checkout and a
// delivered instrument, in one process instead of one tsx run each. ADMIN_SHOP_SEED holds what to
// make, as JSON.
import { createAdmin } from '../../src/server/accounts/create-admin';
import { loadEnv } from '../../src/server/config/env';
import { openDatabase } from '../../src/server/db/client';
import { seedAbandonedCheckout } from './abandoned-seed';
import { seedDeliveredInstrument } from './service-seed';
import type { DeliveredInstrument } from './service-support';

interface Seed {
  admins: { email: string; password: string }[];
  instrument: DeliveredInstrument;
}

const seed = JSON.parse(process.env.ADMIN_SHOP_SEED ?? '{}') as Seed;
const env = loadEnv(process.env);
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.dataDir,
  lockAdvice: 'Stop the shop first.',
});
try {
  for (const admin of seed.admins) await createAdmin(database.db, admin);
  await seedAbandonedCheckout(database.db);
  await seedDeliveredInstrument(database.db, seed.instrument);
} finally {
  await database.close();
}
