import { existsSync } from 'node:fs';

/**
 * The browser the journeys run in: `CHROMIUM_PATH`, else Chromium's headless shell when it is
 * installed (the same engine without the full browser's window machinery: 40% less CPU on the same
 * journeys, decision 0049), else the full browser. Read by scripts/e2e.mjs and playwright.config.ts.
 */
export const chromiumPath = () =>
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';
