import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { rootDir } from '../../src/server/config/paths';

/**
 * Runs one of the repository's TypeScript scripts through tsx, as `npm run` does, with `stdin`
 * written to it when given; rejects with everything it printed when it exits non-zero (`name`
 * says which script in that message).
 */
export function runTsxScript(
  name: string,
  script: string,
  options: { args?: string[]; env: NodeJS.ProcessEnv; stdin?: string },
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(join(rootDir, 'node_modules', '.bin', 'tsx'), [script, ...(options.args ?? [])], {
      cwd: rootDir,
      env: options.env,
      stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}: ${output}`)),
    );
    if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  });
}
