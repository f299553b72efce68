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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
