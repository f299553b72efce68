import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from './ports';
import { type ShopProcess, startShop } from './shop-process';

export const HAPROXY = '/usr/sbin/haproxy';
export const REDIS_SERVER = '/usr/bin/redis-server';

/** Whether this machine can run the two-process deployment (PostgreSQL, HAProxy and Redis). */
export const canBalance = (databaseUrl: string | undefined): databaseUrl is string =>
  Boolean(databaseUrl) && existsSync(HAPROXY) && existsSync(REDIS_SERVER);

export interface BalancedShops {
  /** The balancer's address: the only one clients use. */
  url: string;
  shops: ShopProcess[];
  stop(): Promise<void>;
}

export interface BalancedShopsOptions {
  databaseUrl: string;
  dataDir: string;
  /** The host clients name in the balancer's address (and in PUBLIC_URL). */
  host?: '127.0.0.1' | 'localhost';
  /** Run the built dist/server/main.js (browser journeys) instead of the source. */
  built?: boolean;
  env?: Record<string, string>;
}

async function waitUntilReady(url: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${url}/api/health/ready`).catch(() => undefined);
    if (response?.status === 200) return;
    if (Date.now() > end) throw new Error(`The balancer at ${url} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The README's deployment in miniature: two shop processes on one PostgreSQL database and their own
 * Redis, behind HAProxy (round robin, health-checked on /api/health/ready, answers marked with the
 * serving process in `X-Served-By`: `one` or `two`).
 */
export async function startBalancedShops(options: BalancedShopsOptions): Promise<BalancedShops> {
  const children: ChildProcess[] = [];
  const shops: ShopProcess[] = [];
  const stop = async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    for (const child of children) child.kill('SIGKILL');
  };
  try {
    const [redisPort, p1, p2, front] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    children.push(
      spawn(REDIS_SERVER, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      }),
    );
    const url = `http://${options.host ?? '127.0.0.1'}:${front}`;
    const env = {
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      TRUST_PROXY: 'loopback',
      ...options.env,
    };
    const built = options.built ?? false;
    // The first start migrates the database; the second then finds it current.
    shops.push(await startShop({ built, env: { ...env, PORT: String(p1) } }));
    shops.push(await startShop({ built, env: { ...env, PORT: String(p2) } }));

    const config = join(options.dataDir, 'haproxy.cfg');
    await writeFile(
      config,
      [
        'global',
        '  maxconn 256',
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 30s',
        '  timeout server 30s',
        '  option http-server-close',
        '  option forwardfor',
        'frontend shop',
        `  bind 127.0.0.1:${front}`,
        '  default_backend app',
        'backend app',
        '  balance roundrobin',
        '  option httpchk GET /api/health/ready',
        '  http-response set-header X-Served-By %s',
        `  server one 127.0.0.1:${p1} check inter 1s`,
        `  server two 127.0.0.1:${p2} check inter 1s`,
        '',
      ].join('\n'),
    );
    children.push(spawn(HAPROXY, ['-db', '-f', config], { stdio: 'ignore' }));
    await waitUntilReady(url);
    return { url, shops, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
