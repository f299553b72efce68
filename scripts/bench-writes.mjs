// The write path, against the BUILT server (called by scripts/bench.mjs; alone: node scripts/bench-writes.mjs):
// POST /api/quotes, POST /api/orders (each request with a fresh idempotency key and e-mail) and
// POST /api/flows/email, at 10 connections, with GET /api/health as the baseline of the same run.
// On PGlite, and on PostgreSQL (a scratch database) when DATABASE_URL is set. The server runs with
// RATE_LIMITS=off (refused in production, so NODE_ENV=test here) and without SMTP (e-mail as files);
// between endpoints it waits for the outbox to drain (the mail sender renders quote PDFs as it sends).
// Each write is judged by the server's CPU time per request, counted from before the requests to
// after the outbox has sent what they queued (so a write's e-mails are part of its cost).
// First, on a fresh server, whole checkouts as the storefront makes them: the order path's quote
// (POST /api/quotes, flowType order) and the order placed from it (POST /api/orders with its
// quoteReference), with every e-mail they queue sent: 50 to warm up, the server's RSS, then 1,000
// more and its RSS again. Budgets (scripts/budgets.json): a checkout <= 40x the health request's CPU
// of the same run; RSS after the 1,000 checkouts within 20% of RSS after the warm-up, and at most
// 400 MiB on PostgreSQL. A checkout's absolute CPU (12 ms on PostgreSQL, issue 27), requests/s, p99
// (PostgreSQL <= 50 ms) and PGlite's share of PostgreSQL's requests/s (>= 0.35) are information.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import {
  benchSelection,
  budgets,
  onEachDatabase,
  processRssMiB,
  startServer,
  withServerCpu,
} from './bench-support.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP_S = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const P99_TARGET_MS = 50;
const PGLITE_RATIO_TARGET = 0.35;
const CHECKOUT_CPU_TARGET_MS = 12;
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? budgets.memory.checkouts);
const WARMUP_CHECKOUTS = 50;

const selection = benchSelection;
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
    body: () => ({
      configuration: selection,
      customerInfo: { email: freshEmail(), firstName: 'Rosalind', lastName: 'Franklin', organization: 'Kings College' },
      flowType: 'quote',
    }),
  },
  {
    name: 'order',
    method: 'POST',
    path: '/api/orders',
    status: 201,
    body: () => ({
      configuration: selection,
      billing: billing(freshEmail()),
      notes: '',
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    }),
  },
  {
    name: 'flow-email',
    method: 'POST',
    path: '/api/flows/email',
    status: 202,
    body: () => ({ email: freshEmail(), flowType: 'quote', configuration: selection }),
  },
];

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

