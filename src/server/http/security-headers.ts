import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { contentSecurityPolicy } from './content-security-policy';

/** Helmet's options for the shop: its Content-Security-Policy, no COEP, a strict-origin referrer. */
export const helmetOptions = (publicUrl: string): Readonly<HelmetOptions> => ({
  contentSecurityPolicy: { directives: contentSecurityPolicy(publicUrl) },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

/** What helmet does to a response: the headers it sets, and those it removes. */
export interface SecurityHeaders {
  set: ReadonlyArray<readonly [name: string, value: string]>;
  removed: readonly string[];
}

/**
 * Helmet's headers for these options, worked out once (decision 0083). `@fastify/helmet` built
 * helmet's middleware, its CSP directives parsed and checked again, on every request; the shop's
 * headers depend on nothing in the request (no CSP nonces), so helmet runs once here, on a
 * response that only records what it is told.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): SecurityHeaders {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      set.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { set, removed };
}

/** Every response gets the shop's security headers, as `@fastify/helmet` gave them, with no per-request set-up. */
export function addSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const { set, removed } = securityHeaders(helmetOptions(publicUrl));
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const name of removed) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    done();
  });
}
