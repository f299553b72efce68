import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { rootDir } from '../../src/server/config/paths';
import { nodeArguments } from './test-build';

export interface ShopProcess {
  child: ChildProcess;
  url: string;
  pid: number;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
  /** Resolves with the first match of `pattern` in what the process prints, as soon as it is printed. */
  waitForOutput(pattern: RegExp): Promise<RegExpExecArray>;
}

export interface StartShopOptions {
  env: Record<string, string | undefined>;
  /** Run the built dist/server/main.js (the journeys) instead of the unit run's bundle of the source. */
  built?: boolean;
  /** Reject unless the process has started within this time. */
  timeoutMs?: number;
}

/**
 * Starts the shop as its own process on a free port, and resolves once it prints its address: the
 * unit run's bundle of the source (tests/support/test-build.ts; through tsx outside vitest), or the
 * built dist/server/main.js.
 */
export function spawnShop(options: StartShopOptions): { process: ShopProcess; started: Promise<ShopProcess> } {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    ...options.env,
  })) {
    if (value !== undefined) env[key] = value;
  }
  const args = options.built ? [join(rootDir, 'dist/server/main.js')] : nodeArguments('server');
  const child = spawn(process.execPath, args, { cwd: rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const shop: ShopProcess = {
    child,
    url: '',
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    waitForOutput(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (!match) return false;
          child.stdout?.off('data', check);
          child.stderr?.off('data', check);
          resolve(match);
          return true;
        };
        if (check()) return;
        child.stdout?.on('data', check);
        child.stderr?.on('data', check);
        void exited.then(() => {
          if (!check()) reject(new Error(`The shop exited without printing ${pattern}:\n${output}`));
        });
      });
    },
  };
  const started = new Promise<ShopProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A start that timed out must not leave its process running (and using CPU) after the test.
      child.kill('SIGKILL');
      reject(new Error(`The shop did not start in time:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    const onData = () => {
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      shop.url = match[1].replace('localhost', '127.0.0.1');
      resolve(shop);
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The shop exited (${code}) before it started:\n${output}`));
    });
  });
  started.catch(() => undefined);
  return { process: shop, started };
}

/** Starts the shop and waits until it listens. */
export async function startShop(options: StartShopOptions): Promise<ShopProcess> {
  return spawnShop(options).started;
}
