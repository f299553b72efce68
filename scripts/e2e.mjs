// Runs the browser journeys in the system Chromium. Without a browser they are skipped with a
// warning, unless REQUIRE_E2E=1, where a missing browser fails the run. After the run it prints each
// spec file's journeys and time, longest first, from Playwright's json report.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromiumPath } from './chromium-path.mjs';

const chromium = chromiumPath();
if (!existsSync(chromium)) {
  if (process.env.REQUIRE_E2E === '1') {
    console.error(
      `Browser journeys need Chromium at ${chromium} (set CHROMIUM_PATH); REQUIRE_E2E=1 makes this a failure.`,
    );
    process.exit(1);
  }
  console.warn(
    `warning: no Chromium at ${chromium}; browser journeys skipped (apt-get install -y chromium chromium-headless-shell, or set CHROMIUM_PATH).`,
  );
  process.exit(0);
}
if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
  console.error('Browser journeys run against the built shop: run `npm run build` first.');
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
printTimes(`${process.env.E2E_OUTPUT_DIR ?? 'test-results'}/journeys.json`);
process.exit(result.status ?? 1);

/** The journeys' time per spec file and project (the sum of its journeys' runs), longest first. */
function printTimes(report) {
  if (!existsSync(report)) return;
  const perSpec = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        // 'own shop' only orders the queue (playwright.config.ts); the balanced project is named.
        const plain = test.projectName === 'chromium' || test.projectName === 'own shop';
        const key = `${spec.file ?? suite.file}${plain ? '' : ` (${test.projectName})`}`;
        const entry = perSpec.get(key) ?? { journeys: 0, ms: 0, failed: 0 };
        entry.journeys += 1;
        for (const run of test.results) {
          entry.ms += run.duration;
          if (run.status !== 'passed' && run.status !== 'skipped') entry.failed += 1;
        }
        perSpec.set(key, entry);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites) visit(suite);
  const rows = [...perSpec].sort(([, a], [, b]) => b.ms - a.ms);
  const total = rows.reduce((sum, [, entry]) => sum + entry.ms, 0);
  console.log(`\n${'spec'.padEnd(48)} ${'journeys'.padStart(8)} ${'s'.padStart(7)} ${'share'.padStart(6)}`);
  for (const [spec, entry] of rows) {
    const share = `${((100 * entry.ms) / Math.max(total, 1)).toFixed(0)}%`;
    const failed = entry.failed ? `  ${entry.failed} failed` : '';
    console.log(
      `${spec.padEnd(48)} ${String(entry.journeys).padStart(8)} ${(entry.ms / 1000).toFixed(1).padStart(7)} ${share.padStart(6)}${failed}`,
    );
  }
  console.log(
    `${'all journeys (summed over workers)'.padEnd(48)} ${''.padStart(8)} ${(total / 1000).toFixed(1).padStart(7)}`,
  );
}
