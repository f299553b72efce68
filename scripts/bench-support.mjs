// What the benchmark scripts share: the default selection, a built shop on a free port, and the
// run on PGlite then, with DATABASE_URL, on a scratch PostgreSQL database dropped afterwards.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The budgets of scripts/budgets.json (CPU as multiples of the health request's, memory, the home page's JavaScript). */
export const budgets = JSON.parse(readFileSync(new URL('./budgets.json', import.meta.url), 'utf8'));

/**
 * How `npm run serve` starts the shop in the build at `dir` (this checkout by default): its
 * environment settings (glibc's malloc arenas) and Node options (the young generation's size, the
 * old generation's growth), decisions 0083 and 0086, so the benchmark measures the server as it is
 * deployed. A build of another commit (`npm run bench -- --against <dir>`) is started as its own
 * package.json said.
 */
export function serveCommandOf(dir) {
  const { scripts } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const words = scripts.serve.split(/\s+/);
  const node = words.indexOf('node');
  return {
    env: Object.fromEntries(words.slice(0, node).map((word) => word.split('=', 2))),
    nodeOptions: words.slice(node + 1, words.indexOf('dist/server/main.js')),
  };
}

/** How `npm run serve` starts this checkout's shop. */
export const serveCommand = serveCommandOf(fileURLToPath(new URL('..', import.meta.url)));

/** The configurator's default selection (src/shared/pricing/pricing-fixture.ts, which plain JavaScript cannot import). */
export const benchSelection = {
  model: 'dropwise-standard',
  configuration: 'dropwise-standard',
  powerAdaptor: 'uk-power',
  quantity: 1,
  accessories: ['10x-2ml-syringes', '10x-6ml-syringes'],
  accessoryQuantities: { '10x-2ml-syringes': 1, '10x-6ml-syringes': 1 },
  adaptors: ['standard-art-adaptor'],
  syringeHolders: ['3ml-syringe-mount'],
  servicing: '3-year',
  shipping: 'fedex-priority',
  batch: 'batch-2',
  customerCountry: 'GB',
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function adminQuery(baseUrl, statement) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time (user + system, in ms) a process has used so far, from /proc/<pid>/stat (Linux):
 * what the server spends, which holds on a slower or busier machine where requests per second do not.
 */
export function processCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / clockTicksPerSecond;
}

/** A process's resident set size in MiB, from /proc/<pid>/status (Linux). */
export function processRssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kib / 1024;
}

/**
 * Measures `work` by the server's CPU: returns what `work` resolves to and `cpuMsPerOperation`,
 * the server's CPU time over the window divided by `operations(result)`.
 */
export async function withServerCpu(server, work, operations) {
  const before = processCpuMs(server.pid);
  const result = await work();
  const cpuMs = processCpuMs(server.pid) - before;
  const count = operations(result);
  return { result, cpuMs, cpuMsPerOperation: count > 0 ? cpuMs / count : Number.NaN };
}

/**
 * Starts the built shop (dist/server/main.js, with `npm run serve`'s Node options) on a free loopback port with a scratch data folder.
 * `env` adds or overrides settings; by default it runs as production on loopback http. `dir` is the
 * build to start (this checkout's by default; another commit's worktree to compare against).
 */
export async function startServer(databaseUrl, env = {}, dir = process.cwd()) {
  const command = serveCommandOf(dir);
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'dropwise-bench-'));
  const childEnv = {
    ...process.env,
    ...command.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ALLOW_HTTP_PUBLIC_URL: 'true',
    ...env,
  };
  if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;
  else delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [...command.nodeOptions, 'dist/server/main.js'], {
    cwd: dir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise((resolve, reject) => {
    // Generous: on a machine busy with other work a cold start has taken over a minute. A server that
    // did not start is stopped, not left running after the benchmark has given up on it.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within 180 s:\n${output}`));
    }, 180_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Dropwise shop running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `bench(label, databaseUrl)` on PGlite, then on a scratch PostgreSQL database when
 * DATABASE_URL is set; `databases` can leave one out.
 */
export async function onEachDatabase(name, bench, databases = ['pglite', 'postgres']) {
  const results = databases.includes('pglite') ? [await bench('pglite', undefined)] : [];
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl && databases.includes('postgres')) {
    const database = `shop_${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(baseUrl, `CREATE DATABASE ${database}`);
    try {
      const url = new URL(baseUrl);
      url.pathname = `/${database}`;
      results.push(await bench('postgres', url.toString()));
    } finally {
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  }
  return results;
}

/** The middle value (the upper of the two middle ones for an even count), as the bench and Lighthouse scripts report. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
