// Runs the browser journeys in the system Chromium. Without a browser they are skipped with a
// warning, unless REQUIRE_E2E=1, where a missing browser fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
process.exit(result.status ?? 1);
