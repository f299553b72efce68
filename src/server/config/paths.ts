import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, found from this module whether it runs from src/ (tests) or dist/ (built). */
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

export const rootDir = findRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = join(rootDir, 'drizzle');
export const webDistDir = join(rootDir, 'dist', 'web');
