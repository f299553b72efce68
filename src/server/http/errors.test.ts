import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';

describe('API errors', () => {
  const t = useTestApp();

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.get('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'No API route for GET /api/no-such-thing' },
    });
  });

  it('refuses a state-changing request that is not JSON', async () => {
    const response = await t.request('POST', '/api/health', { headers: { 'content-type': 'text/plain' } });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });

  it('refuses a state-changing request from another site', async () => {
    const response = await t.post('/api/health', {}, { headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden_origin');
  });

  it('lets a same-origin request through to routing', async () => {
    const response = await t.post(
      '/api/health',
      {},
      { headers: { origin: 'http://localhost:80', host: 'localhost:80' } },
    );
    expect(response.statusCode).toBe(404);
  });

  it('answers malformed JSON with a 400 body and no internals', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_input');
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});
