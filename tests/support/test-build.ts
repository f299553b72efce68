import { join } from 'node:path';
import { build } from 'esbuild';
import { rootDir } from '../../src/server/config/paths';

/**
 * The server and the operator scripts that the unit tests start as processes (a shop, its backups,
 * `admin:create`), bundled once per run by the global setup, as `scripts/build-server.mjs` bundles the
 * server for `npm start`: a process started from the bundle costs about 3.5 CPU s less than one that
 * tsx compiles from the source at its start (decision 0073). The README's `npm run` commands through
 * tsx stay covered by the journeys, which make their admins with `npm run admin:create`.
 */
export const bundledEntries = {
  server: 'src/server/main.ts',
  'admin-create': 'scripts/admin-create.ts',
  'db-backup': 'scripts/db-backup.ts',
  'db-restore': 'scripts/db-restore.ts',
} as const;
export type BundledEntry = keyof typeof bundledEntries;

/** Where the global setup leaves the bundles' folder for the test workers it starts. */
const bundleDirVariable = 'DROPWISE_TEST_BUNDLE_DIR';

/**
 * Under node_modules/.cache, inside the project, so that the bundle finds the project root (the
 * nearest package.json above it) and its packages in node_modules as the sources do.
 */
export async function buildTestBundles(): Promise<string> {
  const outdir = join(rootDir, 'node_modules', '.cache', `dropwise-test-build-${process.pid}`);
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(bundledEntries).map(([name, entry]) => [name, join(rootDir, entry)]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    logLevel: 'warning',
  });
  process.env[bundleDirVariable] = outdir;
  return outdir;
}

/**
 * The arguments to `node` that start `entry` from this run's bundle, or through tsx from the source
 * when there is none (a test run outside vitest's global setup). `--liftoff-only`: these processes
 * live for seconds, and V8 would spend more CPU optimising PGlite's WebAssembly in the background than
 * the process runs it (`admin:create` on a migrated folder: 3.7-4.7 CPU s with it, 5.9-6.7 s
 * without; decision 0073). The flag touches WebAssembly only; JavaScript is optimised as usual.
 */
export function nodeArguments(entry: BundledEntry, args: string[] = []): string[] {
  const dir = process.env[bundleDirVariable];
  return dir
    ? ['--liftoff-only', join(dir, `${entry}.js`), ...args]
    : ['--import', 'tsx', join(rootDir, bundledEntries[entry]), ...args];
}
