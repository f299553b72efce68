import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, test as base, expect } from '@playwright/test';
import { exampleBusinessProfile } from '../../src/shared/business-profile';
import { realBank, realDetails } from '../support/business-profile';
import { adminQuery, databaseUrlFor, scratchName } from '../support/database';
import { canBalance, startBalancedShops } from '../support/load-balancer';
import { freePort } from '../support/ports';

export interface ShopServer {
  baseURL: string;
  dataDir: string;
  /** The server's own database URL when running on PostgreSQL. */
  databaseUrl?: string;
  /** Everything the server has printed so far (e.g. the first admin's set-up link). */
  output: () => string;
}

async function waitForStart(child: ChildProcess): Promise<void> {
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The shop did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Dropwise shop running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The shop exited with ${code} before starting:\n${output}`));
    });
  });
}

export interface RunShopOptions {
  /** Runs with the server's environment before it starts (e.g. `npm run admin:create`). */
  beforeStart?: (env: NodeJS.ProcessEnv) => Promise<void>;
  /**
   * Two processes behind HAProxy instead of one (PostgreSQL only): the README's deployment, with
   * the browser talking to the balancer alone.
   */
  balanced?: boolean;
  /**
   * Start on an empty database, as `npm start` does the first time, instead of a copy of the one the
   * journeys' global set-up migrated (tests/e2e/global-setup.ts). The balanced shops always do: their
   * two processes start together on it.
   */
  fresh?: boolean;
}

/** Starts the built shop on a free port with a scratch data folder (and database), hands it to `use`, then cleans up. */
export async function runShop(use: (shop: ShopServer) => Promise<void>, options: RunShopOptions = {}): Promise<void> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'dropwise-e2e-'));
  const baseUrl = process.env.DATABASE_URL;
  const databaseName = baseUrl ? scratchName('shop_e2e') : undefined;
  const fresh = options.fresh || options.balanced;
  const databaseTemplate = fresh ? undefined : process.env.E2E_DATABASE_TEMPLATE;
  if (baseUrl && databaseName)
    await adminQuery(
      baseUrl,
      databaseTemplate
        ? `CREATE DATABASE ${databaseName} TEMPLATE ${databaseTemplate}`
        : `CREATE DATABASE ${databaseName}`,
    );
  const pgliteTemplate = fresh ? undefined : process.env.E2E_PGLITE_TEMPLATE;
  if (!baseUrl && pgliteTemplate) await cp(pgliteTemplate, join(dataDir, 'pglite'), { recursive: true });
  const databaseUrl = baseUrl && databaseName ? databaseUrlFor(baseUrl, databaseName) : undefined;
  // The shop runs as in production, which takes orders only once the business profile is filled in.
  const profileFile = join(dataDir, 'business-profile.json');
  await writeFile(
    profileFile,
    JSON.stringify({
      // The example's address with its own map point, so the contact page's map shows that address.
      details: {
        ...realDetails,
        tradingAddress: exampleBusinessProfile.tradingAddress,
        mapLatitude: exampleBusinessProfile.mapLatitude,
        mapLongitude: exampleBusinessProfile.mapLongitude,
      },
      bank: realBank,
    }),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BUSINESS_PROFILE_FILE: profileFile,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Production on a loopback http address, as README's intranet override allows.
    ALLOW_HTTP_PUBLIC_URL: 'true',
    // The browser reaches the shop over loopback as if through a proxy, so each journey can be its
    // own client address (see `extraHTTPHeaders` below), as real visitors are.
    TRUST_PROXY: 'loopback',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  if (options.balanced) {
    if (!canBalance(databaseUrl))
      throw new Error('The balanced shop needs PostgreSQL (DATABASE_URL), HAProxy and redis-server');
    const { PORT: _port, PUBLIC_URL: _url, HOST: _host, ...shared } = env;
    try {
      await options.beforeStart?.(env);
      const sharedEnv = Object.fromEntries(
        Object.entries(shared).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const balanced = await startBalancedShops({
        databaseUrl,
        dataDir,
        host: 'localhost',
        built: true,
        env: sharedEnv,
      });
      try {
        await use({
          baseURL: balanced.url,
          dataDir,
          databaseUrl,
          output: () => balanced.shops.map((shop) => shop.output()).join(''),
        });
      } finally {
        await balanced.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      if (baseUrl && databaseName) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    }
    return;
  }
  let child: ChildProcess | undefined;
  // A worker that ends before this fixture's teardown (its start timed out on a busy machine) takes
  // its shop with it, instead of leaving it running, and using CPU, for the rest of the run.
  const stopOnExit = () => child?.kill('SIGKILL');
  process.once('exit', stopOnExit);
  try {
    await options.beforeStart?.(env);
    child = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let printed = '';
    child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    await waitForStart(child);
    await use({
      baseURL: `http://localhost:${port}`,
      dataDir,
      ...(databaseUrl ? { databaseUrl } : {}),
      output: () => printed,
    });
  } finally {
    process.off('exit', stopOnExit);
    if (child) {
      const running = child;
      running.kill('SIGTERM');
      // The shop's data folder is thrown away next: a shop that has not shut down within 15 s (a busy
      // machine, a slow checkpoint) is killed, instead of the worker's teardown passing its timeout.
      const kill = setTimeout(() => running.kill('SIGKILL'), 15_000);
      await new Promise((resolve) => (running.exitCode === null ? running.once('exit', resolve) : resolve(null)));
      clearTimeout(kill);
    }
    await rm(dataDir, { recursive: true, force: true });
    if (baseUrl && databaseName) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  }
}

