// Two builds side by side (`npm run bench -- --against <dir>`, dir a built worktree of another
// commit, e.g. `git worktree add /work/wt-old 87a9d4b` then its `node scripts/build-server.mjs`):
// both servers run at once, each on its own scratch database (PostgreSQL when DATABASE_URL is set,
// else PGlite), each started as its own package.json's `serve` says, with RATE_LIMITS=off and no
// SMTP as in bench-writes.mjs. After a warm-up (50 checkouts and 200 of each read), the operations
// are measured in interleaved rounds with sequential requests (one at a time): GET /api/health,
// GET /api/products/dropwise, POST /api/pricing and whole checkouts (quote, order, e-mails sent),
// the builds' order alternating from round to round. Judged by each server's CPU per operation
// (the median of the rounds) and its RSS after the warm-up and at the end. Information, no budget:
// the table is what issue 55's "side by side with 87a9d4b" asks for (decision 0086).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { adminQuery, benchSelection, median, processRssMiB, startServer, withServerCpu } from './bench-support.mjs';
import { checkout, drainOutbox } from './bench-writes.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const READS = Number(process.env.BENCH_COMPARE_READS ?? 300);
const CHECKOUTS = Number(process.env.BENCH_COMPARE_CHECKOUTS ?? 100);
const WARMUP_CHECKOUTS = 50;

const reads = [
  { name: 'health', method: 'GET', path: '/api/health' },
  { name: 'product read', method: 'GET', path: '/api/products/dropwise' },
  {
    name: 'price',
    method: 'POST',
    path: '/api/pricing',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ configuration: benchSelection }),
  },
];

async function sequentialReads(url, endpoint, count) {
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}${endpoint.path}`, {
      method: endpoint.method,
      headers: endpoint.headers,
      body: endpoint.body,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${endpoint.method} ${endpoint.path} answered ${response.status}`);
  }
  return count;
}

async function sequentialCheckouts(url, count) {
  for (let i = 0; i < count; i++) await checkout(url);
  await drainOutbox(url);
  return count;
}

async function scratchDatabase(baseUrl, label) {
  const name = `shop_compare_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function benchCompare(againstDir) {
  const builds = [
    { label: 'against', dir: resolve(againstDir) },
    { label: 'this', dir: process.cwd() },
  ];
  for (const build of builds)
    if (!existsSync(join(build.dir, 'dist/server/main.js')))
      throw new Error(`${build.dir} is not built: run its build (node scripts/build-server.mjs) first.`);
  const baseUrl = process.env.DATABASE_URL;
  const database = baseUrl ? 'postgres' : 'pglite';
  const started = [];
  try {
    for (const build of builds) {
      const scratch = baseUrl ? await scratchDatabase(baseUrl, build.label) : undefined;
      build.drop = scratch?.drop;
      build.server = await startServer(
        scratch?.url,
        { NODE_ENV: 'test', RATE_LIMITS: 'off', ALLOW_HTTP_PUBLIC_URL: '', SMTP_URL: '', REDIS_URL: '' },
        build.dir,
      );
      started.push(build);
      build.figures = Object.fromEntries([...reads.map(({ name }) => [name, []]), ['checkout', []]]);
    }
    for (const build of builds) {
      await sequentialCheckouts(build.server.url, WARMUP_CHECKOUTS);
      for (const endpoint of reads) await sequentialReads(build.server.url, endpoint, 200);
      build.rssAfterWarmUpMiB = processRssMiB(build.server.pid);
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const endpoint of reads)
        for (const build of order) {
          const { cpuMsPerOperation } = await withServerCpu(
            build.server,
            () => sequentialReads(build.server.url, endpoint, READS),
            (count) => count,
          );
          build.figures[endpoint.name].push(cpuMsPerOperation);
        }
      for (const build of order) {
        const { cpuMsPerOperation } = await withServerCpu(
          build.server,
          () => sequentialCheckouts(build.server.url, CHECKOUTS),
          (count) => count,
        );
        build.figures.checkout.push(cpuMsPerOperation);
      }
    }
    for (const build of builds) build.rssAtEndMiB = processRssMiB(build.server.pid);
  } finally {
    for (const build of started) await build.server.stop();
    for (const build of builds) await build.drop?.();
  }
  const [against, current] = builds;
  const row = (operation, before, after, unit) => ({
    operation,
    [`${againstDir}`]: `${before.toFixed(unit === 'MiB' ? 0 : 2)} ${unit}`,
    'this build': `${after.toFixed(unit === 'MiB' ? 0 : 2)} ${unit}`,
    'this / against': Number((after / before).toFixed(2)),
  });
  const rows = [
    ...[...reads.map(({ name }) => name), 'checkout'].map((name) =>
      row(
        `${name} CPU/op (rounds ${current.figures[name].map((v) => v.toFixed(2)).join(' / ')} vs ${against.figures[name].map((v) => v.toFixed(2)).join(' / ')})`,
        median(against.figures[name]),
        median(current.figures[name]),
        'ms',
      ),
    ),
    row('RSS after warm-up', against.rssAfterWarmUpMiB, current.rssAfterWarmUpMiB, 'MiB'),
    row('RSS at the end', against.rssAtEndMiB, current.rssAtEndMiB, 'MiB'),
  ];
  console.log(
    `\nSide by side on ${database}: ${againstDir} against this build, ${ROUNDS} interleaved rounds of ${READS} sequential requests per read and ${CHECKOUTS} sequential checkouts (medians, server CPU per operation)`,
  );
  console.table(rows);
  await mkdir('bench-results', { recursive: true });
  await writeFile(
    join('bench-results', 'compare-latest.json'),
    `${JSON.stringify({ at: new Date().toISOString(), database, against: againstDir, rounds: ROUNDS, rows, figures: builds.map(({ label, dir, figures, rssAfterWarmUpMiB, rssAtEndMiB }) => ({ label, dir, figures, rssAfterWarmUpMiB, rssAtEndMiB })) }, null, 2)}\n`,
  );
  return rows;
}
