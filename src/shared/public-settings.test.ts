import { describe, expect, it } from 'vitest';
import { defaultPublicSettings } from './public-settings';
import { defaultSystemSettings } from './settings';

describe('defaultPublicSettings', () => {
  it('matches the system settings defaults that public pages show', () => {
    expect(defaultPublicSettings.autoQuoteExpiry).toBe(defaultSystemSettings.autoQuoteExpiry);
    expect(defaultPublicSettings.defaultProductWarranty).toBe(defaultSystemSettings.defaultProductWarranty);
  });
});
