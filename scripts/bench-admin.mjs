// The admin scenario of `npm run bench`: seeds 100,000 orders and 100,000 quotes, then measures
// through the real app on a local port the p95 of GET /api/admin/orders (first page, a search by
// e-mail, a status filter) and the time and peak memory of GET /api/admin/orders.csv of all orders.
// Runs on PGlite, and on PostgreSQL (a scratch database, dropped afterwards) when DATABASE_URL is set;
// BENCH_ADMIN_DATABASES=postgres limits it to PostgreSQL.
// Targets: list p95 <= 50 ms on PostgreSQL, <= 150 ms on PGlite; the export's memory stays flat.
// Runs the TypeScript sources in-process (tsx), so it needs no build. `node scripts/bench-admin.mjs`
// alone runs it; scripts/bench.mjs calls `runAdminBench()`.
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { onEachDatabase } from './bench-support.mjs';

const ROWS = Number(process.env.BENCH_ADMIN_ROWS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_ADMIN_SAMPLES ?? 30);
const TARGET_P95_MS = { postgres: 50, pglite: 150 };
// BENCH_ADMIN_DATABASES=postgres (or pglite) runs one database only; both by default.
const DATABASES = (process.env.BENCH_ADMIN_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim());

const unregister = register();
const { buildApp } = await import('../src/server/app.ts');
const { loadEnv } = await import('../src/server/config/env.ts');
const { openDatabase } = await import('../src/server/db/client.ts');
const { hashToken } = await import('../src/server/accounts/tokens.ts');
const { sql } = await import('drizzle-orm');

/** 100,000 orders and quotes in a few set-based statements, spread over two years, 5,000 customers. */
async function seed(db) {
  const started = performance.now();
  await db.execute(sql`insert into orders (order_number, configuration, total_amount, deposit_amount, remaining_amount, currency, status, payment_status, created_at, updated_at)
    select 'B' || lpad(i::text, 7, '0'),
      jsonb_build_object('customerInfo', jsonb_build_object('email', 'customer' || (i % 5000) || '@lab' || (i % 97) || '.example', 'firstName', 'First' || (i % 5000), 'lastName', 'Last' || (i % 313), 'organization', 'Lab ' || (i % 97))),
      488250, 244125, 244125, case when i % 4 = 0 then 'EUR' else 'GBP' end,
      (array['pending','confirmed','processing','shipped','delivered','cancelled'])[1 + i % 6],
      (array['pending','deposit_paid','fully_paid','pending','refunded'])[1 + i % 5],
      now() - (i * interval '10 minutes'), now() - (i * interval '10 minutes')
    from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`insert into quotes (quote_number, quote_reference, currency, status, configuration, valid_until, created_at, updated_at)
    select 'QB' || lpad(i::text, 7, '0'), md5(i::text) || md5((i * 7)::text), 'GBP', 'sent',
      jsonb_build_object('customerInfo', jsonb_build_object('email', 'customer' || (i % 5000) || '@lab' || (i % 97) || '.example', 'firstName', 'First' || (i % 5000), 'lastName', 'Last' || (i % 313), 'organization', 'Lab ' || (i % 97)),
        'pricing', jsonb_build_object('totals', jsonb_build_object('total', 488250))),
      now() - (i * interval '10 minutes') + interval '7 days', now() - (i * interval '10 minutes'), now() - (i * interval '10 minutes')
    from generate_series(1, ${ROWS}) as i`);
  // What autovacuum does to a table after a bulk insert (statistics and the visibility map, so counts can
  // use index-only scans); measuring before it runs would time a state a live shop is not in.
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze quotes`);
  const token = randomBytes(32).toString('base64url');
  const email = `bench-admin-${randomBytes(3).toString('hex')}@example.com`;
  await db.execute(sql`with u as (insert into users (email, password_hash, email_confirmed_at) values (${email}, 'x', now()) returning id),
    p as (insert into profiles (id, email, is_admin) select id, ${email}, true from u returning id),
    -- Staff act through their roles (issue 24): the bench's admin is an Owner.
    r as (insert into staff_roles (user_id, role) select id, 'owner' from u)
    insert into sessions (token_hash, user_id, aal, expires_at) select ${hashToken(token)}, id, 'aal2', now() + interval '1 day' from p`);
  return { cookie: `dropwise_session=${token}`, seedMs: Math.round(performance.now() - started) };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function timeList(base, cookie, path) {
  const times = [];
  for (let i = 0; i < SAMPLES + 5; i += 1) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    if (i >= 5) times.push(performance.now() - started);
  }
  return { p50Ms: Math.round(percentile(times, 50) * 10) / 10, p95Ms: Math.round(percentile(times, 95) * 10) / 10 };
}

/** Streams the whole CSV, sampling the process's memory; the body is read and dropped chunk by chunk. */
async function timeExport(base, cookie) {
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/orders.csv`, { headers: { cookie } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  clearInterval(sampler);
  return {
    rows: lines - 1,
    megabytes: Math.round(bytes / 1e5) / 10,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    peakRssGrowthMb: Math.round((peakRss - baseline.rss) / 1e5) / 10,
    peakHeapGrowthMb: Math.round((peakHeap - baseline.heapUsed) / 1e5) / 10,
  };
}

async function benchDatabase(kind, databaseUrl) {
  const database = await openDatabase({ databaseUrl });
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/dropwise-bench-admin',
    PUBLIC_URL: 'http://127.0.0.1',
    ALLOW_HTTP_PUBLIC_URL: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({ env, database, logger: false, serveWeb: false, sendMail: false });
  try {
    const { cookie, seedMs } = await seed(database.db);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const lists = {
      firstPage: await timeList(base, cookie, '/api/admin/orders'),
      searchByEmail: await timeList(base, cookie, '/api/admin/orders?search=customer4242@lab'),
      statusFilter: await timeList(base, cookie, '/api/admin/orders?status=shipped'),
    };
    const csv = await timeExport(base, cookie);
    const target = TARGET_P95_MS[kind];
    const worst = Math.max(...Object.values(lists).map((l) => l.p95Ms));
    return {
      database: kind,
      rows: ROWS,
      seedSeconds: Math.round(seedMs / 100) / 10,
      lists,
      csv,
      targetP95Ms: target,
      listsMeetTarget: worst <= target,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

export async function runAdminBench() {
  const results = await onEachDatabase('bench_admin', benchDatabase, DATABASES);
  for (const r of results) {
    console.log(
      `admin ${r.database}: ${r.rows} orders+quotes; orders list p95 first page ${r.lists.firstPage.p95Ms} ms, e-mail search ${r.lists.searchByEmail.p95Ms} ms, status filter ${r.lists.statusFilter.p95Ms} ms (target ${r.targetP95Ms} ms: ${r.listsMeetTarget ? 'met' : 'MISSED'}); CSV of ${r.csv.rows} orders ${r.csv.megabytes} MB in ${r.csv.seconds} s, peak RSS +${r.csv.peakRssGrowthMb} MB, heap +${r.csv.peakHeapGrowthMb} MB`,
    );
  }
  await unregister();
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const results = await runAdminBench();
  await mkdir('bench-results', { recursive: true });
  await writeFile(
    'bench-results/admin-latest.json',
    `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`,
  );
}
