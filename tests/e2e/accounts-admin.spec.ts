import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { adminQuery, databaseUrlFor, scratchName } from '../support/database';
import { currentCode } from './accounts-support';
import { expect, type ShopServer, test as base } from './fixtures';

const ADMIN_EMAIL = 'first.admin@example.com';
const ADMIN_PASSWORD = 'admin-pass-123';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function waitForStart(child: ChildProcess): Promise<void> {
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The shop did not start within 60 s:\n${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Dropwise shop running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The shop exited with ${code}:\n${output}`));
    });
  });
}

/** A shop whose first admin was made with `npm run admin:create` before it started, as the README says. */
const test = base.extend<object, { shop: ShopServer }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies in a destructured first argument.
    async ({}, use) => {
      const port = await freePort();
      const dataDir = await mkdtemp(join(tmpdir(), 'dropwise-e2e-admin-'));
      const baseUrl = process.env.DATABASE_URL;
      const databaseName = baseUrl ? scratchName('shop_e2e_admin') : undefined;
      if (baseUrl && databaseName) await adminQuery(baseUrl, `CREATE DATABASE ${databaseName}`);
      const databaseUrl = baseUrl && databaseName ? databaseUrlFor(baseUrl, databaseName) : '';
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://localhost:${port}`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
      };
      await promisify(execFile)('node_modules/.bin/tsx', ['scripts/admin-create.ts', '--email', ADMIN_EMAIL, '--password', ADMIN_PASSWORD], { env });
      const child = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      try {
        await waitForStart(child);
        await use({ baseURL: `http://localhost:${port}`, dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
        await rm(dataDir, { recursive: true, force: true });
        if (baseUrl && databaseName) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

test('the first admin meets the MFA setup modal, restarts setup, verifies and reaches the Admin Portal link', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  const modal = page.getByRole('dialog', { name: 'Multi-factor authentication required' });
  await expect(modal).toBeVisible();
  // Only Sign Out is offered besides the setup card, and the navigation is disabled.
  await expect(modal.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cancel & Sign Out' })).toBeVisible();
  await expect(modal.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(modal.getByText('Factor ID')).toBeVisible();
  const firstSecret = (await modal.getByTestId('mfa-secret').textContent())?.trim() ?? '';

  // Restart Setup removes the factor and shows a new secret.
  await modal.getByRole('button', { name: 'Continue' }).click();
  await modal.getByRole('button', { name: 'Restart Setup' }).click();
  await expect(modal.getByTestId('mfa-secret')).not.toHaveText(firstSecret);
  const secret = (await modal.getByTestId('mfa-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await modal.getByRole('button', { name: 'Continue' }).click();
  await modal.getByLabel('Verification code').fill(currentCode(secret).code);
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Authentication complete!')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin Portal' })).toHaveAttribute('href', '/admin');

  await page.goto('/my-account?tab=settings');
  const accountType = page.getByRole('main').locator('dd').first();
  await expect(accountType).toContainText('Administrator');
  await expect(accountType.getByText('Admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Admin Portal' })).toBeVisible();
});
