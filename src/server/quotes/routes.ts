import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { quoteFlowRefusals } from '../../shared/quotes/quote-messages';
import {
  createQuoteRequestSchema,
  QUOTE_FLOW_HOURLY_LIMIT,
  quoteResourceSchema,
} from '../../shared/quotes/quote-schemas';
import { currentUserId } from '../accounts/request-auth';
import { recipientLanguage } from '../accounts/recipient-language';
import { normaliseEmail } from '../../shared/accounts/email';
import { profiles, quotes } from '../db/schema';
import { forbidden, notFound, unauthorized } from '../http/http-error';
import { quoteAcceptance, quoteReader } from '../organisations/organisation-access';
import { staffMayRead } from '../accounts/staff-read';
import { extraRateLimit, perClientAndEmail, rateLimit } from '../http/rate-limit';
import { pdfDownloadLimit, sendStoredPdf } from '../http/stored-pdf';
import { createQuote } from './create-quote';
import { businessDocumentSchema } from '../../shared/documents/document-schema';
import { quoteDocumentModel, quotePdf } from './quote-document';
import {
  acceptQuoteRequestSchema,
  APPROVER_MAILS_PER_HOUR,
  APPROVER_MAILS_PER_RECIPIENT_PER_HOUR,
  extensionRequestSchema,
  quoteActionMessages,
  quoteActionRefusals,
  sendToApproverRequestSchema,
} from '../../shared/quotes/quote-acceptance';
import { acceptQuote, approverMail, orderNeedsAcceptance, requestExtension } from './quote-acceptance';
import { isQuoteExpired } from './quote-resource';
import { enqueueMail } from '../mail/outbox';
import { documentFacts } from '../terms/terms-service';
import { getCachedSettings } from '../settings/settings-service';
import { renderDocumentPdf } from '../documents/document-pdf';
import { singleSupplierStatement } from '../../shared/documents/single-supplier-statement';
import { conflict } from '../http/http-error';
import { createHash } from 'node:crypto';
import { loadQuoteResource } from './quote-resource';
import { documentFilename } from '../../shared/documents/document-filename';

const referenceParams = z.object({ reference: z.string().min(1).max(100) });
const quoteBody = z.object({ quote: quoteResourceSchema });

/** Quotes from one client (IP address) across every e-mail: an office's busy day, not a mail cannon. */
export const QUOTES_PER_CLIENT = { max: 20, timeWindow: '1 hour' } as const;

/** Acceptances from one client: a department's approval round, not a form robot. */
export const ACCEPTANCES_PER_CLIENT = { max: 20, timeWindow: '1 hour' } as const;
/** The acceptance's body: a drawn signature of at most 200 KB travels as a base64 data URL. */
export const ACCEPT_BODY_LIMIT = 300 * 1024;
/** Extension requests from one client. */
export const EXTENSION_REQUESTS_PER_CLIENT = { max: 10, timeWindow: '1 hour' } as const;

export async function findQuoteByReference(app: FastifyInstance, reference: string) {
  const [row] = await app.db.select().from(quotes).where(eq(quotes.quoteReference, reference));
  if (!row) throw notFound(quoteActionRefusals.notFound);
  return row;
}

