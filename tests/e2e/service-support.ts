import { spawn } from 'node:child_process';

export interface DeliveredInstrument {
  /** The instrument's owner, who signs in with this e-mail and password. */
  owner: { email: string; password: string; firstName: string };
  /** Another customer of the shop, with an account of their own. */
  other: { email: string; password: string; firstName: string };
  serial: string;
  model: string;
}

/**
 * A customer with a delivered Dropwise (its order delivered, a year's warranty from delivery), and a
 * second customer. Until serial numbers are entered at dispatch in the admin, the shop's database is
 * seeded before it starts (call it in `runShop`'s `beforeStart`); the one place to change when the
 * journey can place, ship and deliver the order through the shop instead.
 */
export async function createDeliveredInstrument(
  env: NodeJS.ProcessEnv,
  instrument: DeliveredInstrument,
): Promise<void> {
  const seed = {
    customers: [instrument.owner, instrument.other],
    instrument: { ownerEmail: instrument.owner.email, serial: instrument.serial, model: instrument.model },
  };
  await new Promise<void>((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', ['tests/e2e/service-seed.ts'], {
      env: { ...env, SERVICE_SEED: JSON.stringify(seed) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`service seed exited with ${code}: ${output}`)),
    );
  });
}
