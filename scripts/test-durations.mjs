// Writes tests/durations.json, each test file's time (ms) in a run, for tests/support/longest-first.ts
// to start the longest first in a clean clone: `npm run test:durations` after a change that moves them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'durations-'));
const report = join(dir, 'report.json');
try {
  execFileSync('npx', ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`], {
    stdio: 'inherit',
  });
} catch {
  // A failing run still reports every file's time.
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const durations = Object.fromEntries(
  testResults
    .map((file) => [relative(process.cwd(), file.name), Math.round(file.endTime - file.startTime)])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync('tests/durations.json', `${JSON.stringify(durations, null, 2)}\n`);
rmSync(dir, { recursive: true, force: true });
console.log(`tests/durations.json: ${Object.keys(durations).length} files`);
