import { describe, expect, it } from 'vitest';
import { defaultSystemSettings } from '../../shared/settings';
import { useTestApp } from '../../../tests/support/test-app';
import { settings } from '../db/schema';
import {
  getCachedSettings,
  getSettings,
  invalidateSettingsCache,
  resetSettings,
  updateSettings,
} from './settings-service';

describe('settings service', () => {
  const t = useTestApp();

  it('starts from the defaults, with quotes valid for 7 days', async () => {
    const current = await getSettings(t.db);
    expect(current).toEqual(defaultSystemSettings);
    expect(current.autoQuoteExpiry).toBe(7);
    expect(current.taxRate).toBe(20);
  });

  it('stores changes and reads them back', async () => {
    const updated = await updateSettings(t.db, { taxRate: 17.5, quoteNumberPrefix: 'DQ' });
    expect(updated.taxRate).toBe(17.5);
    expect((await getSettings(t.db)).quoteNumberPrefix).toBe('DQ');
    await updateSettings(t.db, { taxRate: 20 });
    expect((await getSettings(t.db)).taxRate).toBe(20);
  });

  it('ignores a stored value of the wrong shape', async () => {
    await t.db.insert(settings).values({ key: 'autoQuoteExpiry', value: 'soon' }).onConflictDoNothing();
    expect((await getSettings(t.db)).autoQuoteExpiry).toBe(7);
    await resetSettings(t.db, ['autoQuoteExpiry', 'quoteNumberPrefix', 'taxRate']);
    expect(await getSettings(t.db)).toEqual(defaultSystemSettings);
  });
});

describe('cached settings', () => {
  const t = useTestApp();

  it('reuses one read until a write through the service drops it', async () => {
    expect((await getCachedSettings(t.db)).taxRate).toBe(20);
    // A write behind the service's back is not seen until the cache expires or is dropped...
    await t.db.insert(settings).values({ key: 'taxRate', value: 5 });
    expect((await getCachedSettings(t.db)).taxRate).toBe(20);
    invalidateSettingsCache(t.db);
    expect((await getCachedSettings(t.db)).taxRate).toBe(5);
    // ...while updateSettings and resetSettings drop it themselves.
    await updateSettings(t.db, { taxRate: 12 });
    expect((await getCachedSettings(t.db)).taxRate).toBe(12);
    await resetSettings(t.db, ['taxRate']);
    expect((await getCachedSettings(t.db)).taxRate).toBe(20);
  });
});
