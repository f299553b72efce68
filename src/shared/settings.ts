import { z } from 'zod';

/**
 * System settings (accounts-and-admin spec, section 3), stored on the server and in force.
 * Defaults are the form's proposed defaults, except Auto Quote Expiry: 7 days, the storefront's
 * quote-validity rule (see docs/decisions/0001-quote-validity.md).
 */
export const systemSettingsSchema = z.object({
  siteName: z.string().max(200),
  siteDescription: z.string().max(1000),
  adminEmail: z.string().max(254),
  maintenanceMode: z.boolean(),
  allowRegistration: z.boolean(),
  emailNotifications: z.boolean(),
  defaultCurrency: z.string().max(3),
  taxRate: z.number().min(0).max(100),
  shippingCalculationMethod: z.string().max(50),
  orderNumberPrefix: z.string().max(10),
  quoteNumberPrefix: z.string().max(10),
  autoQuoteExpiry: z.number().int().min(0).max(3650),
  defaultProductWarranty: z.number().int().min(0).max(600),
  /** Step-up before recording payments or issuing invoices accepts only a passkey (issue 24; off by default). */
  requirePasskeyForPayments: z.boolean(),
});

export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const defaultSystemSettings: SystemSettings = {
  siteName: 'Dropwise',
  siteDescription: 'Sterile, controlled-rate, drop-wise addition of media for the laboratory bench.',
  adminEmail: 'orders@dropwise-labs.example',
  maintenanceMode: false,
  allowRegistration: true,
  emailNotifications: true,
  defaultCurrency: 'GBP',
  taxRate: 20,
  shippingCalculationMethod: 'weight',
  orderNumberPrefix: 'O',
  quoteNumberPrefix: 'Q',
  autoQuoteExpiry: 7,
  defaultProductWarranty: 12,
  requirePasskeyForPayments: false,
};
