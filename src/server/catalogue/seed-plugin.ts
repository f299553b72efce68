import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { bankAccountsSchema, businessProfileEditSchema } from '../../shared/business-profile-schemas';
import { isExampleProfile } from '../../shared/business-profile';
import { readBusinessProfile, saveBusinessProfile } from '../business-profile/profile-service';
import { seedCatalogue } from './seed-catalogue';

const profileFileSchema = z.object({ details: businessProfileEditSchema, bank: bankAccountsSchema });

/**
 * Fills an empty catalogue with the specification's products, options and batches at start-up, and
 * the business profile from BUSINESS_PROFILE_FILE while the stored one is still the example (a file
 * that does not validate stops the start, naming the field).
 */
async function seed(app: FastifyInstance) {
  await seedCatalogue(app.db, app.now());
  const file = app.env.BUSINESS_PROFILE_FILE;
  if (file && isExampleProfile(await readBusinessProfile(app.db), { mailFrom: app.env.MAIL_FROM })) {
    const parsed = profileFileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (!parsed.success)
      throw new Error(`BUSINESS_PROFILE_FILE: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
    await app.db.transaction((tx) => saveBusinessProfile(tx, parsed.data));
    app.log.info('business profile filled in from BUSINESS_PROFILE_FILE');
  }
}

export const seedPlugin = fp(seed, { name: 'seed', dependencies: ['database'] });
