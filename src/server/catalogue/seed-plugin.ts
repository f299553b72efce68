import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { seedCatalogue } from './seed-catalogue';

/** Fills an empty catalogue with the specification's products, options and batches at start-up. */
async function seed(app: FastifyInstance) {
  await seedCatalogue(app.db);
}

export const seedPlugin = fp(seed, { name: 'seed', dependencies: ['database'] });
