import { cleanup, render } from '@testing-library/react';
import { englishText, type Message } from '../../src/shared/i18n/message';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../src/web/lib/query-client';
import { forgetSession } from '../../src/web/lib/use-session';
import { forgetOrderingState } from '../../src/web/lib/use-ordering-open';
import { forgetLanguage } from '../../src/web/i18n/language';

/** One request the page made, as the server would receive it. */
export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

type Route = Reply | ((call: FetchCall) => Reply | Promise<Reply>);

/**
 * The API's error body (docs/api/README.md, Errors). A refusal given as a message descriptor carries its
 * id and values beside its English, as the server's does (issue 53).
 */
export const apiError = (
  status: number,
  code: string,
  message: string | Message,
  fields?: Record<string, string>,
  /** A refused field's message id (a shared field message), as the server gives it beside `fields`. */
  fieldMessageIds?: Record<string, string>,
): Reply => ({
  status,
  body: {
    error: {
      code,
      message: typeof message === 'string' ? message : englishText(message),
      ...(typeof message === 'string' ? {} : { messageId: message.id }),
      ...(typeof message !== 'string' && message.values ? { values: message.values } : {}),
      ...(fields ? { fields } : {}),
      ...(fieldMessageIds ? { fieldMessageIds } : {}),
    },
  },
});

/**
 * Replaces `fetch`, the network boundary, with answers by "METHOD /path" (the query string is not
 * part of the key); anything else is the API's 404. Returns every request made, in order.
 */
export function mockFetch(routes: Record<string, Route>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      const method = init.method ?? 'GET';
      const call = { method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const route = routes[`${method} ${path.split('?')[0]}`];
      const reply =
        route === undefined
          ? apiError(404, 'not_found', 'Not found')
          : typeof route === 'function'
            ? await route(call)
            : route;
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Signed out: what GET /api/auth/session answers a visitor. */
export const signedOut: Reply = { body: { user: null } };

/**
 * Renders routes as the app does: the app's own QueryClient and providers, a memory router at
 * `path`. Routes the page navigates to can be given as plain markers.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const client = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

/** After each component test: unmount, restore fetch, forget the session and the session storage. */
export function resetWebTest() {
  cleanup();
  vi.unstubAllGlobals();
  forgetSession();
  forgetOrderingState();
  forgetLanguage();
  window.sessionStorage.clear();
}
