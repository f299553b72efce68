#!/usr/bin/env node
/**
 * The browser's main thread on the built shop's public pages (issue 55, decision 0087): each page is
 * opened in headless Chromium at Lighthouse's mobile size, at full speed, under a performance trace
 * and V8's sampling profiler, until the page reacts (`<html data-app-ready>`) and has been idle a
 * moment. Prints, per page, the main thread's long tasks with the functions whose own time fills
 * them and the scripts they belong to, and the page's JavaScript time in all.
 *
 * A task is long as Lighthouse's mobile simulation counts it: its CPU time 4× (the simulated slower
 * phone) over 50 ms, so any task of more than 12.5 ms CPU here. The thread's CPU time (the trace's
 * `tdur`), not the wall clock, so that a machine busy with other work does not lengthen the tasks.
 *
 *   npm run build && node scripts/profile-main-thread.mjs [/configure /about ...]
 *   PROFILE_RUNS=3 PROFILE_LANGUAGE=de PROFILE_WHOLE=1 node scripts/profile-main-thread.mjs /
 *   PROFILE_ROOTS=before,after PROFILE_URLS=http://localhost:4001,http://localhost:4002 node …
 *
 * `PROFILE_LANGUAGE` opens the page as a buyer who picked German or French on an earlier visit
 * (stored in localStorage); `PROFILE_WHOLE` adds what fills the whole load. Function names are
 * readable in a build without minifying (`npx vite build --minify false`, then build:server and
 * build:prerender). The machine is shared: compare runs made in the same minute.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from './bench-support.mjs';
import { chromiumPath } from './chromium-path.mjs';

const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/configure', '/about', '/automation', '/de'];
const runs = Number(process.env.PROFILE_RUNS ?? 1);
/** Lighthouse's mobile CPU slowdown: its simulation counts each task observed at full speed 4× as long. */
const slowdown = Number(process.env.PROFILE_SLOWDOWN ?? 4);
const language = process.env.PROFILE_LANGUAGE;
const longTaskMs = 50;
const samplingUs = 100;

/**
 * The shops to profile: this directory's build, or several (`PROFILE_ROOTS=/tmp/before,.`, each a
 * project directory with its own dist/), whose pages are then opened in turn, run after run, so that
 * a before and an after share the machine's moods.
 */
const roots = (process.env.PROFILE_ROOTS ?? '.').split(',');
/** Shops already running (`PROFILE_URLS=http://localhost:4001,http://localhost:4002`), one per root, in order. */
const urls = process.env.PROFILE_URLS?.split(',');
for (const root of urls ? [] : roots)
  if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/pages/index.html'))) {
    console.error(`The profile runs against the built shop: run \`npm run build\` first (${root}).`);
    process.exit(1);
  }

/** The built shop on a fresh PGlite directory, as `npm run lighthouse` starts it. */
async function startShop(root) {
  const server = await startServer(undefined, {}, root);
  return { baseUrl: server.url.replace('127.0.0.1', 'localhost'), stop: () => server.stop() };
}

/**
 * The renderer's main thread's top-level tasks from a Chrome trace, each with the self time of the
 * trace events inside it by name (script, style, layout, parsing, compiling: what the CPU profile
 * alone does not show).
 */
