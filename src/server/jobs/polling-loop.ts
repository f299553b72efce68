export interface PollingLoop {
  /** Runs the work at once, then again `intervalMs` after each run ends. */
  start(): void;
  /** Stops starting runs and resolves when the run in hand has ended (graceful shutdown waits for it). */
  stop(): Promise<void>;
}

/**
 * A background loop: one run of `run` at a time, the next `intervalMs` after the last one ended (so
 * a slow run never overlaps the next). A run's failure goes to `onError` and the loop goes on.
 * `stopping()` turns true once `stop` is called, for a run that loops within itself (draining a backlog).
 * The timer does not keep the process alive.
 */
export function pollingLoop(options: {
  intervalMs: number;
  run: (stopping: () => boolean) => Promise<unknown>;
  onError: (error: unknown) => void;
}): PollingLoop {
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const stopping = () => stopped;
  const tick = () => {
    running = options
      .run(stopping)
      .catch(options.onError)
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, options.intervalMs);
        timer.unref();
      });
  };
  return {
    start() {
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
