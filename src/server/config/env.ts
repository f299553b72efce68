import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { parseVatNumber } from '../../shared/tax/vat-number';

/** An optional URL; an empty value (as in .env.example) counts as unset. */
const optionalUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.url().optional(),
);

/**
 * The sender of every e-mail, as `Name <address>` or a bare address; unset or empty means the
 * business profile's sender (Admin → Business Profile). Set, it wins over the profile.
 */
const mailFrom = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .trim()
    .refine(
      (value) => {
        const match = /^(?:[^<>"]*|"[^"]*")\s*<([^<>\s]+)>$/.exec(value);
        return z.email().safeParse(match ? match[1] : value).success;
      },
      { error: 'use an e-mail address, or a name and address such as Dropwise Instruments <no-reply@dropwise.co.uk>' },
    )
    .optional(),
);

/** A yes/no setting: 1, true, yes or on; anything else (or unset) is no. */
const flag = z.preprocess((value) => typeof value === 'string' && /^(1|true|yes|on)$/i.test(value.trim()), z.boolean());

/**
 * Which proxies' X-Forwarded-* headers to believe (docs/decisions/0006-trusted-proxies-and-production-address.md): unset,
 * empty or "false" trusts none; a number trusts that many hops in front of the shop; otherwise a
 * comma-separated list of addresses or CIDR ranges (or proxy-addr's names: loopback, uniquelocal).
 */
const trustProxy = z.preprocess(
  (value) => {
    if (typeof value !== 'string' || value.trim() === '' || /^(false|0|no|off)$/i.test(value.trim())) return false;
    if (/^\d+$/.test(value.trim())) return Number(value.trim());
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  },
  z.union([
    z.literal(false),
    z.number().int().min(1).max(10),
    z.array(
      z
        .string()
        .regex(
          /^[0-9a-fA-F.:/]+$|^(loopback|linklocal|uniquelocal)$/,
          'an address, a CIDR range, loopback, linklocal or uniquelocal',
        ),
    ),
  ]),
);

/** An optional setting; an empty value (as in .env.example) counts as unset. */
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

/** The shop's own VAT number as VIES's requester: an EU member state's or XI number (VIES knows no GB numbers). */
const viesRequester = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .transform((value, context) => {
      const parsed = parseVatNumber(value);
      if (!parsed.valid || parsed.countryCode === 'GB') {
        context.addIssue({
          code: 'custom',
          message: 'an EU or XI VAT number with its prefix, e.g. XI123456789 (VIES checks no GB numbers)',
        });
        return z.NEVER;
      }
      return { countryCode: parsed.countryCode, number: parsed.number };
    })
    .optional(),
);

const envSchema = z.object({
  /** Unset means a local run; a deployment says production, which asks for an https PUBLIC_URL. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Folder of the embedded database and of .eml files written when no SMTP server is set. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL server; when unset the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: optionalUrl,
  /** Redis for rate-limit counters shared by several app processes. */
  REDIS_URL: optionalUrl,
  /** SMTP server for outgoing e-mail; when unset, messages are written as .eml files. */
  SMTP_URL: optionalUrl,
  /** The sender of every e-mail; unset, the business profile's sender name and address. */
  MAIL_FROM: mailFrom,
  /**
   * A JSON file with a whole business profile (`{ details, bank }`, src/shared/business-profile.ts)
   * that fills in the profile at start-up while it is still the example (a provisioned deployment,
   * the browser journeys). Once the profile is filled in, only the admin changes it.
   */
  BUSINESS_PROFILE_FILE: z.string().optional(),
  /** The address the shop is reached at, used in e-mail links, canonical links and cookies. */
  PUBLIC_URL: optionalUrl,
  /**
   * Prometheus metrics at /metrics: with a token (16+ characters) scrapers send it as
   * `Authorization: Bearer …`; without one the endpoint is open outside production and off in it.
   */
  METRICS_TOKEN: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(16).optional()),
  /**
   * `off` lifts every rate limit, for the write benchmark's own process only (`npm run bench`);
   * a production start refuses it.
   */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Production on a plain-http intranet address: the one way to start production without https. */
  ALLOW_HTTP_PUBLIC_URL: flag,
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `pretty` (pino-pretty, for a person reading a terminal) or `json` (one line a record, for a log
   * collector). Unset: pretty in development on a terminal (`npm run dev`, `npm start`), JSON otherwise.
   */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /**
   * The buyers' VAT numbers are checked in the background (issue 37), each registry only when its
   * address is set: VIES's REST API for EU and XI numbers (https://ec.europa.eu/taxation_customs/vies/rest-api).
   */
  VIES_API_URL: optionalUrl,
  /** The shop's EU or XI VAT number: with it VIES answers each check with a consultation number. */
  VIES_REQUESTER_VAT_NUMBER: viesRequester,
  /** HMRC's API for GB numbers (https://api.service.hmrc.gov.uk), with the application's OAuth credentials. */
  HMRC_API_URL: optionalUrl,
  HMRC_CLIENT_ID: optionalText,
  HMRC_CLIENT_SECRET: optionalText,
  /** How long a registry may take to answer before the check counts as unavailable (and is retried later). */
  VAT_REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Issue 40: sending invoices over Peppol through an access-point provider's API (src/server/peppol),
   * off unless its address is set; PEPPOL_AP_TOKEN is sent as a bearer token.
   */
  PEPPOL_AP_URL: optionalUrl,
  PEPPOL_AP_TOKEN: optionalText,
  PEPPOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});

export type Env = z.infer<typeof envSchema> & {
  /** DATA_DIR made absolute. */
  dataDir: string;
  /** PUBLIC_URL, or http://localhost:PORT. */
  publicUrl: string;
};

/** A bad or missing setting: the message says which and how to fix it, so it is printed without a stack trace. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/** Reads and validates the environment once; a bad value stops the start with a clear message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env, options: { readDotEnv?: boolean } = {}): Env {
  if (options.readDotEnv && existsSync('.env')) process.loadEnvFile('.env');
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new EnvError(`Invalid environment:\n${problems}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && env.RATE_LIMITS === 'off') {
    throw new EnvError(
      'Invalid environment:\n  RATE_LIMITS: "off" is for benchmarks only; production refuses to start without rate limits',
    );
  }
  if (env.HMRC_API_URL && (!env.HMRC_CLIENT_ID || !env.HMRC_CLIENT_SECRET)) {
    throw new EnvError(
      "Invalid environment:\n  HMRC_API_URL: HMRC checks need the application's HMRC_CLIENT_ID and HMRC_CLIENT_SECRET too\n" +
        '  (HMRC Developer Hub, "Check a UK VAT number" v2). Set both, or leave HMRC_API_URL empty to turn the check off.',
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  if (env.NODE_ENV === 'production' && !publicUrl.startsWith('https://') && !env.ALLOW_HTTP_PUBLIC_URL) {
    throw new EnvError(
      `Invalid environment:\n  PUBLIC_URL: production needs the https address customers use (it is ${publicUrl}).\n` +
        '  Without it the session cookie is not Secure and e-mailed links point at the wrong place.\n' +
        '  Set PUBLIC_URL=https://your.shop, or ALLOW_HTTP_PUBLIC_URL=true for a plain-http intranet.',
    );
  }
  return { ...env, dataDir: resolve(env.DATA_DIR), publicUrl };
}

/** `loadEnv` for a command: a bad setting prints its message (no stack trace) and exits 1. */
export function loadEnvOrExit(source: NodeJS.ProcessEnv = process.env, options: { readDotEnv?: boolean } = {}): Env {
  try {
    return loadEnv(source, options);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
