// @engine: names the database engine
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';

describe('GET /api/health', () => {
  const t = useTestApp();

  it('answers ok with the database in use', async () => {
    const response = await t.get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('carries the security headers and a request id', async () => {
    const response = await t.get('/api/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
