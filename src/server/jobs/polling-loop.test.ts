import { afterEach, describe, expect, it, vi } from 'vitest';
import { pollingLoop } from './polling-loop';

/** A promise to settle by hand: a run in flight. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('polling loop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once on start, then the interval after each run ends, never two runs at a time', async () => {
    vi.useFakeTimers();
    const runs: ReturnType<typeof deferred>[] = [];
    const loop = pollingLoop({
      intervalMs: 1000,
      run: () => {
        const run = deferred();
        runs.push(run);
        return run.promise;
      },
      onError: () => {},
    });
    loop.start();
    expect(runs).toHaveLength(1);
    // A slow run: the interval counts from its end, not from its start.
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(1);
    runs[0]?.resolve();
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(2);
    runs[1]?.resolve();
    await loop.stop();
  });

  it('stop waits for the run in flight, tells it to stop, and starts no other', async () => {
    vi.useFakeTimers();
    const inFlight = deferred();
    let stoppingSeen: boolean | undefined;
    let runs = 0;
    const loop = pollingLoop({
      intervalMs: 10,
      run: async (stopping) => {
        runs += 1;
        await inFlight.promise;
        stoppingSeen = stopping();
      },
      onError: () => {},
    });
    loop.start();
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);
    inFlight.resolve();
    await stopping;
    expect(stoppingSeen).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
  });

  it('hands a failed run to onError and goes on', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let runs = 0;
    const loop = pollingLoop({
      intervalMs: 10,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('smtp down');
      },
      onError: (error) => errors.push(error),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(errors).toEqual([new Error('smtp down')]);
    expect(runs).toBe(2);
    await loop.stop();
  });

  it('stop before start resolves at once', async () => {
    const loop = pollingLoop({ intervalMs: 10, run: async () => {}, onError: () => {} });
    await expect(loop.stop()).resolves.toBeUndefined();
  });
});
