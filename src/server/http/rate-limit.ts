import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Message } from '../../shared/i18n/message';
import { tooManyRequests } from './http-error';

export interface RouteRateLimit {
  /** Requests allowed per window. */
  max: number;
  timeWindow: string | number;
  /** The specification's message for the 429 answer: a descriptor for one a customer meets (issue 53). */
  message: string | Message;
  /** What the count is kept per; by default the caller's IP address. */
  key?: (request: FastifyRequest) => string;
}

/**
 * Route config for `@fastify/rate-limit` (Redis when REDIS_URL is set, in-process otherwise).
 * It runs after body parsing, so a key can use the normalised e-mail of the body.
 *
 *   app.post('/api/quotes', { config: { rateLimit: rateLimit({ max: 50, timeWindow: '1 hour', message, key: byBodyEmail('quote') }) } }, …)
 */
export function rateLimit(options: RouteRateLimit) {
  const key = options.key;
  return {
    max: options.max,
    timeWindow: options.timeWindow,
    hook: 'preHandler' as const,
    ...(key ? { keyGenerator: (request: FastifyRequest) => key(request) } : {}),
    errorResponseBuilder: () => tooManyRequests(options.message),
  };
}

/** Counts per normalised e-mail of the JSON body (falling back to the IP when there is none), in its own namespace. */
export function byBodyEmail(
  namespace: string,
  pick: (body: Record<string, unknown>) => unknown = (body) => body.email,
) {
  return (request: FastifyRequest) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = pick(body);
    return typeof email === 'string' && email.trim() !== ''
      ? `${namespace}:email:${email.trim().toLowerCase()}`
      : `${namespace}:ip:${request.ip}`;
  };
}

/**
 * A second, independent limit on a route that already has one in its config (the plugin runs one
 * limiter per request): use it as the route's preHandler. It shares the plugin's store, so it
 * counts in Redis when REDIS_URL is set.
 *
 *   preHandler: extraRateLimit(app, { max: 30, timeWindow: '10 minutes', message, key: (r) => `signin:ip:${r.ip}` })
 */
export function extraRateLimit(
  app: FastifyInstance,
  options: RouteRateLimit & { key: (request: FastifyRequest) => string },
) {
  const limiter = app.createRateLimit({ max: options.max, timeWindow: options.timeWindow, keyGenerator: options.key });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const outcome = await limiter(request);
    if (!outcome.isAllowed && outcome.isExceeded) {
      reply.header('retry-after', String(outcome.ttlInSeconds));
      throw tooManyRequests(options.message);
    }
  };
}

/** Requests allowed per window. */
export interface Allowance {
  max: number;
  timeWindow: string | number;
}

/**
 * Both limits of an anonymous route that writes or sends mail, spread into its options: per client
 * (the plugin's own key: the IP address, an IPv6 address by its /64), so one client cannot run
 * through many e-mail addresses, and per e-mail of the body, so many clients cannot flood one
 * mailbox. Both count in Redis when REDIS_URL is set, and RATE_LIMITS=off lifts both.
 *
 *   routes.post('/api/auth/signup', { schema, ...perClientAndEmail(app, { namespace: 'signup', message, perClient: { max: 10, timeWindow: '1 hour' }, perEmail: { max: 5, timeWindow: '15 minutes' } }) }, …)
 */
export function perClientAndEmail(
  app: FastifyInstance,
  options: {
    namespace: string;
    message: string | Message;
    perClient: Allowance;
    perEmail: Allowance;
    email?: (body: Record<string, unknown>) => unknown;
  },
) {
  const { namespace, message, perClient, perEmail, email } = options;
  return {
    config: { rateLimit: rateLimit({ ...perClient, message }) },
    preHandler: extraRateLimit(app, { ...perEmail, message, key: byBodyEmail(namespace, email) }),
  };
}
