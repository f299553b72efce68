import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { accountQuoteRoutes } from './quotes/account-quotes';
import { accountRoutes } from './accounts/account-routes';
import { adminRoutes } from './admin/admin-plugin';
import { authRoutes } from './accounts/auth-routes';
import { recoveryCodeRoutes } from './accounts/recovery-code-routes';
import { passkeyRoutes } from './accounts/passkey-routes';
import { setupRoutes } from './accounts/setup-routes';
import { staffInvitationRoutes } from './staff/invitation-routes';
import { accountOrganisationRoutes, organisationInvitationRoutes } from './organisations/routes';
import { requestAuthPlugin } from './accounts/request-auth';
import { isSignedInAdmin } from './accounts/signed-in-admin';
import type { Env } from './config/env';
import { rootDir, webDistDir } from './config/paths';
import type { Database } from './db/client';
import { databasePlugin } from './db/database-plugin';
import { flowRoutes } from './flows/routes';
import { catalogueRoutes } from './catalogue/routes';
import { seedPlugin } from './catalogue/seed-plugin';
import { countriesRoutes } from './countries/routes';
import { healthRoutes } from './health/routes';
import { jobsPlugin } from './jobs/jobs-plugin';
import { vatChecksPlugin } from './billing/vat-checks-plugin';
import { parseVatNumber } from '../shared/tax/vat-number';
import { exportPlugin } from './privacy/export-plugin';
import { retentionJob } from './privacy/retention-job';
import { coverRemindersJob } from './instruments/cover-reminders';
import { cleanStoredPhotosJob } from './service-requests/clean-stored-photos';
import { paymentRemindersJob } from './billing/payment-reminders';
import { organisationStatementsJob } from './customers/organisation-statements';
import { placeHoldsJob } from './orders/place-holds';
import { accountInstrumentRoutes } from './instruments/routes';
import { addSecurityHeaders } from './http/security-headers';
import { errorHandlerPlugin } from './http/error-handler';
import { openApiPlugin } from './http/openapi';
import { logPath, safeError } from './http/log-serializers';
import { maintenancePlugin } from './http/maintenance';
import { redisPlugin } from './http/redis-plugin';
import { safeInputPlugin } from './http/safe-input';
import { sameOriginPlugin } from './http/same-origin';
import { type WebAppOptions, webAppPlugin } from './http/web-app';
import { mailPlugin } from './mail/mail-plugin';
import { withRequestChangeVersions } from './db/change-version';
import { metricsPlugin } from './metrics/metrics-plugin';
import { renderQuoteDocument } from './quotes/quote-document';
import { accountOrderRoutes } from './orders/account-orders';
import { accountStatementRoutes } from './customers/routes';
import { orderRoutes } from './orders/routes';
import { serviceRoutes } from './service-requests/routes';
import { quoteRoutes } from './quotes/routes';
import { settingsRoutes } from './settings/routes';
import { getCachedSettings } from './settings/settings-service';
import { exampleBusinessProfile, mailSenderOf, publicProfileOf } from '../shared/business-profile';
import { businessProfileRoutes } from './business-profile/routes';
import { getBusinessProfile } from './business-profile/profile-service';
import { pricingRoutes } from './pricing/routes';
import { accountPrivacyRoutes } from './privacy/account-privacy-routes';
import { waitlistRoutes } from './waitlist/routes';
import { renderSupplierPack, supplierPackRetentionJob } from './supplier-pack/supplier-pack';
import { supplierPackRoutes } from './supplier-pack/routes';
import { type PeppolAccessPoint, peppolAccessPoint } from './peppol/peppol-access-point';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Peppol access point (issue 40); null while PEPPOL_AP_URL is not set. */
    peppol: PeppolAccessPoint | null;
    env: Env;
    /** The server's clock; tests replace it to move time. */
    now: () => Date;
    /** Every route as registered, with its options' `config`; the authorization tests are generated from it. */
    routeTable: readonly RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  config: FastifyContextConfig | undefined;
}

