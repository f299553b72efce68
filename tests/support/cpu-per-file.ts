import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';

/**
 * With CPU_LOG set, each test file's CPU time (this worker's own, and its reaped child processes':
 * shops, tsx scripts) is appended to that file as a JSON line: where the unit step's CPU goes
 * (docs/decisions/0073-a-pipeline-for-two-cores.md).
 */
const ticks = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After the command name: state is field 3, utime 14, stime 15, cutime 16, cstime 17 (1-based).
  const at = (n: number) => Number(fields[n - 3] ?? 0);
  return { self: at(14) + at(15), children: at(16) + at(17) };
};

let start = ticks();
let wall = 0;
beforeAll(() => {
  start = ticks();
  wall = Date.now();
});
afterAll(() => {
  const end = ticks();
  const file = expect.getState().testPath ?? 'unknown';
  appendFileSync(
    process.env.CPU_LOG ?? '/dev/null',
    `${JSON.stringify({
      file: file.replace(`${process.cwd()}/`, ''),
      self: (end.self - start.self) / 100,
      children: (end.children - start.children) / 100,
      wall: (Date.now() - wall) / 1000,
    })}\n`,
  );
});
