import { company } from './company';

/**
 * The few settings that public pages show, answered by `GET /api/settings/public`. Prerendered
 * pages start from `defaultPublicSettings` and update once the server's values arrive.
 *
 * Kept free of zod on purpose: this module is in the home page's first load, and zod alone would
 * add about 25 KB gzip. The server's response schema lives with its route.
 */
export interface PublicSettings {
  /** Days a quote stays valid (Auto Quote Expiry). */
  autoQuoteExpiry: number;
  /** Standard warranty in months. */
  defaultProductWarranty: number;
  /** Video sources (company configuration); empty strings when none is configured. */
  videos: {
    heroLoopUrl: string;
    manualAdditionUrl: string;
    automatedAdditionUrl: string;
    embedUrl: string;
  };
}

/** The system settings' defaults (src/shared/settings.ts; a test keeps the two in step). */
export const defaultPublicSettings: PublicSettings = {
  autoQuoteExpiry: 7,
  defaultProductWarranty: 12,
  videos: { ...company.videos },
};