export interface BuildAppOptions {
  env: Env;
  /** An open database (tests pass their own); otherwise one is opened from the environment and closed with the app. */
  database?: Database;
  /** Close `database` with the app as if the app had opened it (`npm start` opens it first, for backups). */
  closeDatabase?: boolean;
  /** Pino options, or false for none. */
  logger?: FastifyServerOptions['logger'];
  /** Where the shop's own log lines go (standard output by default; tests capture them). */
  logStream?: NodeJS.WritableStream;
  /** Serve the built browser app from dist/web (on by default when it has been built), or from the folders given (tests). */
  serveWeb?: boolean | Pick<WebAppOptions, 'webDir' | 'pagesDir'>;
  now?: () => Date;
  /** Deliver queued e-mail in the background (on by default; tests send it by calling `app.mailSender.deliverDue()`). */
  sendMail?: boolean;
  /** Run the daily jobs (retention) on their schedule (on by default; tests run them with `app.scheduler.runJob`). */
  runJobs?: boolean;
  /** The HTTP server's limits (`serverLimits` by default; tests shorten the timeouts). */
  serverLimits?: Partial<ServerLimits>;
}

export interface ServerLimits {
  /** Time for a whole request (headers and body) to arrive; a slower one gets 408 and its connection closed. */
  requestTimeoutMs: number;
  /** Time for the request headers to arrive. */
  headersTimeoutMs: number;
  /** Open connections at once; more are refused until some close. */
  maxConnections: number;
}

/** A slow sender cannot hold a connection for long, nor can a crowd of them exhaust the process. */
export const serverLimits: ServerLimits = { requestTimeoutMs: 30_000, headersTimeoutMs: 30_000, maxConnections: 1_000 };

/** Features register their routes here, in this order. */
const features = [
  healthRoutes,
  settingsRoutes,
  businessProfileRoutes,
  catalogueRoutes,
  countriesRoutes,
  pricingRoutes,
  waitlistRoutes,
  supplierPackRoutes,
  authRoutes,
  recoveryCodeRoutes,
  passkeyRoutes,
  setupRoutes,
  staffInvitationRoutes,
  organisationInvitationRoutes,
  accountRoutes,
  accountOrganisationRoutes,
  accountOrderRoutes,
  accountStatementRoutes,
  accountQuoteRoutes,
  accountInstrumentRoutes,
  accountPrivacyRoutes,
  flowRoutes,
  quoteRoutes,
  orderRoutes,
  serviceRoutes,
  adminRoutes,
];

/**
 * Pretty lines (pino-pretty, a development dependency) for a person at a terminal in development, or
 * when LOG_FORMAT=pretty; JSON lines everywhere else, and always in production (issue 49).
 */
