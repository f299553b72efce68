// @engine: the embedded PGlite data folder
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withMigratedDatabase } from '../../../tests/support/migrated-data-dir';
import { nodeArguments } from '../../../tests/support/test-build';
import { rootDir } from '../config/paths';
import { openDatabase } from '../db/client';
import { profiles, users } from '../db/schema';
import { verifyPassword } from './password';

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the script (from the unit run's bundle of it: the README's `npm run admin:create` through tsx
 * is what the journeys make their admins with) with `stdin` piped to it, as a deployment script would.
 */
function runScript(env: NodeJS.ProcessEnv, args: string[], stdin = ''): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, nodeArguments('admin-create', args), {
      cwd: rootDir,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

// The script on the embedded database's data folder, copied from the run's migrated one (PGlite runs only).
describe.runIf(!process.env.DATABASE_URL)('npm run admin:create', () => {
  it('creates the first admin with the password from standard input, promotes, and never takes a password argument', async () => {
    // A migrated database with no admin yet: what the script finds after the shop's first start.
    const dataDir = await withMigratedDatabase(await mkdtemp(join(tmpdir(), 'admin-create-')));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    const script = (args: string[], stdin?: string) => runScript(env, args, stdin);
    try {
      const created = await script(['--email', 'Boss@Example.com'], 'long-password\n');
      expect(created.stdout).toContain('Created admin Boss@Example.com');
      // A password on the command line would show in the process list: refused before anything is written.
      const argument = await script(['--email', 'other@example.com', '--password', 'visible-in-ps']);
      expect(argument).toMatchObject({ code: 2, stderr: expect.stringContaining('process list') });
      expect(await script(['--email', 'someone-new@example.com'])).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('password'),
      });
      expect((await script([])).code).toBe(2);
      expect(await script(['--email', 'boss@example.com'])).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('is now an admin'),
      });

      const database = await openDatabase({ dataDir });
      try {
        const [user] = await database.db.select().from(users).where(eq(users.email, 'boss@example.com'));
        expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
        expect(await verifyPassword(user?.passwordHash ?? '', 'long-password')).toBe(true);
        const [profile] = await database.db
          .select()
          .from(profiles)
          .where(eq(profiles.id, user?.id ?? ''));
        expect(profile?.isAdmin).toBe(true);
        expect(await database.db.select().from(users).where(eq(users.email, 'someone-new@example.com'))).toHaveLength(
          0,
        );
        expect(await database.db.select().from(users).where(eq(users.email, 'other@example.com'))).toHaveLength(0);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