export async function quoteRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The link's quote for a caller who may read and act on it (security issue 48, F4): an
   * organisation's quote only for its current members, signed in (a visitor is asked to sign in,
   * anyone else, a removed member included, gets 404), and staff where the route declares staffRead.
   */
  const readableQuote = async (request: FastifyRequest, reference: string) => {
    const row = await findQuoteByReference(app, reference);
    if (request.routeOptions.config.staffRead && staffMayRead(request)) return row;
    const answer = await quoteReader(app.db, currentUserId(request), row);
    if (answer === 'sign_in') throw unauthorized(quoteActionRefusals.signInToView, { code: 'sign_in_to_view' });
    if (answer === 'stranger') throw notFound(quoteActionRefusals.notFound);
    return row;
  };

  /**
   * The quote as its page reads it: the resource, whether an order from it needs its acceptance, and
   * who may accept it (the viewer's own answer: the response is private, never cached).
   */
  const quotePageResource = async (row: typeof quotes.$inferSelect, viewerId: string | null) => {
    const rule = await quoteAcceptance(app.db, viewerId, row);
    return {
      ...(await loadQuoteResource(app.db, row, app.now())),
      orderNeedsAcceptance: await orderNeedsAcceptance(app.db, row),
      acceptRule: { who: rule.who, viewerMayAccept: rule.answer === 'allowed' },
    };
  };

  routes.post(
    '/api/quotes',
    {
      schema: { body: createQuoteRequestSchema, response: { 201: quoteBody } },
      ...perClientAndEmail(app, {
        namespace: 'quote',
        message: quoteFlowRefusals.quoteRateLimited,
        perClient: QUOTES_PER_CLIENT,
        perEmail: { max: QUOTE_FLOW_HOURLY_LIMIT, timeWindow: '1 hour' },
        email: (body) => (body.customerInfo as Record<string, unknown> | undefined)?.email,
      }),
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const quote = await createQuote(app.db, {
        ...request.body,
        userId,
        now: app.now(),
        publicUrl: app.env.publicUrl,
      });
      if (userId && quote.customerInfo) {
        // A signed-in customer's name and company follow their latest quote; a failure here is only logged.
        const { firstName, lastName, organization } = quote.customerInfo;
        await app.db
          .update(profiles)
          .set({ firstName, lastName, company: organization, updatedAt: app.now() })
          .where(eq(profiles.id, userId))
          .catch((error: unknown) => request.log.warn({ err: error }, 'updating the profile from a quote failed'));
      }
      return reply.status(201).send({ quote });
    },
  );

  routes.get(
    '/api/quotes/:reference',
    { schema: { params: referenceParams, response: { 200: quoteBody } }, config: { staffRead: 'quotes.view' } },
    async (request, reply) => {
      const row = await readableQuote(request, request.params.reference);
      // The reference is a secret link: keep shared caches from storing the personal data it shows.
      reply.header('cache-control', 'private, no-store');
      return { quote: await quotePageResource(row, currentUserId(request)) };
    },
  );

  routes.get(
    '/api/quotes/:reference/document',
    {
      schema: { params: referenceParams, response: { 200: z.object({ document: businessDocumentSchema }) } },
      config: { rateLimit: pdfDownloadLimit(), staffRead: 'quotes.view' },
    },
    async (request, reply) => {
      const row = await readableQuote(request, request.params.reference);
      reply.header('cache-control', 'private, no-store');
      // The model the PDF is drawn from, bank account and warranty included: the browser prints it.
      return {
        document: await quoteDocumentModel(app.db, row, app.now(), {
          customerText: true,
          publicUrl: app.env.publicUrl,
        }),
      };
    },
  );

  routes.get(
    '/api/quotes/:reference/pdf',
    {
      schema: { params: referenceParams },
      config: { rateLimit: pdfDownloadLimit(), staffRead: 'quotes.view' },
    },
    async (request, reply) => {
      const row = await readableQuote(request, request.params.reference);
      const stored = await quotePdf(app.db, row, app.now(), app.env.publicUrl);
      return sendStoredPdf(request, reply, {
        ...stored,
        filename: documentFilename('quote', recipientLanguage(row), { quoteNumber: row.quoteNumber }),
      });
    },
  );

  // Issue 39 (decision 0065): the buyer, or their approver with the link, accepts the quote.
  routes.post(
    '/api/quotes/:reference/accept',
    {
      schema: { params: referenceParams, body: acceptQuoteRequestSchema, response: { 200: quoteBody } },
      // A drawn signature: up to 200 KB of PNG as a data URL (a third longer), with the fields.
      bodyLimit: ACCEPT_BODY_LIMIT,
      config: {
        rateLimit: rateLimit({ ...ACCEPTANCES_PER_CLIENT, message: quoteActionRefusals.acceptRateLimited }),
      },
    },
    async (request, reply) => {
      const row = await findQuoteByReference(app, request.params.reference);
      // The server decides who accepts: an organisation's quote only its account owner or an approver.
      const viewerId = currentUserId(request);
      const { answer } = await quoteAcceptance(app.db, viewerId, row);
      if (answer === 'sign_in') throw unauthorized(quoteActionRefusals.signInToAccept, { code: 'sign_in_to_accept' });
      if (answer === 'stranger') throw notFound(quoteActionRefusals.notFound);
      if (answer === 'not_approver') throw forbidden(quoteActionRefusals.approverOnly, { code: 'approver_required' });
      await acceptQuote(app.db, row, request.body, request.ip, app.now(), app.env.publicUrl);
      reply.header('cache-control', 'private, no-store');
      return { quote: await quotePageResource(row, viewerId) };
    },
  );

  // The quote's link and figures to the approver's address; no text of the request is in the e-mail.
  // Five an hour per client (the plugin's key: the IP address) and five an hour per quote; three an
  // hour to one address, from any clients and quotes (security issue 48, F6).
  routes.post(
    '/api/quotes/:reference/send-to-approver',
    {
      schema: { params: referenceParams, body: sendToApproverRequestSchema },
      config: {
        rateLimit: rateLimit({
          max: APPROVER_MAILS_PER_HOUR,
          timeWindow: '1 hour',
          message: quoteActionRefusals.approverRateLimited,
        }),
      },
      preHandler: [
        extraRateLimit(app, {
          max: APPROVER_MAILS_PER_HOUR,
          timeWindow: '1 hour',
          message: quoteActionRefusals.approverRateLimited,
          key: (request) => `approver:quote:${(request.params as { reference: string }).reference}`,
        }),
        extraRateLimit(app, {
          max: APPROVER_MAILS_PER_RECIPIENT_PER_HOUR,
          timeWindow: '1 hour',
          message: quoteActionRefusals.approverRecipientRateLimited,
          key: (request) => `approver:to:${normaliseEmail((request.body as { email: string }).email)}`,
        }),
      ],
    },
    async (request, reply) => {
      const row = await readableQuote(request, request.params.reference);
      const quote = await loadQuoteResource(app.db, row, app.now());
      if (isQuoteExpired(row, app.now())) throw conflict(quoteActionRefusals.approverExpired);
      if (!quote.customerInfo) throw conflict(quoteActionRefusals.approverNoCustomer);
      const { profile } = await documentFacts(app.db, app.env.publicUrl);
      const requesterEmail = currentUserId(request) ? (request.auth?.email ?? null) : null;
      const quoteUrl = `${app.env.publicUrl}/quote/${row.quoteReference}`;
      await enqueueMail(app.db, approverMail(quote, request.body.email, quoteUrl, profile, requesterEmail));
      return reply.status(202).send({ message: quoteActionMessages.approverSent });
    },
  );

  // "Request an extension": 30 more days, or until a date. Staff answer it on the admin's quote page.
  routes.post(
    '/api/quotes/:reference/extension-request',
    {
      schema: { params: referenceParams, body: extensionRequestSchema, response: { 201: quoteBody } },
      config: {
        rateLimit: rateLimit({ ...EXTENSION_REQUESTS_PER_CLIENT, message: quoteActionRefusals.extensionRateLimited }),
      },
    },
    async (request, reply) => {
      const row = await readableQuote(request, request.params.reference);
      await requestExtension(app.db, row, request.body, app.now());
      reply.header('cache-control', 'private, no-store');
      return reply.status(201).send({ quote: await quotePageResource(row, currentUserId(request)) });
    },
  );

  // The single-supplier statement: letterhead, the quote named, the reasons of the settings, signed.
  routes.get(
    '/api/quotes/:reference/single-supplier-statement.pdf',
    { schema: { params: referenceParams }, config: { rateLimit: pdfDownloadLimit() } },
    async (request, reply) => {
      const row = await readableQuote(request, request.params.reference);
      const now = app.now();
      const [quote, { profile }, settings] = await Promise.all([
        loadQuoteResource(app.db, row, now),
        documentFacts(app.db, app.env.publicUrl),
        getCachedSettings(app.db),
      ]);
      // Issue 53: in the quote's language, as its other documents; the reasons in it when staff wrote them.
      const language = recipientLanguage(quote);
      const ownReasons = { en: [], de: settings.singleSupplierReasonsDe, fr: settings.singleSupplierReasonsFr }[
        language
      ];
      const pdf = await renderDocumentPdf(
        singleSupplierStatement(quote, {
          profile,
          reasons: ownReasons.length > 0 ? ownReasons : settings.singleSupplierReasons,
          date: now,
          language,
        }),
      );
      return sendStoredPdf(request, reply, {
        pdf,
        pdfSha256: createHash('sha256').update(pdf).digest('hex'),
        filename: documentFilename('singleSupplier', language, { quoteNumber: row.quoteNumber }),
      });
    },
  );
}
