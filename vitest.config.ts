import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './tests/support/longest-first';

/**
 * CI's second pass (ENGINE_FILES_ONLY=1: on PGlite, after every file ran on PostgreSQL) runs only the
 * test files the database engine can change, each marked by a first line `// @engine: <why>`: locks
 * and races, hand-written SQL (the read models), the outbox, sequences, migrations, backups, the
 * embedded data folder, scale-out and database faults. A file that opens no database, or reaches the
 * database only through code both engines answer alike, runs once
 * (docs/decisions/0073-a-pipeline-for-two-cores.md).
 */
function engineFiles(): string[] {
  return (readdirSync('src', { recursive: true }) as string[])
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `src/${file}`)
    .filter((file) => readFileSync(file, 'utf8').startsWith('// @engine'));
}

export default defineConfig({
  test: {
    include: process.env.ENGINE_FILES_ONLY === '1' ? engineFiles() : ['src/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Testing Library's waits sized for busy cores; CPU_LOG=file: each test file's CPU time, to find
    // where the unit step's goes (decision 0073).
    setupFiles: ['tests/support/testing-library.ts', ...(process.env.CPU_LOG ? ['tests/support/cpu-per-file.ts'] : [])],
    environment: 'node',
    pool: 'forks',
    // More test files than there are cores: many files spend their time waiting on a child process or
    // the database server (on 2 cores, 3 workers ran the suite in 284 s against 414 s). On PostgreSQL
    // a file's queries are round trips to the server, so four more: every file on 2 cores took 410 s
    // with 3 workers, 349 s with 4, 306 s with 5 and 278 s with 6 (decision 0073, 8 December 2026).
    maxWorkers: availableParallelism() + (process.env.DATABASE_URL ? 4 : 1),
    // Test files in one worker share its loaded modules instead of importing the whole server again
    // for each file: the suite's import time fell from 231 s to 32 s, and the run from 375 s to 261 s
    // on PGlite (136 s on PostgreSQL, from 230-330 s). Module state is kept per database instance
    // (the caches are keyed by the db), and every test file gets a db object of its own (decisions
    // 0049 and 0073).
    isolate: false,
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
