// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetWebTest } from '../../../tests/support/web-render';
import { abortReads, api } from './api-client';
import { createQueryClient } from './query-client';
import { useSignOutAndLeave } from './sign-out';

/**
 * A fetch whose GET answers wait until the test lets them go (or the read is aborted), and whose
 * POST answers come at once; it records each call and, for a POST, which reads were aborted by then.
 */
function heldReads() {
  const calls: { method: string; path: string; readsAbortedBefore?: boolean }[] = [];
  const signals: AbortSignal[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method !== 'GET') {
        calls.push({ method, path: String(input), readsAbortedBefore: signals.every((signal) => signal.aborted) });
        return Promise.resolve(new Response('{"ok":true}', { status: 200 }));
      }
      calls.push({ method, path: String(input) });
      const signal = init.signal as AbortSignal;
      signals.push(signal);
      return new Promise<Response>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('The read was aborted', 'AbortError')));
      });
    }),
  );
  return { calls, signals };
}

describe('reads in flight when the visitor signs out', () => {
  afterEach(resetWebTest);

  it('abortReads aborts every GET in flight and no write; a read given its own signal still ends with it', async () => {
    const { signals } = heldReads();
    const first = api('/api/account/orders');
    const second = api('/api/auth/mfa/recovery-codes');
    const own = new AbortController();
    const third = api('/api/account/instruments', { signal: own.signal });
    const write = api('/api/account/profile', { method: 'PATCH', body: { firstName: 'Ada' } });
    own.abort();
    await expect(third).rejects.toMatchObject({ name: 'AbortError' });
    expect(signals.map((signal) => signal.aborted)).toEqual([false, false, true]);
    abortReads();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    await expect(write).resolves.toEqual({ ok: true });
  });

  it('Sign Out aborts the page’s reads still loading before it asks the server to end the session, then leaves', async () => {
    const { calls } = heldReads();
    function Page() {
      const { signOutTo } = useSignOutAndLeave();
      return (
        <button type="button" onClick={() => signOutTo('/')}>
          Sign Out
        </button>
      );
    }
    const router = createMemoryRouter(
      [
        { path: '/my-account', element: <Page /> },
        { path: '/', element: <p>Home</p> },
      ],
      { initialEntries: ['/my-account'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    // Two of the settings tab's reads, still loading when the visitor clicks.
    const pending = [api('/api/auth/mfa/recovery-codes'), api('/api/account/privacy-requests')].map((read) =>
      read.then(
        () => 'answered',
        (error: Error) => error.name,
      ),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Home')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/auth/signout',
      readsAbortedBefore: true,
    });
    expect(await Promise.all(pending)).toEqual(['AbortError', 'AbortError']);
  });
});
