import { describe, expect, it } from 'vitest';
import { matchesClientRoute } from './routes';

describe('matchesClientRoute', () => {
  it.each(['/', '/configure', '/quote/abc123', '/admin/orders/42', '/about/', '/admin/settings/shipping'])(
    'knows %s',
    (path) => expect(matchesClientRoute(path)).toBe(true),
  );

  it.each(['/no-such-page', '/quote', '/quote/a/b', '/admin/orders/1/edit', '/api/health'])(
    'does not know %s',
    (path) => expect(matchesClientRoute(path)).toBe(false),
  );
});

describe('every admin screen reloads', () => {
  it('the server knows each path the admin app routes, so a reload answers 200, not 404', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(new URL('../web/admin/admin-app.tsx', import.meta.url), 'utf8');
    const paths = [...source.matchAll(/\{\s*path: '([^'*]*)'/g)].map((match) => `/admin/${match[1]}`);
    // The option editors' pages are routed from their list (options-page.tsx: `path: '/shipping'`, `editOnly('/servicing'`).
    const editors = readFileSync(new URL('../web/admin/catalogue/options-page.tsx', import.meta.url), 'utf8');
    paths.push(
      ...[...editors.matchAll(/(?:^\s+path: |editOnly\()'(\/[a-z-]+)'/gm)].map((match) => `/admin/settings${match[1]}`),
    );
    expect(paths).toContain('/admin/settings/syringe-holders');
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !matchesClientRoute(path.replace(':id', 'x')))).toEqual([]);
  });
});
