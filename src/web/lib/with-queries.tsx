import { type ComponentType, lazy } from 'react';

/**
 * A code-split screen that uses TanStack Query: its code and the query client load together, and it
 * renders inside the page's one query client. TanStack Query is therefore not in the first load of
 * the pages that do not use it (the marketing and legal pages, the home page's 110 KB budget); every
 * lazy screen that reads or writes through it is declared with this instead of `lazy`.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Screen, { QueryScope }] = await Promise.all([load(), import('./query-client')]);
    return {
      default: (props: P) => (
        <QueryScope>
          <Screen {...props} />
        </QueryScope>
      ),
    };
  });
}
