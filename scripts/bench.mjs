// Loopback benchmark of the configurator's API against the BUILT server (npm run build first):
// GET /api/health (the baseline), GET /api/products/dropwise and POST /api/pricing, each for a
// bounded time with autocannon, in interleaved rounds (the median of each). Judged by the server's CPU time per request (user + system from
// /proc, over the measured window), which carries between machines of different speed and load:
// budgets (scripts/budgets.json): a product read and a price each within 1.5x of the health request's CPU. Requests/s and
// p99 latency are printed as information. Runs on PGlite, and also on PostgreSQL (a scratch
// database, dropped afterwards) when DATABASE_URL is set. Writes the figures to bench-results/.
// Then the writes: scripts/bench-writes.mjs (a checkout's CPU against the health request's, RSS after
// 1,000 checkouts). At the end, one table of every budget; the exit code is 1 when one is passed.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchSelection, budgets, median, onEachDatabase, startServer, withServerCpu } from './bench-support.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 4);
const WARMUP_S = 2;
/**
 * The endpoints are measured in turn, this many rounds over, and each figure is its median: one
 * endpoint measured once, first after the server starts or while the machine is briefly busy,
 * read up to twice its CPU (seen here), which decided the ratio more than the code did.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The most CPU per request, as a multiple of the health request's (scripts/budgets.json). */
const TARGETS = { product: budgets.cpuVsHealth.product, pricing: budgets.cpuVsHealth.pricing };

const selection = benchSelection;

const endpoints = [
  { name: 'health', method: 'GET', path: '/api/health' },
  { name: 'product', method: 'GET', path: '/api/products/dropwise' },
  {
    name: 'pricing',
    method: 'POST',
    path: '/api/pricing',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ configuration: selection }),
  },
];

// `npm run bench -- --against <dir>`: this build side by side with the build in <dir> (another
// commit's worktree), interleaved, sequential requests: scripts/bench-compare.mjs. Nothing else runs.
const against =
  process.argv.find((arg, index) => process.argv[index - 1] === '--against') ??
  process.argv.find((arg) => arg.startsWith('--against='))?.slice('--against='.length);
if (against) {
  const { benchCompare } = await import('./bench-compare.mjs');
  await benchCompare(against);
  process.exit(0);
}

if (!existsSync('dist/server/main.js')) {
  console.error('The benchmark runs the built server: run `npm run build` first.');
  process.exit(1);
}

function cannon(url, endpoint, duration) {
  return autocannon({
    url: `${url}${endpoint.path}`,
    method: endpoint.method,
    headers: endpoint.headers,
    body: endpoint.body,
    connections: CONNECTIONS,
    duration,
  });
}

async function warmUp(server, endpoint) {
  const url = server.url;
  // A check that the endpoint answers 200 before it is measured: a fast error would flatter it.
  const check = await fetch(`${url}${endpoint.path}`, {
    method: endpoint.method,
    headers: endpoint.headers,
    body: endpoint.body,
  });
  if (check.status !== 200)
    throw new Error(`${endpoint.method} ${endpoint.path} answered ${check.status}: ${await check.text()}`);
  await cannon(url, endpoint, WARMUP_S);
}

async function benchOne(server, endpoint) {
  const url = server.url;
  const { result, cpuMsPerOperation } = await withServerCpu(
    server,
    () => cannon(url, endpoint, DURATION_S),
    (run) => run.requests.total,
  );
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${endpoint.method} ${endpoint.path}: ${bad} failed requests during the run`);
  return {
    cpuMsPerOperation,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    total: result.requests.total,
  };
}

async function benchDatabase(label, databaseUrl) {
  const server = await startServer(databaseUrl);
  try {
    for (const endpoint of endpoints) await warmUp(server, endpoint);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const figures = {};
      for (const endpoint of endpoints) figures[endpoint.name] = await benchOne(server, endpoint);
      rounds.push(figures);
    }
    const figures = Object.fromEntries(
      endpoints.map(({ name }) => [
        name,
        {
          cpuMsPerOperation: median(rounds.map((figure) => figure[name].cpuMsPerOperation)),
          requestsPerSecond: median(rounds.map((figure) => figure[name].requestsPerSecond)),
          p99Ms: median(rounds.map((figure) => figure[name].p99Ms)),
          perRound: rounds.map((figure) => Number(figure[name].cpuMsPerOperation.toFixed(3))),
        },
      ]),
    );
    const healthCpu = figures.health.cpuMsPerOperation;
    const rows = endpoints.map(({ name, method, path }) => ({
      endpoint: `${method} ${path}`,
      'server CPU ms/request': Number(figures[name].cpuMsPerOperation.toFixed(3)),
      'each round': figures[name].perRound.join(' / '),
      'CPU vs health': Number((figures[name].cpuMsPerOperation / healthCpu).toFixed(2)),
      target: TARGETS[name] ? `<= ${TARGETS[name]}x health` : '',
      'requests/s (info)': Math.round(figures[name].requestsPerSecond),
      'p99 ms (info)': figures[name].p99Ms,
    }));
    console.log(
      `\n${label}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per endpoint after ${WARMUP_S} s warm-up (medians)`,
    );
    console.table(rows);
    const misses = Object.entries(TARGETS).filter(
      ([name, target]) => figures[name].cpuMsPerOperation / healthCpu > target,
    );
    const verdicts = Object.entries(TARGETS).map(([name, target]) => ({
      database: label,
      budget: `${name} CPU <= ${target}x health`,
      figure: `${(figures[name].cpuMsPerOperation / healthCpu).toFixed(2)}x (${figures[name].cpuMsPerOperation.toFixed(3)} / ${healthCpu.toFixed(3)} ms)`,
      met: figures[name].cpuMsPerOperation / healthCpu <= target,
    }));
    return { database: label, rows, targetsMet: misses.length === 0, verdicts };
  } finally {
    await server.stop();
  }
}

const results = await onEachDatabase('bench', benchDatabase);

await mkdir('bench-results', { recursive: true });
const file = join('bench-results', `bench-${new Date().toISOString().replaceAll(':', '-')}.json`);
await writeFile(
  file,
  `${JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, seconds: DURATION_S, rounds: ROUNDS, results }, null, 2)}\n`,
);
await writeFile(
  join('bench-results', 'latest.json'),
  `${JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, seconds: DURATION_S, rounds: ROUNDS, results }, null, 2)}\n`,
);
console.log(`\nFigures written to ${file}`);
for (const result of results) console.log(`${result.database}: targets ${result.targetsMet ? 'met' : 'NOT met'}`);

// The write path (quotes, orders, the flow's e-mail step): scripts/bench-writes.mjs.
const { benchWrites } = await import('./bench-writes.mjs');
const writes = await benchWrites();

// The admin scenario (100,000 orders and quotes: list p95 and CSV export), in its own file.
if (process.env.BENCH_ADMIN !== '0') {
  const { runAdminBench } = await import('./bench-admin.mjs');
  const admin = await runAdminBench();
  await writeFile(
    join('bench-results', 'admin-latest.json'),
    `${JSON.stringify({ at: new Date().toISOString(), results: admin }, null, 2)}\n`,
  );
}

const verdicts = [...results.flatMap((result) => result.verdicts), ...writes.verdicts];
console.log('\nBudgets (scripts/budgets.json), each against figures of the same run:');
console.table(verdicts.map((verdict) => ({ ...verdict, met: verdict.met ? 'pass' : 'FAIL' })));
if (verdicts.some((verdict) => !verdict.met)) {
  console.error('✗ a budget is passed');
  process.exitCode = 1;
} else console.log('✓ every budget met');
