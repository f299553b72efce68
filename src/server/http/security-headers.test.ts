import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addSecurityHeaders, helmetOptions, securityHeaders } from './security-headers';

/** The headers of one answer to GET /page from a bare app with `secure` added, for comparison. */
async function headersOf(secure: (app: ReturnType<typeof Fastify>) => Promise<void> | void, path = '/page') {
  const app = Fastify();
  await secure(app);
  app.get('/page', async () => ({ ok: true }));
  try {
    const response = await app.inject({ method: 'GET', url: path });
    const { date: _date, ...headers } = response.headers;
    return headers;
  } finally {
    await app.close();
  }
}

describe('security headers worked out once', () => {
  for (const publicUrl of ['https://shop.example', 'http://localhost:3000']) {
    it(`are the very headers @fastify/helmet sets per request, for a route and a 404 (${publicUrl})`, async () => {
      for (const path of ['/page', '/missing']) {
        const before = await headersOf((app) => app.register(fastifyHelmet, helmetOptions(publicUrl)), path);
        const after = await headersOf((app) => addSecurityHeaders(app, publicUrl), path);
        expect(after).toEqual(before);
        expect(after['content-security-policy']).toContain("frame-ancestors 'none'");
      }
    });
  }

  it('upgrade insecure requests only on https, and leave COEP out', () => {
    const header = (publicUrl: string) =>
      new Map(securityHeaders(helmetOptions(publicUrl)).set.map(([name, value]) => [name.toLowerCase(), value]));
    expect(header('https://shop.example').get('content-security-policy')).toContain('upgrade-insecure-requests');
    expect(header('http://localhost:3000').get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(header('https://shop.example').has('cross-origin-embedder-policy')).toBe(false);
    expect(header('https://shop.example').get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
