// The write path, against the BUILT server (called by scripts/bench.mjs; alone: node scripts/bench-writes.mjs):
// POST /api/quotes, POST /api/orders (each request with a fresh idempotency key and e-mail) and
// POST /api/flows/email, at 10 connections, with GET /api/health as the baseline of the same run.
// On PGlite, and on PostgreSQL (a scratch database) when DATABASE_URL is set. The server runs with
// RATE_LIMITS=off (refused in production, so NODE_ENV=test here) and without SMTP (e-mail as files).
// Targets: p99 <= 50 ms on PostgreSQL; PGlite >= 0.35x PostgreSQL requests/s on each write.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP_S = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const P99_TARGET_MS = 50;
const PGLITE_RATIO_TARGET = 0.35;

const selection = {
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
const freshEmail = () => `bench-${randomBytes(6).toString('hex')}@example.com`;
const billing = (email) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines',
  email,
  phone: '+44 20 7946 0000',
  address: '12 St James Square',
  city: 'London',
  state: '',
  postalCode: 'SW1Y 4JH',
  country: 'GB',
});

const endpoints = [
  { name: 'health', method: 'GET', path: '/api/health', status: 200 },
  {
    name: 'quote',
    method: 'POST',
    path: '/api/quotes',
    status: 201,
    body: () => ({ configuration: selection, customerInfo: { email: freshEmail(), firstName: 'Rosalind', lastName: 'Franklin', organization: 'Kings College' }, flowType: 'quote' }),
  },
  {
    name: 'order',
    method: 'POST',
    path: '/api/orders',
    status: 201,
    body: () => ({ configuration: selection, billing: billing(freshEmail()), notes: '', idempotencyKey: randomUUID() }),
  },
  { name: 'flow-email', method: 'POST', path: '/api/flows/email', status: 202, body: () => ({ email: freshEmail(), flowType: 'quote', configuration: selection }) },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function adminQuery(baseUrl, statement) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function startServer(databaseUrl) {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'dropwise-bench-writes-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn', NODE_ENV: 'test', RATE_LIMITS: 'off' };
  delete env.SMTP_URL;
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within 60 s:\n${output}`)), 60_000);
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
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function cannon(url, endpoint, duration) {
  const headers = endpoint.body ? { 'content-type': 'application/json' } : undefined;
  return autocannon({
    url: `${url}${endpoint.path}`,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: endpoint.method,
        headers,
        // A fresh e-mail and idempotency key for every request.
        setupRequest: (request) => (endpoint.body ? { ...request, body: JSON.stringify(endpoint.body()) } : request),
      },
    ],
  });
}

async function benchOne(url, endpoint) {
  const check = await fetch(`${url}${endpoint.path}`, {
    method: endpoint.method,
    headers: endpoint.body ? { 'content-type': 'application/json' } : undefined,
    body: endpoint.body ? JSON.stringify(endpoint.body()) : undefined,
  });
  if (check.status !== endpoint.status) throw new Error(`${endpoint.method} ${endpoint.path} answered ${check.status}: ${await check.text()}`);
  await cannon(url, endpoint, WARMUP_S);
  const result = await cannon(url, endpoint, DURATION_S);
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${endpoint.method} ${endpoint.path}: ${bad} failed requests during the run`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, total: result.requests.total };
}

async function benchDatabase(label, databaseUrl) {
  const server = await startServer(databaseUrl);
  try {
    const figures = {};
    for (const endpoint of endpoints) figures[endpoint.name] = await benchOne(server.url, endpoint);
    return { database: label, figures };
  } finally {
    await server.stop();
  }
}

export async function benchWrites() {
  if (!existsSync('dist/server/main.js')) throw new Error('The benchmark runs the built server: run `npm run build` first.');
  const results = [await benchDatabase('pglite')];
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `shop_bench_writes_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
    try {
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      results.push(await benchDatabase('postgres', url.toString()));
    } finally {
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }
  const postgres = results.find((result) => result.database === 'postgres');
  const verdicts = [];
  for (const result of results) {
    const health = result.figures.health.requestsPerSecond;
    const rows = endpoints.map(({ name, method, path }) => {
      const figure = result.figures[name];
      const row = {
        endpoint: `${method} ${path}`,
        'requests/s': Math.round(figure.requestsPerSecond),
        'p99 ms': figure.p99Ms,
        'ratio to health': Number((figure.requestsPerSecond / health).toFixed(2)),
      };
      if (name === 'health') return row;
      if (result.database === 'postgres') {
        row.target = `p99 <= ${P99_TARGET_MS} ms`;
        row.met = figure.p99Ms <= P99_TARGET_MS;
      } else if (postgres) {
        const ratio = figure.requestsPerSecond / postgres.figures[name].requestsPerSecond;
        row['ratio to postgres'] = Number(ratio.toFixed(2));
        row.target = `>= ${PGLITE_RATIO_TARGET}x postgres`;
        row.met = ratio >= PGLITE_RATIO_TARGET;
      }
      if (row.met !== undefined) verdicts.push(row.met);
      return row;
    });
    result.rows = rows;
    console.log(`\nWrites on ${result.database}: ${CONNECTIONS} connections, ${DURATION_S} s per endpoint after ${WARMUP_S} s warm-up`);
    console.table(rows);
  }
  const summary = { at: new Date().toISOString(), connections: CONNECTIONS, seconds: DURATION_S, results: results.map(({ database, rows }) => ({ database, rows })) };
  await mkdir('bench-results', { recursive: true });
  await writeFile(join('bench-results', 'writes-latest.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`Write targets: ${verdicts.length === 0 ? 'not judged (set DATABASE_URL to compare with PostgreSQL)' : verdicts.every(Boolean) ? 'met' : 'NOT met'}`);
  return summary;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchWrites();
