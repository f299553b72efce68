import { z } from 'zod';
import { cleanLine } from '../clean-text';
import { EMAIL_MAX, emailFieldMessage } from '../email-address';
import { paymentReminderText } from '../orders/payment-reminders';
import { systemSettingsSchema } from '../settings';

/** System Settings (/admin/system-settings, `GET/PUT /api/admin/settings`): texts and the save request. */
export const systemSettingsMessages = {
  saved: 'System settings have been saved successfully!',
  savedToast: 'System settings saved successfully',
  saveFailed: 'Failed to save system settings',
  loadFailed: 'Failed to load system settings',
  saving: 'Saving...',
  taxRateRange: 'Tax rate must be between 0 and 100',
  taxRateNumber: 'Tax rate must be a number',
  daysNegative: 'Days cannot be negative',
  monthsNegative: 'Months cannot be negative',
  wholeNumber: 'Enter a whole number',
  amountRange: 'Enter an amount from 0 to 100,000',
  prefix: 'Use up to 10 letters, digits or dashes',
  reminderTextRequired: 'Enter the reminder text',
  hourRange: 'Enter an hour from 0 to 23',
} as const;

const prefix = z
  .string()
  .trim()
  .max(10, { error: systemSettingsMessages.prefix })
  .regex(/^[A-Za-z0-9-]*$/, { error: systemSettingsMessages.prefix });

const reminderSubject = z
  .string()
  .transform(cleanLine)
  .pipe(paymentReminderText(200).refine((text) => text !== '', { error: systemSettingsMessages.reminderTextRequired }));
const reminderBody = z
  .string()
  .transform((text) => text.replace(/\r\n?/g, '\n').trim())
  .pipe(
    paymentReminderText(5000).refine((text) => text !== '', { error: systemSettingsMessages.reminderTextRequired }),
  );

/**
 * The whole form, as Save Settings sends it. Beyond the specification (which parses and stores
 * anything), the server refuses a tax rate outside 0–100, negative days or months and an Admin
 * Email that is not an address; each message names its field.
 */
export const updateSystemSettingsRequestSchema = systemSettingsSchema.extend({
  siteName: z.string().trim().max(200),
  siteDescription: z.string().trim().max(1000),
  defaultCurrency: z.string().trim().max(3),
  taxRate: z
    .number({ error: systemSettingsMessages.taxRateNumber })
    .min(0, { error: systemSettingsMessages.taxRateRange })
    .max(100, { error: systemSettingsMessages.taxRateRange }),
  shippingCalculationMethod: z.string().trim().max(50),
  orderNumberPrefix: prefix,
  quoteNumberPrefix: prefix,
  autoQuoteExpiry: z
    .number({ error: systemSettingsMessages.wholeNumber })
    .int({ error: systemSettingsMessages.wholeNumber })
    .min(0, { error: systemSettingsMessages.daysNegative })
    .max(3650),
  defaultProductWarranty: z
    .number({ error: systemSettingsMessages.wholeNumber })
    .int({ error: systemSettingsMessages.wholeNumber })
    .min(0, { error: systemSettingsMessages.monthsNegative })
    .max(600),
  /** Issue 26; optional like the carriers: a request without them keeps the values in force. */
  batchFewPlacesThreshold: z
    .number({ error: systemSettingsMessages.wholeNumber })
    .int({ error: systemSettingsMessages.wholeNumber })
    .min(0, { error: systemSettingsMessages.daysNegative })
    .max(1000)
    .optional(),
  /** Issue 38; optional: a request without it keeps the value in force. */
  batchHoldDays: z
    .number({ error: systemSettingsMessages.wholeNumber })
    .int({ error: systemSettingsMessages.wholeNumber })
    .min(1, { error: systemSettingsMessages.daysNegative })
    .max(365)
    .optional(),
  coverReminderDays: z
    .number({ error: systemSettingsMessages.wholeNumber })
    .int({ error: systemSettingsMessages.wholeNumber })
    .min(1, { error: systemSettingsMessages.daysNegative })
    .max(365)
    .optional(),
  repairQuoteApprovalThreshold: z
    .number({ error: systemSettingsMessages.wholeNumber })
    .int({ error: systemSettingsMessages.wholeNumber })
    .min(0, { error: systemSettingsMessages.amountRange })
    .max(100_000, { error: systemSettingsMessages.amountRange })
    .optional(),
  /** Issue 36; optional: a request without them keeps the reminder texts in force. A subject is one line. */
  paymentReminderDueSubject: reminderSubject.optional(),
  paymentReminderDueBody: reminderBody.optional(),
  paymentReminderOverdueSubject: reminderSubject.optional(),
  paymentReminderOverdueBody: reminderBody.optional(),
  /** Issue 51; optional: a request without it keeps the hour in force. */
  paymentReminderHour: z
    .number({ error: systemSettingsMessages.wholeNumber })
    .int({ error: systemSettingsMessages.wholeNumber })
    .min(0, { error: systemSettingsMessages.hourRange })
    .max(23, { error: systemSettingsMessages.hourRange })
    .optional(),
  /** Issue 41; optional: a request without them keeps the test limits and conformity lists in force. */
  factoryTestRateLimitPercent: systemSettingsSchema.shape.factoryTestRateLimitPercent.optional(),
  factoryTestNominalVolumeMl: systemSettingsSchema.shape.factoryTestNominalVolumeMl.optional(),
  factoryTestVolumeLimitPercent: systemSettingsSchema.shape.factoryTestVolumeLimitPercent.optional(),
  conformityUkcaLegislation: systemSettingsSchema.shape.conformityUkcaLegislation.optional(),
  conformityCeLegislation: systemSettingsSchema.shape.conformityCeLegislation.optional(),
  conformityStandards: systemSettingsSchema.shape.conformityStandards.optional(),
  /** Issue 39; optional: a request without them keeps the values in force. */
  ordersRequireAcceptedQuote: systemSettingsSchema.shape.ordersRequireAcceptedQuote.optional(),
  singleSupplierReasons: systemSettingsSchema.shape.singleSupplierReasons.optional(),
  /** Issue 53; optional: a request without them keeps the values in force. */
  singleSupplierReasonsDe: systemSettingsSchema.shape.singleSupplierReasonsDe.optional(),
  singleSupplierReasonsFr: systemSettingsSchema.shape.singleSupplierReasonsFr.optional(),
  /** Issue 39; optional: a request without it keeps the value in force. */
  requirePoNumber: systemSettingsSchema.shape.requirePoNumber.optional(),
  /** Optional: a request without it keeps the carriers in force. */
  carriers: systemSettingsSchema.shape.carriers.optional(),
  /**
   * Issue 54: the specification's Admin Email, which is the business profile's staff alert address
   * (decision 0054): one stored value, saved from here or from the profile. Optional: a request
   * without it keeps the address in force.
   */
  adminEmail: z
    .string()
    .trim()
    .max(EMAIL_MAX, { error: emailFieldMessage })
    .refine((value) => z.email().safeParse(value).success, { error: emailFieldMessage })
    .optional(),
});
export type UpdateSystemSettingsRequest = z.infer<typeof updateSystemSettingsRequestSchema>;

/** The settings, and Admin Email: the business profile's staff alert address (issue 54, decision 0054). */
export const systemSettingsResponseSchema = z.object({ settings: systemSettingsSchema, adminEmail: z.string() });
