import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

type Store = FastifyRateLimitStore;
type RouteStoreOptions = Parameters<Store['child']>[0];
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
type RedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => Store;

// The plugin's own two stores (it exports no types for them, only the files).
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;

/** How long a Redis count may take before the request is counted in this process instead. */
export const REDIS_COUNT_TIMEOUT_MS = 250;

interface Shared {
  redis: Redis;
  log: FastifyBaseLogger;
  degraded: boolean;
}

/**
 * Counts in Redis while it answers, and in this process while it does not: a request never waits
 * more than REDIS_COUNT_TIMEOUT_MS on Redis and never fails because of it. The switch both ways
 * is logged once. See docs/decisions/0007-redis-fallback.md.
 */
class FallbackStore implements Store {
  constructor(
    private readonly shared: Shared,
    private readonly redisStore: Store,
    private readonly localStore: Store,
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    const { shared } = this;
    const local = () => this.localStore.incr(key, callback, timeWindow, max);
    if (shared.redis.status !== 'ready') {
      degrade(shared, `redis ${shared.redis.status}`);
      local();
      return;
    }
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      degrade(shared, 'redis timed out');
      local();
    }, REDIS_COUNT_TIMEOUT_MS);
    this.redisStore.incr(
      key,
      (error, result) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error || !result) {
          degrade(shared, error?.message ?? 'no answer');
          local();
          return;
        }
        recover(shared);
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteStoreOptions): Store {
    return new FallbackStore(this.shared, this.redisStore.child(routeOptions), this.localStore.child(routeOptions));
  }
}

function degrade(shared: Shared, reason: string) {
  if (shared.degraded) return;
  shared.degraded = true;
  shared.log.warn({ reason }, 'Redis unreachable: rate limits are counted per process until it answers again');
}

function recover(shared: Shared) {
  if (!shared.degraded) return;
  shared.degraded = false;
  shared.log.warn('Redis answers again: rate limits are counted in Redis');
}

/** The `store` option for @fastify/rate-limit: Redis with a per-process fallback. */
export function fallbackRateLimitStore(redis: Redis, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const shared: Shared = { redis, log, degraded: false };
  redis.on('ready', () => recover(shared));
  return class RootStore extends FallbackStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        shared,
        new RedisStore(continueExceeding, exponentialBackoff, redis),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}

/** ioredis settings for the shop: fail fast while Redis is away, and keep reconnecting. */
export function redisOptions() {
  return {
    // A command while disconnected fails at once instead of queueing until Redis returns.
    enableOfflineQueue: false,
    connectTimeout: 1000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    // Reconnect forever, at most every 2 s, so the shop returns to Redis by itself.
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
  };
}
