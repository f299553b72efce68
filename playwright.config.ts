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
/** Each run's own results folder: `.ci/run` runs the PostgreSQL journeys beside the PGlite ones. */
const outputDir = process.env.E2E_OUTPUT_DIR ?? 'test-results';

export default defineConfig<ShopOptions>({
  testDir: 'tests/e2e',
  // One migrated database that every worker's shop starts from a copy of (tests/e2e/global-setup.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  ...(process.env.E2E_DATABASE_JOURNEYS_ONLY === '1' ? { testMatch: postgresJourneys } : {}),
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
    // A failed journey keeps its trace (actions, DOM snapshots, network); the screencast frames,
    // recorded for every journey to be kept for the few that fail, are left out (decision 0073).
    trace: { mode: 'retain-on-failure', screenshots: false },
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
    { name: 'chromium' },
    // The README's deployment: the guest journey from configurator to placed order (and the rest of
    // the quote-and-order journeys) through HAProxy to two processes on one PostgreSQL and one Redis.
    ...(canBalance(process.env.DATABASE_URL)
      ? [{ name: 'behind-haproxy', testMatch: /quote-order\.spec\.ts/, use: { balanced: true } }]
      : []),
  ],
});
