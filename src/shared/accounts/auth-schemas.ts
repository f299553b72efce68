import { z } from 'zod';
import { titleEditSchema, titleSchema } from './title-schema';
import { cleanLine, cleanText } from '../clean-text';
import { EMAIL_MAX, emailErrorDescriptor, emailErrorMessage } from '../email-address';
import { einvoiceDeliverySchema } from '../einvoice/einvoice-delivery';
import { LANGUAGES } from '../i18n/languages';
import { codeDescriptor, freshCodeDescriptor, passwordDescriptor, recoveryCodeDescriptor } from './auth-field-messages';

export { codeDescriptor, freshCodeDescriptor, passwordDescriptor, recoveryCodeDescriptor };

/** Accounts-and-admin spec section 5: the validation of the sign-in, sign-up, reset and code forms, shared by browser and server. */
export const PASSWORD_MIN = 6;
export const SANITISED_TEXT_MAX = 1000;
export const MFA_CODE_LENGTH = 6;

/** The fields' messages in English (tests, the staff's own pages); the schemas carry their ids (src/shared/field-messages.ts). */
export const emailMessage = emailErrorMessage;
export const passwordMessage = passwordDescriptor.message;
export const codeMessage = codeDescriptor.message;

/**
 * The text sanitiser of section 5, as the shop applies it everywhere (docs/decisions/0005): trims,
 * removes angle brackets and control characters, caps at 1000 characters; quotes and ampersands are
 * kept, so "O'Brien" and "Smith & Sons" stay as typed, and outputs escape them.
 */
export const sanitiseText = (value: string): string => cleanText(value);

/** A verification code as typed: digits only, at most 6. */
export function cleanCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, MFA_CODE_LENGTH);
}

const emailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && emailPattern.test(value);
}

export const emailSchema = z
  .string({ error: emailErrorDescriptor.id })
  .trim()
  .min(1, { error: emailErrorDescriptor.id })
  .refine(isValidEmail, { error: emailErrorDescriptor.id });

export const passwordSchema = z
  .string({ error: passwordDescriptor.id })
  .min(PASSWORD_MIN, { error: passwordDescriptor.id })
  .max(1024);

export const codeSchema = z.string({ error: codeDescriptor.id }).regex(/^\d{6}$/, { error: codeDescriptor.id });

export const signInSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  remember: z.boolean().default(false),
});
/** A one-line profile field (names, phone, company, country), cleaned to one line by `cleanLine`. */
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => cleanLine(value))
    .nullable()
    .transform((value) => (value === '' ? null : value));

/** Sign-up names take the profile form's cleaning and limits; empty after cleaning means not given. */
const signUpName = optionalText(100)
  .optional()
  .transform((value) => value ?? undefined);

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  /** Issue 53: the title the e-mails greet by ('mr', 'ms'; '', null or absent: none). */
  title: titleSchema,
  firstName: signUpName,
  lastName: signUpName,
  /** The language of the page signed up on (issue 53): the account's e-mails and documents until it picks another. */
  language: z.enum(LANGUAGES).optional(),
});

/** The editable part of the profile (the e-mail cannot be changed). */
export const profileUpdateSchema = z.object({
  /** Issue 53: 'mr', 'ms', or '' / null for none; absent, unchanged. */
  title: titleEditSchema,
  firstName: optionalText(100),
  lastName: optionalText(100),
  phone: optionalText(50),
  company: optionalText(200),
  country: optionalText(100),
  /** Issue 52: how invoices are e-mailed to the customer; null follows their organisation; absent, unchanged. */
  einvoiceDelivery: einvoiceDeliverySchema.nullable().optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** The recovery code typed instead of an authenticator code (POST /api/auth/recovery-codes/verify). */
export const recoveryCodeMessage = recoveryCodeDescriptor.message;

export const recoveryCodeInputSchema = z.object({
  code: z
    .string({ error: recoveryCodeDescriptor.id })
    .trim()
    .min(1, { error: recoveryCodeDescriptor.id })
    .max(64, { error: recoveryCodeDescriptor.id }),
});

/**
 * The proof asked before the second factor changes (adding a factor while one is verified,
 * removing a verified one, new recovery codes): an authenticator code or a recovery code. The
 * server answers `fresh_code_required` when it is missing.
 */
export const freshCodeMessage = freshCodeDescriptor.message;

export const freshCodeSchema = z.string().trim().max(64, { error: freshCodeDescriptor.id });
