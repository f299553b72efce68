// The built shop (dist/server/main.js) started on a fresh PGlite folder on a free port, as a visitor's
// browser meets it in production: for `npm run lighthouse` and scripts/profile-main-thread.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Starts the build in `root` (default: the working folder); resolves with its address and a `stop`. */
export async function startBuiltShop({ root = process.cwd(), prefix = 'dropwise-built-' } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ALLOW_HTTP_PUBLIC_URL: 'true',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  let output = '';
  await new Promise((resolve, reject) => {
    // A busy machine takes a while to migrate a fresh database; a shop that never starts is stopped.
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`The shop did not start:\n${output}`));
    }, 180_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Dropwise shop running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`The shop exited with ${code}:\n${output}`)));
  });
  return { baseUrl: `http://localhost:${port}`, stop };
}
