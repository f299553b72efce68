import { runTsxScript } from '../support/tsx-script';
import { runShop, type ShopServer, test as base } from './fixtures';
import type { DeliveredInstrument } from './service-support';

/**
 * One shop per worker for the admin journeys (issue 49, decision 0073): each journey signs in as an
 * admin of its own and finds its own rows by search or by its own customer, and reads a figure that
 * others move (the dashboard's tiles) as a change over its own steps, so they share a shop instead of
 * starting one each (a shop, a Chromium and tsx runs per start: about 20 s of CPU). A worker runs one
 * journey at a time, so no two of them touch the shop at once.
 *
 * A journey that changes what every other journey sees stays on a shop of its own (`testWithAdmins`):
 * the business profile (names and bank on every document), the catalogue (prices), and the system
 * settings that require passkeys for payments. The first admin's set-up link needs an empty shop.
 */
export const adminShopAdmins = {
  sales: { email: 'sales.admin@example.com', password: 'admin-pass-789' },
  first: { email: 'first.admin@example.com', password: 'admin-pass-123' },
  operations: { email: 'ops.admin@example.com', password: 'admin-pass-456' },
  ledger: { email: 'ledger.admin@example.com', password: 'admin-pass-789' },
  paperwork: { email: 'paper.admin@example.com', password: 'admin-pass-789' },
  privacy: { email: 'privacy.admin@example.com', password: 'admin-pass-789' },
  support: { email: 'support.admin@example.com', password: 'admin-pass-321' },
  owner: { email: 'owner.roles@example.com', password: 'owner-pass-789' },
} as const;

/** The delivered instrument of the service journey, with its owner and another customer. */
export const deliveredInstrument: DeliveredInstrument = {
  owner: { email: 'lab.owner@example.com', password: 'owner-pass-1', firstName: 'Dorothy' },
  other: { email: 'nosy.neighbour@example.com', password: 'other-pass-1', firstName: 'Nosy' },
  serial: 'DW-JOURNEY-0002',
  model: 'Dropwise Pro',
};

export const adminShopTest = base.extend<object, { shop: ShopServer }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies in a destructured first argument.
    async ({}, use) =>
      runShop(use, {
        beforeStart: (env) =>
          runTsxScript('admin shop seed', 'tests/e2e/admin-shop-seed.ts', {
            env: {
              ...env,
              ADMIN_SHOP_SEED: JSON.stringify({
                admins: Object.values(adminShopAdmins),
                instrument: deliveredInstrument,
              }),
            },
          }),
      }),
    { scope: 'worker', timeout: 180_000 },
  ],
});
