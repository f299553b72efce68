import { inArray, sql } from 'drizzle-orm';
import { defaultSystemSettings, type SystemSettings, systemSettingsSchema } from '../../shared/settings';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

/** How long a hot path (pricing) may reuse the settings; another process's edits show within this time. */
export const SETTINGS_CACHE_MAX_AGE_MS = 10_000;

const cache = new WeakMap<Db, { loadedAt: number; settings: Promise<SystemSettings> }>();

/** Drops the cached settings; every settings write here calls it. */
export function invalidateSettingsCache(db: Db): void {
  cache.delete(db);
}

/**
 * The settings in force from a short-lived in-memory cache, for routes that read them on every
 * request (pricing). Writes through this module drop it at once; use `getSettings` where a read
 * must see the database as it is now.
 */
export function getCachedSettings(db: Db): Promise<SystemSettings> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.loadedAt < SETTINGS_CACHE_MAX_AGE_MS) return cached.settings;
  const settings = getSettings(db);
  cache.set(db, { loadedAt: Date.now(), settings });
  // A failed read is not kept: the next call tries again.
  settings.catch(() => cache.delete(db));
  return settings;
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

/** Stores the given settings (validated by the caller's schema) and returns the settings in force. */
export async function updateSettings(db: Db, changes: Partial<SystemSettings>): Promise<SystemSettings> {
  const entries = Object.entries(changes).filter(([key]) => key in defaultSystemSettings);
  if (entries.length > 0) {
    await db
      .insert(settings)
      .values(entries.map(([key, value]) => ({ key, value })))
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
    invalidateSettingsCache(db);
  }
  return getSettings(db);
}

export async function resetSettings(db: Db, keys: (keyof SystemSettings)[]): Promise<void> {
  if (keys.length > 0) await db.delete(settings).where(inArray(settings.key, keys));
  invalidateSettingsCache(db);
}