function mainThreadTasks(events) {
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const mains = new Set(names.map((e) => `${e.pid}:${e.tid}`));
  const onMain = events
    .filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`) && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  let until = -Infinity;
  for (const event of onMain)
    if (event.name === 'RunTask' && event.ts >= until) {
      tasks.push({
        start: event.ts,
        end: event.ts + event.dur,
        wallMs: event.dur / 1000,
        cpuMs: (event.tdur ?? event.dur) / 1000,
        kinds: new Map(),
      });
      until = event.ts + event.dur;
    }
  // Self time per event name: an event's CPU time less its children's.
  const cpu = (event) => event.tdur ?? event.dur;
  const selfOf = new Map();
  const open = [];
  for (const event of onMain) {
    while (open.length && open.at(-1).ts + open.at(-1).dur <= event.ts) open.pop();
    const parent = open.at(-1);
    if (parent) selfOf.set(parent, (selfOf.get(parent) ?? cpu(parent)) - cpu(event));
    if (!selfOf.has(event)) selfOf.set(event, cpu(event));
    open.push(event);
  }
  for (const task of tasks)
    for (const event of onMain) {
      if (event.ts < task.start || event.ts >= task.end || event.name === 'RunTask') continue;
      task.kinds.set(event.name, (task.kinds.get(event.name) ?? 0) + selfOf.get(event) / 1000);
    }
  return tasks;
}

/** Each sample of a V8 CPU profile: its time (µs, the trace's clock) and the node sampled. */
function samplesOf(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  let ts = profile.startTime;
  return {
    nodes,
    parent,
    samples: profile.samples.map((id, i) => {
      ts += profile.timeDeltas[i];
      return { ts, node: nodes.get(id) };
    }),
  };
}

const shortUrl = (url) => (url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '') : '');
const frameName = (frame) =>
  `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}${frame.url ? `:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`;

/**
 * What fills a stretch of time: its CPU time shared out over the functions (own time) and the scripts
 * in proportion to the profile's samples in it. Shares rather than samples × interval, because the
 * sampler, a thread of its own, is itself descheduled on a busy machine and takes fewer samples.
 */
function attribute(profile, start, end, cpuMs) {
  const self = new Map();
  const scripts = new Map();
  let all = 0;
  let js = 0;
  for (const sample of profile.samples) {
    if (sample.ts < start || sample.ts > end) continue;
    const frame = sample.node.callFrame;
    if (frame.functionName === '(idle)') continue;
    all += 1;
    if (frame.functionName === '(program)') continue; // the browser's own work: style, layout, parsing
    js += 1;
    const name = frameName(frame);
    self.set(name, (self.get(name) ?? 0) + 1);
    // The script the time belongs to: the nearest frame with a URL (native work charged to its caller).
    let node = sample.node;
    while (node && !node.callFrame.url) node = profile.nodes.get(profile.parent.get(node.id));
    const script = node ? shortUrl(node.callFrame.url) : `(${frame.functionName})`;
    scripts.set(script, (scripts.get(script) ?? 0) + 1);
  }
  const ms = (count) => (all === 0 ? 0 : (count / all) * cpuMs);
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, count]) => [name, ms(count)])
      .filter(([, share]) => share >= 0.5);
  return { jsMs: ms(js), self: top(self, 8), scripts: top(scripts, 6) };
}

