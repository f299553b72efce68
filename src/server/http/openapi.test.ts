import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>>;
}

describe('GET /api/openapi.json', () => {
  const t = useTestApp();

  it('describes every registered API route, generated from the zod schemas', async () => {
    const response = await t.get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\./);
    expect(t.app.apiRoutes.length).toBeGreaterThan(20);
    const missing = t.app.apiRoutes.filter((route) => {
      const [method = '', path = ''] = route.split(' ');
      return document.paths[path]?.[method.toLowerCase()] === undefined;
    });
    expect(missing).toEqual([]);
    // The schemas come through: the order body and a path parameter.
    expect(JSON.stringify(document.paths['/api/orders']?.post?.requestBody)).toContain('idempotencyKey');
    expect(JSON.stringify(document.paths['/api/quotes/{reference}']?.get?.parameters)).toContain('reference');
    // Pages and metrics are not API routes.
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });
});
