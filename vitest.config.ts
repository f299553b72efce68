import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/support/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // One test file more than there are cores: many files spend their time waiting on a child
    // process or the database server (on 2 cores, 3 workers ran the suite in 284 s against 414 s).
    maxWorkers: availableParallelism() + 1,
    // Test files in one worker share its loaded modules instead of importing the whole server again
    // for each file: the suite's import time fell from 231 s to 32 s, and the run from 375 s to 261 s
    // on PGlite (136 s on PostgreSQL, from 230-330 s). Module state is kept per database instance
    // (the caches are keyed by the db), and every test app has its own (decision 0049).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
