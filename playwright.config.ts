import { defineConfig } from '@playwright/test';
import type { ShopOptions } from './tests/e2e/fixtures';
import { chromiumPath } from './scripts/chromium-path.mjs';
import { canBalance } from './tests/support/load-balancer';

/**
 * CI's PostgreSQL pass (E2E_DATABASE_JOURNEYS_ONLY=1) runs only the journeys where the database or
 * the deployment changes what the browser sees: the quote-and-order journeys, also through HAProxy
 * to two processes on one PostgreSQL, and the one that reads rows PostgreSQL alone can seed. Every
 * journey runs on PGlite in `npm test`; the server's code on PostgreSQL is the unit and API suite's
 * (docs/decisions/0056-journeys-once.md).
 */
const postgresJourneys = ['**/quote-order.spec.ts', '**/accounts-orders.spec.ts'];
/**
 * The journeys that start a shop of their own (and its admins through `npm run admin:create`) go
 * first. Playwright queues a run's groups by worker fixture in the order it first meets each one, so
 * these four, each with a fixture of its own, came last: a worker start, a shop start and passkeys'
 * two journeys in a row made the run's tail, with the other worker idle (decision 0073).
 */
const ownShopJourneys = [
  '**/passkeys.spec.ts',
  '**/admin-catalogue.spec.ts',
  '**/business-profile.spec.ts',
  '**/first-admin-setup.spec.ts',
];
const databaseJourneysOnly = process.env.E2E_DATABASE_JOURNEYS_ONLY === '1';
/** Each run's own results folder: `.ci/run` runs the PostgreSQL journeys beside the PGlite ones. */
const outputDir = process.env.E2E_OUTPUT_DIR ?? 'test-results';

export default defineConfig<ShopOptions>({
  testDir: 'tests/e2e',
  // One migrated database that every worker's shop starts from a copy of (tests/e2e/global-setup.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  ...(databaseJourneysOnly ? { testMatch: postgresJourneys } : {}),
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  outputDir,
  // The json report gives each journey's time; scripts/e2e.mjs prints the table per spec file.
  reporter: [['list'], ['json', { outputFile: `${outputDir}/journeys.json` }]],
  use: {
    browserName: 'chromium',
    headless: true,
    // No animations to wait out; the two specs that test the videos ask for motion themselves.
    reducedMotion: 'reduce',
    // Locally a failed journey keeps its trace (actions, DOM snapshots, network; no screencast
    // frames). Under CI nothing is traced: a trace is recorded for every journey to keep the few that
    // fail, which cost 14% of the journeys' CPU and wall time (two runs of two spec files each,
    // decision 0073); CI's log has each failure's message, and `npx playwright test <spec> --trace on`
    // records one again.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromiumPath(),
      // As root Chromium needs --no-sandbox; the rest keeps it off the (closed) network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    ...(databaseJourneysOnly
      ? [{ name: 'chromium' }]
      : [
          { name: 'own shop', testMatch: ownShopJourneys },
          { name: 'chromium', testIgnore: ownShopJourneys },
        ]),
    // The README's deployment: the guest journey from configurator to placed order (and the rest of
    // the quote-and-order journeys) through HAProxy to two processes on one PostgreSQL and one Redis.
    ...(canBalance(process.env.DATABASE_URL)
      ? [{ name: 'behind-haproxy', testMatch: /quote-order\.spec\.ts/, use: { balanced: true } }]
      : []),
  ],
});
