import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';

/** docs/api/: the README and one file per area (storefront, accounts, admin). */
const docsFolder = new URL('../../../docs/api/', import.meta.url);

/** `METHOD /path` of a code span in the docs (`GET /api/orders/{id}?key=`), without its query. */
const routeSpan = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/;

/** The routes a line names in code spans, as `METHOD /path/{param}`. */
function routesIn(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].flatMap((match) => {
    const route = routeSpan.exec(match[1] ?? '');
    return route ? [`${route[1]} ${(route[2] ?? '').split('?')[0]}`] : [];
  });
}

/** Every route's `### \`METHOD /path\`` heading and its row in an area's table (the Route cell). */
function documentedRoutes() {
  const headings: string[] = [];
  const rows: string[] = [];
  for (const file of readdirSync(docsFolder)
    .filter((name) => name.endsWith('.md'))
    .sort()) {
    for (const line of readFileSync(new URL(file, docsFolder), 'utf8').split('\n')) {
      if (line.startsWith('### ')) headings.push(...routesIn(line));
      if (line.startsWith('| ')) rows.push(...routesIn(line.split(/(?<!\\)\|/)[1] ?? ''));
    }
  }
  return { headings, rows };
}

const duplicates = (list: string[]) => list.filter((item, i) => list.indexOf(item) !== i);

describe('docs/api/', () => {
  const t = useTestApp();

  /** The app's routes under /api and /metrics, as `METHOD /path/{param}` (HEAD and the web app's pages left out). */
  const registeredRoutes = () =>
    t.app.routeTable
      .filter((route) => route.url.startsWith('/api/') || route.url === '/metrics')
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);

  it('has a row and a section for every registered route, and none for a route that does not exist', () => {
    const registered = new Set(registeredRoutes());
    const { headings, rows } = documentedRoutes();
    expect(registered.size).toBeGreaterThan(100);
    // Parameters named as the route names them (`{id}` for `:id`); a query (`?key=`) is not part of the route.
    const compare = (documented: string[]) => ({
      withoutRow: [...registered].filter((route) => !documented.includes(route)).sort(),
      rowWithoutRoute: [...new Set(documented)].filter((route) => !registered.has(route)).sort(),
    });
    const none = { withoutRow: [], rowWithoutRoute: [] };
    expect({ tables: compare(rows), sections: compare(headings) }).toEqual({ tables: none, sections: none });
  });

  it('describes each route once: no second row or section that could contradict the first', () => {
    const { headings, rows } = documentedRoutes();
    expect({ rows: duplicates(rows), headings: duplicates(headings) }).toEqual({ rows: [], headings: [] });
  });
});
