import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnShop } from '../../tests/support/shop-process';
import { rootDir } from './config/paths';

/** Runs a command's script through tsx, as `npm run` does, and resolves with its exit code and output. */
function runScript(script: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(join(rootDir, 'node_modules', '.bin', 'tsx'), [script], {
    cwd: rootDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

// A production start on a plain-http address is a configuration error (src/server/config/env.ts).
const badEnv = (dataDir: string) => ({ NODE_ENV: 'production', PUBLIC_URL: 'http://shop.example', DATA_DIR: dataDir });
const stackLine = /^\s+at /m;

describe('a configuration error at start', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('stops the shop with exit code 1 and the message, without a stack trace', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dropwise-bad-env-'));
    const { process: shop } = spawnShop({ env: { ...badEnv(dataDir), LOG_LEVEL: 'info' } });
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toContain('PUBLIC_URL: production needs the https address customers use');
    expect(shop.output()).not.toMatch(stackLine);
    expect(shop.output()).not.toContain('EnvError');
  });

  it('stops a command (db:backup) the same way', async () => {
    dataDir ||= await mkdtemp(join(tmpdir(), 'dropwise-bad-env-'));
    const { code, stderr } = await runScript('scripts/db-backup.ts', badEnv(dataDir));
    expect(code).toBe(1);
    expect(stderr).toContain('PUBLIC_URL: production needs the https address customers use');
    expect(stderr).not.toMatch(stackLine);
  });
});