async function profilePage(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'no-preference',
  });
  if (language) await context.addInitScript((lang) => localStorage.setItem('dropwise.language', lang), language);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: samplingUs });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
  });
  await page.goto(url, { waitUntil: 'load' });
  // Asked through the protocol rather than Playwright's selectors, whose injected script would run
  // on the page's main thread and fill the profile.
  const ready = async () =>
    (
      await cdp.send('Runtime.evaluate', {
        expression: "document.documentElement.hasAttribute('data-app-ready')",
        returnByValue: true,
      })
    ).result.value;
  for (let waited = 0; !(await ready()); waited += 250) {
    if (waited > 60_000) throw new Error(`${url} never said it was ready (data-app-ready)`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const { profile } = await cdp.send('Profiler.stop');
  await context.close();
  const tasks = mainThreadTasks(trace.traceEvents);
  const samples = samplesOf(profile);
  const fcp = trace.traceEvents.find((event) => event.name === 'firstContentfulPaint')?.ts ?? 0;
  // Long as Lighthouse would count it: over 50 ms once slowed down, by the thread's own CPU time
  // (a task the busy machine descheduled lasts longer by the wall clock, not by its CPU time).
  const long = tasks
    .filter((task) => task.cpuMs * slowdown > longTaskMs)
    .map((task) => ({ ...task, afterFcp: task.end > fcp }));
  // Total Blocking Time counts the tasks after the first contentful paint (the part of each over 50 ms).
  const blocking = (list) => list.reduce((sum, task) => sum + task.cpuMs * slowdown - longTaskMs, 0);
  return {
    long: long.map((task) => ({ ...task, ...attribute(samples, task.start, task.end, task.cpuMs) })),
    blockingMs: blocking(long.filter((task) => task.afterFcp)),
    longAfterFcpMs: long.filter((task) => task.afterFcp).reduce((sum, task) => sum + task.cpuMs, 0),
    cpuMs: tasks.reduce((sum, task) => sum + task.cpuMs, 0),
    whole: attribute(
      samples,
      -Infinity,
      Infinity,
      tasks.reduce((sum, task) => sum + task.cpuMs, 0),
    ),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const shops = [];
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});
const table = [];
try {
  for (const [index, root] of roots.entries())
    shops.push({ root, ...(urls ? { baseUrl: urls[index], stop: () => {} } : await startShop(root)) });
  for (const path of pages) {
    const results = new Map(roots.map((root) => [root, []]));
    for (let run = 1; run <= runs; run++)
      for (const shop of shops) {
        const result = await profilePage(browser, `${shop.baseUrl}${path}`);
        results.get(shop.root).push(result);
        console.log(
          `\n${path}${language ? ` (stored language ${language})` : ''}${roots.length > 1 ? ` [${shop.root}]` : ''}  run ${run}: ` +
            `${result.long.length} long task(s) of ${result.long.map((task) => `${task.cpuMs.toFixed(1)}${task.afterFcp ? '' : '*'}`).join(' + ') || '0'} ms CPU; ` +
            `blocking after the first paint ×${slowdown}: ${result.blockingMs.toFixed(0)} ms; main thread ${result.cpuMs.toFixed(0)} ms CPU in all` +
            ` (* before the first contentful paint)`,
        );
        for (const task of result.long) {
          const kinds = [...task.kinds]
            .filter(([, ms]) => ms >= 1)
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
          console.log(
            `  task ${task.cpuMs.toFixed(1)} ms CPU (×${slowdown} ${(task.cpuMs * slowdown).toFixed(0)} ms; wall ${task.wallMs.toFixed(0)} ms; ` +
              `JavaScript ${task.jsMs.toFixed(1)} ms; ${kinds.join(', ')})`,
          );
          for (const [script, ms] of task.scripts) console.log(`     ${ms.toFixed(1).padStart(6)} ms  ${script}`);
          for (const [name, ms] of task.self) console.log(`       self ${ms.toFixed(1).padStart(6)} ms  ${name}`);
        }
        if (process.env.PROFILE_WHOLE) {
          console.log('  whole load, by script:');
          for (const [script, ms] of result.whole.scripts)
            console.log(`     ${ms.toFixed(1).padStart(6)} ms  ${script}`);
          for (const [name, ms] of result.whole.self)
            console.log(`       self ${ms.toFixed(1).padStart(6)} ms  ${name}`);
        }
      }
    for (const [root, list] of results)
      table.push({
        page: path,
        root,
        blocking: list.map((result) => result.blockingMs),
        longCpu: list.map((result) => result.longAfterFcpMs),
        cpu: list.map((result) => result.cpuMs),
      });
  }
} finally {
  await browser.close();
  await Promise.all(shops.map((shop) => shop.stop()));
}
console.log(`\nMedians over ${runs} run(s) (CPU ms; blocking = Lighthouse's TBT rule on the CPU time ×${slowdown}):`);
for (const row of table)
  console.log(
    `${row.page.padEnd(14)} ${roots.length > 1 ? row.root.padEnd(16) : ''} long tasks after FCP ${median(row.longCpu).toFixed(1).padStart(6)} ms CPU` +
      `  blocking ${median(row.blocking).toFixed(0).padStart(4)} ms (runs ${row.blocking.map((ms) => ms.toFixed(0)).join(', ')})` +
      `  main thread ${median(row.cpu).toFixed(0)} ms CPU`,
  );
