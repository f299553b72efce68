import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankAccountsSchema,
  businessProfileChecklistResponseSchema,
  businessProfileEditSchema,
  businessProfileResponseSchema,
} from '../../shared/business-profile-schemas';
import { type BusinessProfile, publicProfileOf, setupChecklist } from '../../shared/business-profile';
import { offeredShipDate } from '../../shared/batches/ship-date';
import { getProduct, PRODUCT_KEY } from '../catalogue/catalogue-service';
import { adminEmails } from '../accounts/account-service';
import { maskedBank, queueBankChangeAlert } from '../business-profile/bank-change';
import { getBusinessProfile, readBusinessProfile, saveBusinessProfile } from '../business-profile/profile-service';
import { noticeBankChange } from '../supplier-pack/supplier-pack';
import { adminRoute } from './admin-route-config';
import { getCachedSettings } from '../settings/settings-service';
import { declarationReady } from '../order-records/order-instruments';
import { everyModelHasSoftwareVersion } from '../catalogue/catalogue-editing';
import { auditedChange } from '../audit/audited-change';

/** The profile with its checklist; the deployment's MAIL_FROM, where set, is the sender the checklist judges. */
const answerFor = (mailFrom: string | undefined) => (profile: BusinessProfile) => {
  const checklist = setupChecklist(profile, { mailFrom });
  return { profile, example: checklist.some((item) => !item.done), checklist };
};

/** The details and mailboxes (everything but the bank accounts): what Save Details changes. */
const detailsOf = (profile: BusinessProfile) => ({ ...publicProfileOf(profile), mail: profile.mail });

/**
 * Business Profile (docs/api/admin.md, business profile): the company's details and its bank
 * accounts. Details are saved with 'profile.edit'; the bank accounts need a fresh second factor as
 * well (a passkey while passkeys are required for payments), are audited (masked) and e-mailed to every admin. Either change is in force at once on
 * every process (the profile's change version).
 */
export async function adminBusinessProfileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = answerFor(app.env.MAIL_FROM);

  r.get(
    '/business-profile',
    { config: adminRoute('profile.view'), schema: { response: { 200: businessProfileResponseSchema } } },
    async () => answer(await readBusinessProfile(app.db)),
  );

  // The dashboard's set-up checklist: every staff member sees whether the shop can take orders.
  r.get(
    '/business-profile/checklist',
    {
      config: adminRoute('dashboard.view'),
      schema: { response: { 200: businessProfileChecklistResponseSchema } },
    },
    async () => {
      const profile = await getBusinessProfile(app.db);
      // The dashboard's list also asks for a batch the storefront can sell into (issue 38); that item
      // does not make the profile an example one (it opens no ordering).
      const product = await getProduct(app.db, PRODUCT_KEY);
      const batchDatedAhead = (product?.batches ?? []).some(
        (batch) => !batch.soldOut && offeredShipDate(batch.date, app.now()) !== null,
      );
      // Issue 51: the papers promised with every instrument need the conformity legislation and each model's software version.
      const [settings, softwareVersionsSet] = await Promise.all([
        getCachedSettings(app.db),
        everyModelHasSoftwareVersion(app.db),
      ]);
      const checklist = setupChecklist(profile, {
        mailFrom: app.env.MAIL_FROM,
        batchDatedAhead,
        conformityReady: declarationReady(settings),
        softwareVersionsSet,
      });
      return { example: answer(profile).example, checklist };
    },
  );

  r.put(
    '/business-profile',
    {
      config: adminRoute('profile.edit'),
      schema: { body: businessProfileEditSchema, response: { 200: businessProfileResponseSchema } },
    },
    async (request) => {
      const profile = await auditedChange(app, request, async (tx) => {
        const before = detailsOf(await readBusinessProfile(tx));
        const saved = await saveBusinessProfile(tx, { details: request.body });
        const after = detailsOf(saved);
        const changed = (Object.keys(before) as (keyof typeof before)[]).filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
        );
        return {
          result: saved,
          audit:
            changed.length > 0
              ? {
                  action: 'profile.update',
                  entityType: 'business_profile',
                  entityId: 'company',
                  before: Object.fromEntries(changed.map((key) => [key, before[key]])),
                  after: Object.fromEntries(changed.map((key) => [key, after[key]])),
                }
              : null,
        };
      });
      return answer(profile);
    },
  );

  r.put(
    '/business-profile/bank',
    {
      // The account customers pay into: held to the money routes' step-up (a passkey only while
      // passkeys are required for payments, docs/decisions/0033).
      config: adminRoute('profile.edit', { stepUp: true, passkeyStepUp: true }),
      schema: { body: bankAccountsSchema, response: { 200: businessProfileResponseSchema } },
    },
    async (request) => {
      const profile = await auditedChange(app, request, async (tx, now, admin) => {
        const before = (await readBusinessProfile(tx)).bank;
        const after = await saveBusinessProfile(tx, { bank: request.body });
        if (JSON.stringify(before) === JSON.stringify(after.bank)) return { result: after, audit: null };
        await queueBankChangeAlert(tx, {
          to: await adminEmails(tx),
          by: admin.email,
          before,
          after: after.bank,
          now,
        });
        // Issue 39: the supplier pack's new version, e-mailed once to whoever took an earlier one.
        await noticeBankChange(tx, after.bank, now, app.env.publicUrl);
        return {
          result: after,
          audit: {
            action: 'profile.bank_update',
            entityType: 'business_profile',
            entityId: 'company',
            before: maskedBank(before),
            after: maskedBank(after.bank),
          },
        };
      });
      return answer(profile);
    },
  );
}
