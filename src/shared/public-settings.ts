import { z } from 'zod';
import { company } from './company';
import { defaultSystemSettings } from './settings';

/**
 * The few settings that public pages show, answered by `GET /api/settings/public`. Prerendered
 * pages start from `defaultPublicSettings` and update once the server's values arrive.
 */
export const publicSettingsSchema = z.object({
  /** Days a quote stays valid (Auto Quote Expiry). */
  autoQuoteExpiry: z.number().int(),
  /** Standard warranty in months. */
  defaultProductWarranty: z.number().int(),
  /** Video sources (company configuration); empty strings when none is configured. */
  videos: z.object({
    heroLoopUrl: z.string(),
    manualAdditionUrl: z.string(),
    automatedAdditionUrl: z.string(),
    embedUrl: z.string(),
  }),
});

export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const defaultPublicSettings: PublicSettings = {
  autoQuoteExpiry: defaultSystemSettings.autoQuoteExpiry,
  defaultProductWarranty: defaultSystemSettings.defaultProductWarranty,
  videos: { ...company.videos },
};
