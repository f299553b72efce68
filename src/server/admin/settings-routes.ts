import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemSettingsResponseSchema, updateSystemSettingsRequestSchema } from '../../shared/admin/settings-schemas';
import type { SystemSettings } from '../../shared/settings';
import { getSettings, invalidateSettingsCache, updateSettings } from '../settings/settings-service';
import { adminOf, adminRoute } from './admin-route-config';
import { writeAudit } from './audit-log';
import { requireStepUp } from './step-up';

/**
 * The settings whose change needs a fresh second factor (docs/decisions/0047): the VAT rate moves
 * every price charged, and the passkey rule guards the money routes. The rest of the form saves
 * without one, so a site-name change does not ask for a code.
 */
export const STEP_UP_SETTINGS: readonly (keyof SystemSettings)[] = ['taxRate', 'requirePasskeyForPayments'];

/** System Settings (docs/api/admin.md, Catalogue and settings): read all, save all; the change is audited and in force at once on every process. */
export async function adminSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/settings',
    { config: adminRoute('settings.edit'), schema: { response: { 200: systemSettingsResponseSchema } } },
    async () => ({ settings: await getSettings(app.db) }),
  );

  r.put(
    '/settings',
    {
      config: adminRoute('settings.edit'),
      schema: { body: updateSystemSettingsRequestSchema, response: { 200: systemSettingsResponseSchema } },
    },
    async (request) => {
      const admin = adminOf(request);
      const now = app.now();
      const current = await getSettings(app.db);
      if (STEP_UP_SETTINGS.some((key) => JSON.stringify(current[key]) !== JSON.stringify(request.body[key])))
        await requireStepUp(app, request, admin);
      const settings = await app.db.transaction(async (tx) => {
        const before = await getSettings(tx);
        const after = await updateSettings(tx, request.body);
        const changed = (Object.keys(after) as (keyof SystemSettings)[]).filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
        );
        const pick = (values: SystemSettings) => Object.fromEntries(changed.map((key) => [key, values[key]]));
        await writeAudit(tx, {
          admin,
          action: 'settings.update',
          entityType: 'settings',
          entityId: 'system',
          before: pick(before),
          after: pick(after),
          now,
        });
        return after;
      });
      invalidateSettingsCache(app.db);
      return { settings };
    },
  );
}
