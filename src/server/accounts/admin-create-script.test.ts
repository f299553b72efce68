import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../config/paths';
import { openDatabase } from '../db/client';
import { profiles, users } from '../db/schema';
import { verifyPassword } from './password';

const run = promisify(execFile);

describe('npm run admin:create', () => {
  it('creates the first admin in the shop database, promotes, and fails loudly without a password', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'admin-create-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    const script = (...args: string[]) => run(join(rootDir, 'node_modules', '.bin', 'tsx'), ['scripts/admin-create.ts', ...args], { cwd: rootDir, env });
    try {
      const created = await script('--email', 'Boss@Example.com', '--password', 'long-password');
      expect(created.stdout).toContain('Created admin Boss@Example.com');
      await expect(script('--email', 'someone-new@example.com')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--password') });
      await expect(script()).rejects.toMatchObject({ code: 2 });

      const database = await openDatabase({ dataDir });
      try {
        const [user] = await database.db.select().from(users).where(eq(users.email, 'boss@example.com'));
        expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
        expect(await verifyPassword(user?.passwordHash ?? '', 'long-password')).toBe(true);
        const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, user?.id ?? ''));
        expect(profile?.isAdmin).toBe(true);
        expect(await database.db.select().from(users).where(eq(users.email, 'someone-new@example.com'))).toHaveLength(0);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
