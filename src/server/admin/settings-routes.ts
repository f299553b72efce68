import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemSettingsResponseSchema, updateSystemSettingsRequestSchema } from '../../shared/admin/settings-schemas';
import type { SystemSettings } from '../../shared/settings';
import { getSettings, invalidateSettingsCache, updateSettings } from '../settings/settings-service';
import { adminOf, adminRoute, requirePermission } from './admin-route-config';
import { readBusinessProfile, saveBusinessProfile } from '../business-profile/profile-service';
import type { Db } from '../db/client';
import { publicProfileOf } from '../../shared/business-profile';

/** Admin Email (System Settings, General): the business profile's staff alert address, one stored value. */
const alertEmailOf = async (db: Db) => (await readBusinessProfile(db)).mail.alertEmail;
import { auditedChange } from '../audit/audited-change';
import { requireStepUp } from './step-up';
import { adminEmails } from '../accounts/account-service';
import { paymentReminderTextKeys, queueReminderTextChangeAlert } from '../billing/reminder-text-change';

/**
 * The settings whose change needs a fresh second factor (docs/decisions/0047): the VAT rate moves
 * every price charged, the passkey rule guards the money routes, and the repair approval threshold
 * says which repair prices Support may set alone (issue 34), "Orders require an accepted quote"
 * decides whether an order needs the buyer's signed acceptance (issue 39), and the factory test's
 * acceptance limits decide which instruments may ship and what their certificates say (issue 41). The
 * rest of the form saves without one, so a site-name change does not ask for a code.
 */
export const STEP_UP_SETTINGS: readonly (keyof SystemSettings)[] = [
  'taxRate',
  'requirePasskeyForPayments',
  'repairQuoteApprovalThreshold',
  // Issue 39: switching it off lets orders through from quotes nobody at the buyer accepted.
  'ordersRequireAcceptedQuote',
  'factoryTestRateLimitPercent',
  'factoryTestNominalVolumeMl',
  'factoryTestVolumeLimitPercent',
  // Issue 39: whether an order may be placed without a PO number decides which orders the shop takes.
  'requirePoNumber',
];

/**
 * Issue 48, F1: the settings that speak to customers about money or are signed for the company: the
 * payment reminders (mailed from the shop's own domain with the right invoice numbers and amounts),
 * the quote validity and warranty length, the single-supplier statement and the declaration of
 * conformity. They are held to the bank accounts' rule: a fresh second factor, a passkey while
 * passkeys are required for payments (docs/decisions/0033), and a reminder text's change is
 * e-mailed to every admin.
 */
export const PAYMENT_STEP_UP_SETTINGS: readonly (keyof SystemSettings)[] = [
  ...paymentReminderTextKeys,
  'autoQuoteExpiry',
  'defaultProductWarranty',
  'singleSupplierReasons',
  'singleSupplierReasonsDe',
  'singleSupplierReasonsFr',
  'conformityUkcaLegislation',
  'conformityCeLegislation',
  'conformityStandards',
];

/** System Settings (docs/api/admin.md, Catalogue and settings): read all, save all; the change is audited and in force at once on every process. */
export async function adminSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/settings',
    { config: adminRoute('settings.edit'), schema: { response: { 200: systemSettingsResponseSchema } } },
    async () => ({ settings: await getSettings(app.db), adminEmail: await alertEmailOf(app.db) }),
  );

  r.put(
    '/settings',
    {
      config: adminRoute('settings.edit'),
      schema: { body: updateSystemSettingsRequestSchema, response: { 200: systemSettingsResponseSchema } },
    },
    async (request) => {
      const admin = adminOf(request);
      const current = await getSettings(app.db);
      // A setting left out of the request (the optional ones) keeps its value: no change.
      const changes = (key: keyof SystemSettings) =>
        request.body[key] !== undefined && JSON.stringify(current[key]) !== JSON.stringify(request.body[key]);
      if (STEP_UP_SETTINGS.some(changes)) await requireStepUp(app, request, admin);
      // "Require Passkeys for Payments" changes only with a passkey: a phished code cannot switch it off, and
      // whoever switches it on has a passkey to switch it off again (issue 34, F4).
      if (changes('requirePasskeyForPayments')) await requireStepUp(app, request, admin, { passkeyOnly: true });
      if (PAYMENT_STEP_UP_SETTINGS.some(changes))
        await requireStepUp(app, request, admin, { passkeyOnly: current.requirePasskeyForPayments });
      const { adminEmail, ...values } = request.body;
      // Admin Email is the profile's alert address: changing it from here needs the profile's permission too.
      if (adminEmail !== undefined && adminEmail !== (await alertEmailOf(app.db)))
        requirePermission(admin, 'profile.edit');
      const { settings, alertEmail } = await auditedChange(app, request, async (tx, now) => {
        const before = await getSettings(tx);
        const after = await updateSettings(tx, values);
        const alertBefore = await alertEmailOf(tx);
        const alertAfter = adminEmail ?? alertBefore;
        if (alertAfter !== alertBefore) {
          const profile = await readBusinessProfile(tx);
          await saveBusinessProfile(tx, {
            details: { ...publicProfileOf(profile), mail: { ...profile.mail, alertEmail: alertAfter } },
          });
        }
        const alert =
          alertAfter !== alertBefore
            ? { before: { adminEmail: alertBefore }, after: { adminEmail: alertAfter } }
            : null;
        const changed = (Object.keys(after) as (keyof SystemSettings)[]).filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
        );
        const texts = paymentReminderTextKeys.filter((key) => changed.includes(key));
        if (texts.length > 0)
          await queueReminderTextChangeAlert(tx, {
            to: await adminEmails(tx),
            by: admin.email,
            texts,
            before,
            after,
            now,
          });
        const pick = (settings: SystemSettings) => Object.fromEntries(changed.map((key) => [key, settings[key]]));
        return {
          result: { settings: after, alertEmail: alertAfter },
          audit: {
            action: 'settings.update',
            entityType: 'settings',
            entityId: 'system',
            before: { ...pick(before), ...alert?.before },
            after: { ...pick(after), ...alert?.after },
          },
        };
      });
      invalidateSettingsCache(app.db);
      return { settings, adminEmail: alertEmail };
    },
  );
}
