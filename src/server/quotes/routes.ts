import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { quoteFlowMessages } from '../../shared/quotes/quote-messages';
import {
  createQuoteRequestSchema,
  QUOTE_FLOW_HOURLY_LIMIT,
  quoteResourceSchema,
} from '../../shared/quotes/quote-schemas';
import { currentUserId } from '../accounts/request-auth';
import { profiles, quotes } from '../db/schema';
import { notFound } from '../http/http-error';
import { perClientAndEmail } from '../http/rate-limit';
import { pdfDownloadLimit, sendStoredPdf } from '../http/stored-pdf';
import { createQuote } from './create-quote';
import { businessDocumentSchema } from '../../shared/documents/document-schema';
import { quoteDocumentModel, quotePdf } from './quote-document';
import { loadQuoteResource } from './quote-resource';

const referenceParams = z.object({ reference: z.string().min(1).max(100) });
const quoteBody = z.object({ quote: quoteResourceSchema });

/** Quotes from one client (IP address) across every e-mail: an office's busy day, not a mail cannon. */
export const QUOTES_PER_CLIENT = { max: 20, timeWindow: '1 hour' } as const;

export async function findQuoteByReference(app: FastifyInstance, reference: string) {
  const [row] = await app.db.select().from(quotes).where(eq(quotes.quoteReference, reference));
  if (!row) throw notFound('Quote not found');
  return row;
}

export async function quoteRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/quotes',
    {
      schema: { body: createQuoteRequestSchema, response: { 201: quoteBody } },
      ...perClientAndEmail(app, {
        namespace: 'quote',
        message: quoteFlowMessages.quoteRateLimited,
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
    { schema: { params: referenceParams, response: { 200: quoteBody } } },
    async (request, reply) => {
      const row = await findQuoteByReference(app, request.params.reference);
      // The reference is a secret link: keep shared caches from storing the personal data it shows.
      reply.header('cache-control', 'private, no-store');
      return { quote: await loadQuoteResource(app.db, row, app.now()) };
    },
  );

  routes.get(
    '/api/quotes/:reference/document',
    {
      schema: { params: referenceParams, response: { 200: z.object({ document: businessDocumentSchema }) } },
      config: { rateLimit: pdfDownloadLimit() },
    },
    async (request, reply) => {
      const row = await findQuoteByReference(app, request.params.reference);
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
      config: { rateLimit: pdfDownloadLimit() },
    },
    async (request, reply) => {
      const row = await findQuoteByReference(app, request.params.reference);
      const stored = await quotePdf(app.db, row, app.now(), app.env.publicUrl);
      return sendStoredPdf(request, reply, { ...stored, filename: `quote-${row.quoteNumber}.pdf` });
    },
  );
}
