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
