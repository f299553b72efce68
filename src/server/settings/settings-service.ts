import { inArray, sql } from 'drizzle-orm';
import { defaultSystemSettings, type SystemSettings, systemSettingsSchema } from '../../shared/settings';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import { bumpChangeVersion } from '../db/change-version';
import { versionedCache } from '../db/versioned-cache';

/** A safety net only: every settings write raises the change version, which each cached read compares. */
export const SETTINGS_CACHE_MAX_AGE_MS = 10_000;

const cache = versionedCache<'settings', SystemSettings>({
  area: 'settings',
  maxAgeMs: SETTINGS_CACHE_MAX_AGE_MS,
  load: (db) => getSettings(db),
});

/** Drops this process's cached settings (writes also raise the change version for the other processes). */
export function invalidateSettingsCache(db: Db): void {
  cache.invalidate(db);
}

/**
 * The settings in force, from an in-memory cache for routes that read them on every request
 * (pricing, the maintenance check). One cheap read of the settings' change version per call
 * reloads them as soon as any process has saved a change.
 */
export function getCachedSettings(db: Db): Promise<SystemSettings> {
  return cache.get(db, 'settings');
}

/** The system settings in force: stored values over the defaults (a stored value that no longer fits is ignored). */
export async function getSettings(db: Db): Promise<SystemSettings> {
  const rows = await db.select().from(settings);
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const merged: Record<string, unknown> = { ...defaultSystemSettings };
  for (const key of Object.keys(defaultSystemSettings) as (keyof SystemSettings)[]) {
    if (!(key in stored)) continue;
    const parsed = systemSettingsSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as SystemSettings;
}

/**
 * Stores the given settings (validated by the caller's schema) and raises the settings' change
 * version; pass a transaction to make it part of a larger write (the admin route's audit entry).
 * Returns the settings in force.
 */
export async function updateSettings(db: Db, changes: Partial<SystemSettings>): Promise<SystemSettings> {
  const entries = Object.entries(changes).filter(([key]) => key in defaultSystemSettings);
  if (entries.length > 0) {
    await db
      .insert(settings)
      .values(entries.map(([key, value]) => ({ key, value })))
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
    await bumpChangeVersion(db, 'settings');
    invalidateSettingsCache(db);
  }
  return getSettings(db);
}

export async function resetSettings(db: Db, keys: (keyof SystemSettings)[]): Promise<void> {
  if (keys.length > 0) {
    await db.delete(settings).where(inArray(settings.key, keys));
    await bumpChangeVersion(db, 'settings');
  }
  invalidateSettingsCache(db);
}
