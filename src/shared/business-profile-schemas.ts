import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { normalisePostcode } from './address-format';
import { type BankAccounts, type ProfileMail, type PublicBusinessProfile } from './business-profile';
import { EMAIL_MAX, emailFieldMessage } from './email-address';
import { customsMessages, isGbEori } from './customs';

/** Business Profile (/admin/business-profile, `GET/PUT /api/admin/business-profile[/bank]`): texts and requests. */
export const businessProfileMessages = {
  required: 'Required',
  tooLong: 'Too long',
  oneLine: 'Use one line of text without control characters',
  email: emailFieldMessage,
  sortCode: 'Enter the sort code as 12-34-56',
  accountNumber: 'Enter the 8-digit account number',
  iban: 'Enter a valid IBAN',
  bic: 'Enter a valid BIC (8 or 11 characters)',
  countryCode: 'Enter the 2-letter country code',
  eori: customsMessages.eori,
  year: 'Enter the year as four digits, for example 2023',
  latitude: 'Enter a latitude from -90 to 90 in decimal degrees, for example 52.2053',
  longitude: 'Enter a longitude from -180 to 180 in decimal degrees, for example 0.1218',
  mapBoth: 'Enter both the latitude and the longitude, or neither (no map)',
  saved: 'Business profile saved',
  bankSaved: 'Bank accounts saved. Every admin has been e-mailed about the change.',
  saveFailed: 'Failed to save the business profile',
  loadFailed: 'Failed to load the business profile',
} as const;

const m = businessProfileMessages;

/** One line of text: trimmed, required unless `optional`, no control characters. */
const line = (max = 200, optional = false) =>
  z
    .string()
    .trim()
    .max(max, { error: m.tooLong })
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .regex(/^[^\u0000-\u001f\u007f-\u009f\u2028\u2029<>]*$/, { error: m.oneLine })
    .refine((value) => optional || value !== '', { error: m.required });

const mailbox = z
  .string()
  .trim()
  .max(EMAIL_MAX, { error: m.email })
  .refine((value) => z.email().safeParse(value).success, { error: m.email });

/** The company's address; a UK postcode is stored normalised ("la1 3pe" → "LA1 3PE"). */
const address = z
  .object({
    street: line(300),
    city: line(100),
    postalCode: line(20),
    region: line(100, true),
    country: line(100),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: m.countryCode }),
  })
  .overwrite((value) => ({ ...value, postalCode: normalisePostcode(value.postalCode, value.countryCode) }));

/** A decimal degree within ±`limit`, or '' (no map). */
const degrees = (limit: number, error: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || (/^-?\d{1,3}(\.\d{1,7})?$/.test(value) && Math.abs(Number(value)) <= limit), {
      error,
    });

export const businessProfileDetailsSchema = z.object({
  legalName: line(),
  tradingName: line(),
  companyNumber: line(30),
  registeredIn: line(100),
  vatNumber: line(30),
  eoriNumber: z
    .string()
    .trim()
    .toUpperCase()
    // An overwrite, not a transform: the response schema encodes with it too.
    .overwrite((value) => value.replace(/\s+/g, ''))
    .refine(isGbEori, { error: m.eori }),
  registeredAddress: address,
  tradingAddress: address,
  phone: line(40),
  salesEmail: mailbox,
  supportEmail: mailbox,
  privacyEmail: mailbox,
  officeHours: line(100),
  deliveryPlace: line(200),
  signatoryName: line(100),
  signatoryTitle: line(100),
  foundedYear: z
    .string()
    .trim()
    .regex(/^(1[89]|20)\d{2}$/, { error: m.year }),
  mapLatitude: degrees(90, m.latitude),
  mapLongitude: degrees(180, m.longitude),
}) satisfies z.ZodType<PublicBusinessProfile>;

/**
 * The shop's own mailboxes (issue 38). An address at an example domain is accepted (a new shop
 * starts with them) but keeps the set-up checklist open, so a production shop takes no orders.
 */
export const profileMailSchema = z.object({
  senderName: line(100),
  senderEmail: mailbox,
  alertEmail: mailbox,
}) satisfies z.ZodType<ProfileMail>;

/** What Save Details sends (`PUT /api/admin/business-profile`): the public details and the mailboxes. */
export const businessProfileEditSchema = businessProfileDetailsSchema
  .extend({ mail: profileMailSchema })
  .refine((value) => (value.mapLatitude === '') === (value.mapLongitude === ''), {
    error: m.mapBoth,
    path: ['mapLongitude'],
  });

/**
 * An IBAN as ISO 13616 and the SWIFT registry define it, through ibantools: a known country, that
 * country's length and layout (a GB IBAN is 22 characters with a 4-letter bank code), and the check
 * digits (mod 97). Spaces are allowed, as printed.
 */
export function isValidIban(value: string): boolean {
  const iban = electronicFormatIBAN(value);
  return iban !== null && isValidIBAN(iban);
}

export const bankAccountsSchema = z.object({
  GBP: z.object({
    accountName: line(),
    bankName: line(),
    sortCode: z
      .string()
      .trim()
      .regex(/^\d{2}-?\d{2}-?\d{2}$/, { error: m.sortCode })
      .transform((value) => value.replace(/-/g, '').replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3')),
    accountNumber: z
      .string()
      .trim()
      .regex(/^\d{8}$/, { error: m.accountNumber }),
  }),
  EUR: z.object({
    accountName: line(),
    bankName: line(),
    iban: z
      .string()
      .trim()
      .refine(isValidIban, { error: m.iban })
      .transform((value) =>
        value
          .replace(/\s+/g, '')
          .toUpperCase()
          .replace(/(.{4})(?=.)/g, '$1 '),
      ),
    bic: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { error: m.bic }),
  }),
}) satisfies z.ZodType<BankAccounts, unknown>;

export const setupItemSchema = z.object({
  key: z.enum([
    'registration',
    'contact',
    'mailSender',
    'alertMailbox',
    'gbpAccount',
    'eurAccount',
    'signatory',
    'futureBatch',
    'conformity',
    'softwareVersion',
  ]),
  label: z.string(),
  done: z.boolean(),
});

export const businessProfileResponseSchema = z.object({
  profile: businessProfileDetailsSchema.extend({
    mail: z.object({ senderName: z.string(), senderEmail: z.string(), alertEmail: z.string() }),
    bank: z.object({
      GBP: z.object({ accountName: z.string(), bankName: z.string(), sortCode: z.string(), accountNumber: z.string() }),
      EUR: z.object({ accountName: z.string(), bankName: z.string(), iban: z.string(), bic: z.string() }),
    }),
  }),
  example: z.boolean(),
  checklist: z.array(setupItemSchema),
});
export const businessProfileChecklistResponseSchema = z.object({
  example: z.boolean(),
  checklist: z.array(setupItemSchema),
});

export type BusinessProfileResponse = z.infer<typeof businessProfileResponseSchema>;