function prettyLogs(env: Env): boolean {
  if (env.NODE_ENV === 'production') return false;
  return (env.LOG_FORMAT ?? (env.NODE_ENV === 'development' && process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty';
}

function loggerOptions(env: Env, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL,
    ...(stream
      ? { stream }
      : prettyLogs(env)
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
        : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      // The path only: query strings can carry tokens (e-mail confirmation links), quote paths a reference.
      req: (request: { method: string; url: string; id: string }) => ({
        method: request.method,
        path: logPath(request.url),
      }),
      // Never a query's parameters or a database error's values (src/server/http/log-serializers.ts).
      err: safeError,
    },
  };
}

/** Trusts the nearest `hops` proxies in front of the shop, as proxy-addr does for a number. */
const hopsOfProxies = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole API as one Fastify instance; `npm start` and the tests build it the same way. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const limits = { ...serverLimits, ...options.serverLimits };
  const app = Fastify({
    requestTimeout: limits.requestTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      // Node checks the two timeouts on this interval (30 s by default, which would double them).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs / 4),
    },
    logger: options.logger ?? loggerOptions(env, options.logStream),
    genReqId: () => randomUUID(),
    // Forwarded headers only from the proxies the operator names (TRUST_PROXY; none by default).
    trustProxy: typeof env.TRUST_PROXY === 'number' ? hopsOfProxies(env.TRUST_PROXY) : env.TRUST_PROXY,
    bodyLimit: 256 * 1024,
  });
  app.server.maxConnections = limits.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('env', env);
  app.decorate('now', options.now ?? (() => new Date()));
  // Issue 40: the Peppol access-point provider, when its address is configured (off otherwise).
  app.decorate(
    'peppol',
    env.PEPPOL_AP_URL
      ? peppolAccessPoint({ baseUrl: env.PEPPOL_AP_URL, token: env.PEPPOL_AP_TOKEN, timeoutMs: env.PEPPOL_TIMEOUT_MS })
      : null,
  );
  // Before any plugin adds a route, so the table holds every one (/api/openapi.json and /metrics too).
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, config: route.config });
    }
  });
  await app.register(databasePlugin, { env, database: options.database, closeDatabase: options.closeDatabase });
  await app.register(seedPlugin);

  // Each request reads the cached areas' change versions once, whichever parts of it use them.
  app.addHook('onRequest', (_request, _reply, done) => withRequestChangeVersions(done));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Helmet's headers, worked out once rather than by @fastify/helmet on every request (decision 0083).
  addSecurityHeaders(app, env.publicUrl);
  await app.register(fastifyCompress, { global: true });
  await app.register(fastifyCookie);
  await app.register(redisPlugin);

  await app.register(errorHandlerPlugin);
  await app.register(openApiPlugin);
  // Metrics: protected by METRICS_TOKEN when set; without it open outside production and off in it.
  if (env.METRICS_TOKEN || env.NODE_ENV !== 'production') {
    await app.register(metricsPlugin, { token: env.METRICS_TOKEN, poolStats: app.databasePoolStats });
  }
  await app.register(safeInputPlugin);
  await app.register(sameOriginPlugin, { publicUrl: env.publicUrl });
  await app.register(requestAuthPlugin);
  await app.register(maintenancePlugin, { readSettings: getCachedSettings, isAdmin: isSignedInAdmin });
  await app.register(mailPlugin, {
    poll: options.sendMail ?? true,
    renderAttachment: async (render) =>
      render.document === 'supplier_pack'
        ? (await renderSupplierPack(app.db, app.now(), env.publicUrl, render.version, render.language)).pdf
        : renderQuoteDocument(app.db, render.reference, app.now(), {
            customerText: render.customerText === true,
            publicUrl: env.publicUrl,
          }),
    replyTo: async () => (await getBusinessProfile(app.db)).salesEmail,
    // Issue 38: the deployment's MAIL_FROM where set, else the profile's sender in force.
    from: async () => mailSenderOf(await getBusinessProfile(app.db), { mailFrom: env.MAIL_FROM }),
  });
  await app.register(jobsPlugin, {
    run: options.runJobs ?? true,
    jobs: [
      retentionJob,
      coverRemindersJob(env.publicUrl),
      cleanStoredPhotosJob,
      paymentRemindersJob(env.publicUrl),
      placeHoldsJob(env.publicUrl),
      supplierPackRetentionJob,
      organisationStatementsJob(env.publicUrl),
    ],
  });
  await app.register(exportPlugin, { poll: options.runJobs ?? true });
  await app.register(vatChecksPlugin, {
    poll: options.runJobs ?? true,
    // The profile's own GB number asks HMRC for a consultation number; the example's would be refused.
    hmrcRequesterVrn: async () => {
      const { vatNumber } = await getBusinessProfile(app.db);
      const parsed = parseVatNumber(vatNumber);
      return parsed.valid && parsed.countryCode === 'GB' && vatNumber !== exampleBusinessProfile.vatNumber
        ? parsed.number
        : null;
    },
  });

  for (const feature of features) await app.register(feature);

  const serveWeb = options.serveWeb ?? existsSync(join(webDistDir, 'index.html'));
  if (serveWeb) {
    const dirs = serveWeb === true ? { webDir: webDistDir, pagesDir: join(rootDir, 'dist', 'pages') } : serveWeb;
    await app.register(webAppPlugin, {
      ...dirs,
      publicUrl: env.publicUrl,
      readSettings: getCachedSettings,
      readProfile: async (db) => publicProfileOf(await getBusinessProfile(db)),
    });
  }
  return app;
}
