import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import { loadEnv } from '../config/env';

describe('RATE_LIMITS=off (the write benchmark only)', () => {
  it('is refused by a production start', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', RATE_LIMITS: 'off' })).toThrow(
      /RATE_LIMITS: "off" is for benchmarks only/,
    );
    expect(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }).RATE_LIMITS).toBe('on');
  });

  it('lifts the limits in a non-production process', async () => {
    const t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1)
        statuses.push(
          (await t.post('/api/auth/signin', { email: 'bench@example.com', password: 'wrong-password-1' })).statusCode,
        );
      expect(statuses.every((status) => status === 400)).toBe(true);
      // A route with both a per-client and a per-e-mail limit: both lifted.
      const signUps: number[] = [];
      for (let i = 0; i < 6; i += 1)
        signUps.push(
          (await t.post('/api/auth/signup', { email: 'bench@example.com', password: 'bench-password' })).statusCode,
        );
      expect(signUps.every((status) => status === 201)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
