import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { mailOutbox } from '../db/schema';

/**
 * Security audit issue 22, F6: the anonymous routes that send mail count per client (IP address)
 * as well as per e-mail, so one client cannot bomb many mailboxes nor probe many addresses.
 */
describe('per-client limits of the routes that send account mail', () => {
  const t = useTestApp();

  const routes = [
    { url: '/api/auth/signup', ok: 201, body: (email: string) => ({ email, password: 'long-enough-password' }) },
    { url: '/api/auth/resend-confirmation', ok: 200, body: (email: string) => ({ email }) },
    { url: '/api/auth/recover', ok: 200, body: (email: string) => ({ email }) },
  ];

  it.each(routes.map((route, index) => ({ ...route, client: `203.0.113.${100 + index}` })))(
    '$url answers the 11th request in an hour from one client, whatever the e-mails, with 429 and Retry-After',
    async ({ url, ok, body, client }) => {
      const prefix = url.split('/').at(-1) ?? 'route';
      for (let i = 1; i <= 10; i += 1) {
        const response = await t.post(url, body(`${prefix}-${i}@example.com`), { remoteAddress: client });
        expect(response.statusCode, `request ${i}`).toBe(ok);
      }
      const eleventh = `${prefix}-11@example.com`;
      const refused = await t.post(url, body(eleventh), { remoteAddress: client });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: {
          code: 'rate_limited',
          message: 'Too many requests. Please wait a few minutes before trying again.',
          // The page shows the refusal by its id, in its own language (issue 53).
          messageId: 'error.tooManyRequests',
        },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, eleventh))).toHaveLength(0);
      // Another client, with the same address, is answered as usual.
      expect((await t.post(url, body(eleventh), { remoteAddress: '203.0.113.200' })).statusCode).toBe(ok);
    },
  );

  it('counts an IPv6 client by its /64, so cycling through its own addresses does not escape the limit', async () => {
    const recover = (email: string, remoteAddress: string) => t.post('/api/auth/recover', { email }, { remoteAddress });
    for (let i = 1; i <= 10; i += 1)
      expect((await recover(`v6-${i}@example.com`, `2001:db8:5:6::${i.toString(16)}`)).statusCode).toBe(200);
    expect((await recover('v6-11@example.com', '2001:db8:5:6:ffff:1:2:3')).statusCode).toBe(429);
    expect((await recover('v6-11@example.com', '2001:db8:5:7::1')).statusCode).toBe(200);
  });
});
