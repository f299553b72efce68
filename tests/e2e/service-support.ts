import { runTsxScript } from '../support/tsx-script';

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
  await runTsxScript('service seed', 'tests/e2e/service-seed.ts', {
    env: { ...env, SERVICE_SEED: JSON.stringify(seed) },
  });
}
