import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EInvoiceDelivery } from '../../../shared/einvoice/einvoice-delivery';
import type { Title } from '../../../shared/accounts/title';
import type { Language } from '../../../shared/i18n/languages';
import { createdAt, id, updatedAt } from './columns';

export const users = pgTable('users', {
  id: id(),
  /** Stored trimmed and lower-cased. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
  userMetadata: jsonb('user_metadata').$type<{ firstName?: string; lastName?: string }>().notNull().default({}),
  /**
   * The language the account chose for its e-mails and documents (issue 53, decision 0082): the page's
   * at sign-up, the document language of its latest quote or order. Null until it chose; staff read English.
   */
  language: text('language').$type<Language>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const profiles = pgTable(
  'profiles',
  {
    /** Equals the user's id. */
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The title the customer gave (issue 53, migration 0055): 'mr', 'ms', or null for none. E-mails greet by it. */
    title: text('title').$type<Title>(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    company: text('company'),
    country: text('country'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * Until when an Owner's approval lets this staff member register one passkey without proving an
     * existing one, while "Require passkeys for payments" is on (docs/decisions/0033); the
     * registration clears it.
     */
    passkeyApprovedUntil: timestamp('passkey_approved_until', { withTimezone: true }),
    /** The customer's own choice of how invoices reach them (issue 52); null follows their organisation's. */
    einvoiceDelivery: text('einvoice_delivery').$type<EInvoiceDelivery>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('profiles_created_at_idx').on(table.createdAt),
    check('profiles_title_check', sql`${table.title} is null or ${table.title} in ('mr', 'ms')`),
    check(
      'profiles_einvoice_delivery_check',
      sql`${table.einvoiceDelivery} is null or ${table.einvoiceDelivery} in ('pdf', 'pdf_xrechnung', 'pdf_facturx')`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aal: text('aal').$type<'aal1' | 'aal2'>().notNull().default('aal1'),
    remember: boolean('remember').notNull().default(false),
    issuedAt: timestamp('issued_at', { withTimezone: true }).defaultNow().notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).defaultNow().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    /** The network of the address the session signed in from (an IPv4 /24 or IPv6 /48), never the address itself: "approximate place" in a staff member's session list. */
    ipNetwork: text('ip_network'),
    /** When an admin last passed the step-up code: money may move for 5 minutes after it. */
    steppedUpAt: timestamp('stepped_up_at', { withTimezone: true }),
    /** How that step-up was passed: a code (authenticator or recovery) or a passkey (docs/decisions/0032). */
    steppedUpWith: text('stepped_up_with').$type<'code' | 'passkey'>(),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A TOTP authenticator, or a passkey (its key in `passkey_credentials`). */
    factorType: text('factor_type').$type<'totp' | 'webauthn'>().notNull().default('totp'),
    friendlyName: text('friendly_name'),
    status: text('status').$type<'unverified' | 'verified'>().notNull().default('unverified'),
    /** Base32 TOTP secret; null for a passkey. */
    secret: text('secret'),
    /** The last accepted TOTP time step, so a code is accepted once per factor. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    /** Failed verifications in a row; the 5th locks the factor (docs/decisions/0010-recovery-codes-and-lockout.md). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('mfa_factors_user_id_idx').on(table.userId)],
);

export const mfaChallenges = pgTable('mfa_challenges', {
  id: id(),
  factorId: uuid('factor_id')
    .notNull()
    .references(() => mfaFactors.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A passkey's public key (WebAuthn, docs/decisions/0032), one per `webauthn` factor; the factor row
 * holds its name, status and creation time, so every rule about factors applies to passkeys too.
 */
export const passkeyCredentials = pgTable(
  'passkey_credentials',
  {
    factorId: uuid('factor_id')
      .primaryKey()
      .references(() => mfaFactors.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator names it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter; a lower one than stored is refused. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').$type<'singleDevice' | 'multiDevice'>().notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('passkey_credentials_user_id_idx').on(table.userId)],
);

/**
 * A WebAuthn ceremony's challenge, kept on the server (so any process can finish it), bound to the
 * session that asked for it, used once and for at most 5 minutes.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'registration' | 'authentication'>().notNull(),
    /** The random challenge, base64url, as sent in the options. */
    challenge: text('challenge').notNull(),
    /** The name a registration gives the new passkey. */
    friendlyName: text('friendly_name'),
    /** How a registration's start was proven: a passkey assertion, a code (or recovery code), or nothing (the first factor). */
    provenWith: text('proven_with').$type<'passkey' | 'code'>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('webauthn_challenges_session_id_idx').on(table.sessionId)],
);

/** Single-use e-mail confirmation and password-reset tokens, hashed at rest. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'email_confirmation' | 'password_reset'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * A confirmation link's own password: the one chosen in the sign-up that sent it, which the
     * account takes when this link is used (docs/decisions/0004).
     */
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('auth_tokens_user_id_idx').on(table.userId)],
);

/** Single-use MFA recovery codes, 10 per set, stored as SHA-256 hashes; a new set replaces the old. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('mfa_recovery_codes_user_id_idx').on(table.userId)],
);

/** The one-time link that creates the first admin (printed at start while no admin exists), hashed at rest. */
export const setupTokens = pgTable('setup_tokens', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});
