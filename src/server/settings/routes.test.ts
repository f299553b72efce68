import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { resetSettings, updateSettings } from './settings-service';

describe('GET /api/settings/public', () => {
  const t = useTestApp();

  it("answers the defaults: quotes valid 7 days, a 12-month warranty, the shop's own videos", async () => {
    await resetSettings(t.db, ['autoQuoteExpiry', 'defaultProductWarranty']);
    const response = await t.get('/api/settings/public');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      settings: {
        autoQuoteExpiry: 7,
        defaultProductWarranty: 12,
        videos: {
          heroLoopUrl: '/media/hero-loop.webm',
          manualAdditionUrl: '/media/manual-addition.webm',
          automatedAdditionUrl: '/media/automated-addition.webm',
          explainerUrl: '/media/explainer.webm',
          embedUrl: '',
        },
      },
    });
  });

  it('answers the stored values once an admin changes them, and nothing else of the settings', async () => {
    await updateSettings(t.db, { autoQuoteExpiry: 14, defaultProductWarranty: 24, orderNumberPrefix: 'BOSS' });
    const response = await t.get('/api/settings/public');
    const body = response.json();
    expect(body.settings.autoQuoteExpiry).toBe(14);
    expect(body.settings.defaultProductWarranty).toBe(24);
    expect(response.body).not.toContain('BOSS');
    expect(Object.keys(body.settings).sort()).toEqual(['autoQuoteExpiry', 'defaultProductWarranty', 'videos']);
    await resetSettings(t.db, ['autoQuoteExpiry', 'defaultProductWarranty', 'orderNumberPrefix']);
  });
});
