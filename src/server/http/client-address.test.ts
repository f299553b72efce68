import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';

const spoofed = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}`, 'x-forwarded-proto': 'https' });

describe('client addresses come from trusted proxies only (security finding 3)', () => {
  describe('with TRUST_PROXY unset', () => {
    const t = useTestApp();

    it('counts the waitlist limit per real client, whatever X-Forwarded-For claims', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        const response = await t.post('/api/waitlist', { email: `spoof-${i}@example.com` }, { headers: spoofed(i) });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
      expect(statuses[30]).toBe(429);
    });

    it('does not call a plain-http request secure because a header says https', async () => {
      const { user } = await createUser(t.db);
      const response = await t.post(
        '/api/auth/signin',
        { email: user.email, password: 'correct-horse-1' },
        { headers: spoofed(1) },
      );
      expect(response.cookies.find((c) => c.name === 'dropwise_session')?.secure).toBeFalsy();
    });
  });

  describe('with TRUST_PROXY naming the proxy', () => {
    const t = useTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });

    it('counts per forwarded client behind the trusted proxy', async () => {
      for (let i = 0; i < 31; i += 1) {
        const response = await t.post('/api/waitlist', { email: `proxied-${i}@example.com` }, { headers: spoofed(i) });
        expect(response.statusCode).toBe(201);
      }
    });

    it('gives a request that arrived over https a Secure cookie, even with an http PUBLIC_URL', async () => {
      const { user } = await createUser(t.db);
      const response = await t.post(
        '/api/auth/signin',
        { email: user.email, password: 'correct-horse-1' },
        { headers: spoofed(2) },
      );
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === 'dropwise_session')?.secure).toBe(true);
    });
  });
});
