import { defineConfig } from '@playwright/test';
import type { ShopOptions } from './tests/e2e/fixtures';
import { chromiumPath } from './scripts/chromium-path.mjs';
import { canBalance } from './tests/support/load-balancer';

/**
 * Journeys that write nothing and read only the seeded settings: the marketing pages, the site
 * layout and the early taps. CI runs them once, on PGlite; its PostgreSQL pass sets
 * E2E_DATABASE_JOURNEYS_ONLY=1 and leaves them out (docs/decisions/0008-node-24.md).
 */
const databaseFreeJourneys = ['**/marketing.spec.ts', '**/layout.spec.ts', '**/early-taps.spec.ts'];

export default defineConfig<ShopOptions>({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  testIgnore: process.env.E2E_DATABASE_JOURNEYS_ONLY === '1' ? databaseFreeJourneys : [],
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
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
