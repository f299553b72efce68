import { realBank, realDetails } from './business-profile';
import { createAdminSession } from './admin-sessions';
import type { TestApp } from './test-app';

/**
 * A shop whose Owner has filled in the business profile and the bank accounts (`realDetails`,
 * `realBank`) through the admin, the bank change with a fresh step-up. Returns that Owner's session.
 */
export async function fillInShop(t: TestApp) {
  const admin = await createAdminSession(t);
  const details = await t.put('/api/admin/business-profile', realDetails, { cookie: admin.cookie });
  if (details.statusCode !== 200) throw new Error(`business profile not saved: ${details.statusCode} ${details.body}`);
  await admin.stepUp();
  const bank = await t.put('/api/admin/business-profile/bank', realBank, { cookie: admin.cookie });
  if (bank.statusCode !== 200) throw new Error(`bank details not saved: ${bank.statusCode} ${bank.body}`);
  return admin;
}