async function benchOne(server, endpoint) {
  const url = server.url;
  const check = await fetch(`${url}${endpoint.path}`, {
    method: endpoint.method,
    headers: endpoint.body ? { 'content-type': 'application/json' } : undefined,
    body: endpoint.body ? JSON.stringify(endpoint.body()) : undefined,
  });
  if (check.status !== endpoint.status)
    throw new Error(`${endpoint.method} ${endpoint.path} answered ${check.status}: ${await check.text()}`);
  await cannon(url, endpoint, WARMUP_S);
  await drainOutbox(url);
  const { result, cpuMsPerOperation } = await withServerCpu(
    server,
    async () => {
      const run = await cannon(url, endpoint, DURATION_S);
      await drainOutbox(url);
      return run;
    },
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

async function postJson(url, path, body, expected) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== expected)
    throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** One checkout as the storefront's order path makes it: its quote, then the order placed from it. */
export async function checkout(url) {
  const email = freshEmail();
  const quote = await postJson(
    url,
    '/api/quotes',
    {
      configuration: selection,
      customerInfo: { email, firstName: 'Ada', lastName: 'Lovelace', organization: 'Analytical Engines' },
      flowType: 'order',
    },
    201,
  );
  await postJson(
    url,
    '/api/orders',
    {
      configuration: selection,
      billing: billing(email),
      notes: '',
      idempotencyKey: randomUUID(),
      acceptTerms: true,
      quoteReference: quote.reference,
    },
    201,
  );
}

/**
 * `count` checkouts, CONNECTIONS at a time, and the e-mails they queue sent, after WARMUP_CHECKOUTS
 * to warm up: CPU per checkout, and the server's RSS after the warm-up and after the `count`.
 */
async function benchCheckouts(server, count) {
  const run = async (total) => {
    let next = 0;
    const worker = async () => {
      while (next < total) {
        next += 1;
        await checkout(server.url);
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    await drainOutbox(server.url);
    return total;
  };
  await run(WARMUP_CHECKOUTS);
  const rssAfterWarmUpMiB = processRssMiB(server.pid);
  const started = performance.now();
  const { cpuMsPerOperation } = await withServerCpu(
    server,
    () => run(count),
    (total) => total,
  );
  const rssAfterCheckoutsMiB = processRssMiB(server.pid);
  return {
    cpuMsPerOperation,
    count,
    seconds: (performance.now() - started) / 1000,
    rssAfterWarmUpMiB,
    rssAfterCheckoutsMiB,
  };
}

/**
 * Waits until the mail sender has sent what the last endpoint queued (the quote e-mails' PDFs are
 * rendered at sending), so each endpoint is measured without the previous one's mail in the way.
 */
export async function drainOutbox(url) {
  for (let waited = 0; waited < 300; waited += 1) {
    const metrics = await (await fetch(`${url}/metrics`)).text();
    const pending = /dropwise_outbox_messages\{state="pending"\} (\d+)/.exec(metrics);
    if (!pending || Number(pending[1]) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('The outbox did not drain within 5 minutes');
}

async function benchDatabase(label, databaseUrl) {
  // No rate limits for the bench's own process (a production start refuses RATE_LIMITS=off), no Redis, no SMTP.
  const server = await startServer(databaseUrl, {
    NODE_ENV: 'test',
    RATE_LIMITS: 'off',
    ALLOW_HTTP_PUBLIC_URL: '',
    SMTP_URL: '',
    REDIS_URL: '',
  });
  try {
    // The checkouts first, so that the RSS after their warm-up is that of a server that has only warmed up.
    const checkouts = await benchCheckouts(server, CHECKOUTS);
    const figures = {};
    for (const endpoint of endpoints) figures[endpoint.name] = await benchOne(server, endpoint);
    const rssAtEndMiB = processRssMiB(server.pid);
    return { database: label, figures, checkouts, rssAtEndMiB };
  } finally {
    await server.stop();
  }
}

export async function benchWrites() {
  if (!existsSync('dist/server/main.js'))
    throw new Error('The benchmark runs the built server: run `npm run build` first.');
  const results = await onEachDatabase('bench_writes', benchDatabase);
  const postgres = results.find((result) => result.database === 'postgres');
  const verdicts = [];
  for (const result of results) {
    const health = result.figures.health.requestsPerSecond;
    const rows = endpoints.map(({ name, method, path }) => {
      const figure = result.figures[name];
      const row = {
        endpoint: `${method} ${path}`,
        'server CPU ms/request': Number(figure.cpuMsPerOperation.toFixed(3)),
        'requests/s (info)': Math.round(figure.requestsPerSecond),
        'p99 ms (info)': figure.p99Ms,
        'ratio to health (info)': Number((figure.requestsPerSecond / health).toFixed(2)),
      };
      if (name === 'health') return row;
      if (result.database === 'postgres') {
        row['p99 <= 50 ms (info)'] = figure.p99Ms <= P99_TARGET_MS;
      } else if (postgres) {
        const ratio = figure.requestsPerSecond / postgres.figures[name].requestsPerSecond;
        row[`share of postgres req/s, >= ${PGLITE_RATIO_TARGET} (info)`] = Number(ratio.toFixed(2));
      }
      return row;
    });
    const { checkouts } = result;
    const healthCpu = result.figures.health.cpuMsPerOperation;
    const checkoutRatio = checkouts.cpuMsPerOperation / healthCpu;
    const growth = checkouts.rssAfterCheckoutsMiB / checkouts.rssAfterWarmUpMiB - 1;
    const mib = (value) => `${Math.round(value)} MiB`;
    verdicts.push({
      database: result.database,
      budget: `checkout CPU <= ${budgets.cpuVsHealth.checkout}x health`,
      figure: `${checkoutRatio.toFixed(1)}x (${checkouts.cpuMsPerOperation.toFixed(2)} / ${healthCpu.toFixed(3)} ms)`,
      met: checkoutRatio <= budgets.cpuVsHealth.checkout,
    });
    verdicts.push({
      database: result.database,
      budget: `RSS after ${checkouts.count} checkouts <= ${1 + budgets.memory.maxGrowthAfterCheckouts}x after warm-up`,
      figure: `${mib(checkouts.rssAfterWarmUpMiB)} -> ${mib(checkouts.rssAfterCheckoutsMiB)} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(0)}%)`,
      met: growth <= budgets.memory.maxGrowthAfterCheckouts,
    });
    if (result.database === 'postgres')
      verdicts.push({
        database: result.database,
        budget: `RSS <= ${budgets.memory.maxRssMiBOnPostgres} MiB`,
        figure: `${mib(Math.max(checkouts.rssAfterCheckoutsMiB, result.rssAtEndMiB))} (most of: after the checkouts, at the end)`,
        met: Math.max(checkouts.rssAfterCheckoutsMiB, result.rssAtEndMiB) <= budgets.memory.maxRssMiBOnPostgres,
      });
    rows.push({
      endpoint: `checkout: POST /api/quotes + POST /api/orders, e-mails sent (${checkouts.count})`,
      'server CPU ms/request': Number(checkouts.cpuMsPerOperation.toFixed(3)),
      target: `<= ${budgets.cpuVsHealth.checkout}x health (${CHECKOUT_CPU_TARGET_MS} ms on PostgreSQL: info)`,
      'CPU vs health': Number(checkoutRatio.toFixed(1)),
      'requests/s (info)': Math.round((2 * checkouts.count) / checkouts.seconds),
    });
    result.rows = rows;
    console.log(
      `\nWrites on ${result.database}: ${CONNECTIONS} connections, ${DURATION_S} s per endpoint after ${WARMUP_S} s warm-up`,
    );
    console.table(rows);
  }
  const summary = {
    at: new Date().toISOString(),
    connections: CONNECTIONS,
    seconds: DURATION_S,
    results: results.map(({ database, rows, checkouts, rssAtEndMiB }) => ({
      database,
      rows,
      rssMiB: {
        afterWarmUp: Math.round(checkouts.rssAfterWarmUpMiB),
        afterCheckouts: Math.round(checkouts.rssAfterCheckoutsMiB),
        atEnd: Math.round(rssAtEndMiB),
      },
    })),
    verdicts,
  };
  await mkdir('bench-results', { recursive: true });
  await writeFile(join('bench-results', 'writes-latest.json'), `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { verdicts } = await benchWrites();
  console.table(verdicts.map((verdict) => ({ ...verdict, met: verdict.met ? 'pass' : 'FAIL' })));
  if (verdicts.some((verdict) => !verdict.met)) process.exitCode = 1;
}