/**
 * Prerendered pages paint before the app starts; like a person who waits for the page to react,
 * navigation in a journey resolves once the whole page reacts. `waitUntil: 'commit'` skips the
 * wait, for journeys that tap as early as they can (the boot script replays those taps). The
 * `page` fixture has it; a journey's second page or browser context gets it from here, so its
 * first check does not also have to cover the app's start on a busy machine.
 */
export function waitsForTheApp(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit' && response?.headers()['content-type']?.startsWith('text/html')) {
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
    }
    return response;
  };
  return page;
}

export interface ShopOptions {
  /** Run this worker's shop as two processes behind HAProxy (the `behind-haproxy` project). */
  balanced: boolean;
}

export interface PageOptions {
  /** Console errors a test expects (matched by substring); they do not fail it. */
  allowConsoleErrors: string[];
  /** Other hosts a page may load from (the map iframe); they are answered with an empty page, as there is no internet here. */
  allowHosts: string[];
}

export const test = base.extend<PageOptions, ShopOptions & { shop: ShopServer }>({
  balanced: [false, { option: true, scope: 'worker' }],
  allowConsoleErrors: [[], { option: true }],
  allowHosts: [[], { option: true }],
  // One built server per worker, on a free port, with a scratch data folder (and a scratch database on PostgreSQL).
  shop: [async ({ balanced }, use) => runShop(use, { balanced }), { scope: 'worker', timeout: 90_000 }],
  // Each journey is a visitor of its own: its own client address for the IP-keyed limits (sign-in
  // per client, orders, waitlist), instead of every journey of a worker sharing 127.0.0.1.
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies in a destructured first argument.
  extraHTTPHeaders: async ({}, use) => {
    const octet = () => Math.floor(Math.random() * 254) + 1;
    await use({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
  },
  baseURL: async ({ shop }, use) => {
    await use(shop.baseURL);
  },
  // Every page fails its test on a console error (CSP violations are reported as such), an uncaught
  // exception, a failed request or a request to another host.
  page: async ({ page, allowConsoleErrors, allowHosts, balanced, shop }, use) => {
    const problems: string[] = [];
    // Behind the balancer, which process answered each request (HAProxy's X-Served-By).
    const servedBy = new Set<string>();
    if (balanced) {
      page.on('response', (response) => {
        if (response.url().startsWith(shop.baseURL))
          servedBy.add(response.headers()['x-served-by'] ?? 'not through the balancer');
      });
    }
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (allowConsoleErrors.some((substring) => text.includes(substring))) return;
      // A response the browser reports as failed (4xx, 5xx) names its resource in the location.
      const resource = message.location().url;
      problems.push(`console.error: ${text}${resource ? ` (${resource})` : ''}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? '';
      // Requests cut short by a navigation or a closed media element are not failures of the page.
      if (failure.includes('ERR_ABORTED')) return;
      problems.push(`request failed: ${request.url()} ${failure}`);
    });
    await page.route(
      (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
      async (route) => {
        const url = new URL(route.request().url());
        if (allowHosts.includes(url.hostname)) {
          await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>stub</title>' });
          return;
        }
        problems.push(`request left the site: ${url.href}`);
        await route.abort('blockedbyclient');
      },
    );
    waitsForTheApp(page);
    await use(page);
    expect(problems, 'the page logged errors or made unexpected requests').toEqual([]);
    if (balanced) expect([...servedBy].sort(), 'both processes served the journey').toEqual(['one', 'two']);
  },
});

export { expect };
