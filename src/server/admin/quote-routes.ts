import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminQuoteDetailSchema,
  extendQuoteRequestSchema,
  quoteKeyParams,
  quoteNoteRequestSchema,
} from '../../shared/quotes/quote-admin-schemas';
import { customerFallbacks } from '../../shared/lists';
import { adminQuoteListQuerySchema, adminQuotePageSchema } from '../../shared/quotes/quote-list-contracts';
import { quoteStatusLabels } from '../../shared/orders/order-status';
import { fallback } from '../db/list-sql';
import { enqueueMail } from '../mail/outbox';
import { listQuotes, quoteBatches } from '../quotes/quote-list';
import { csvDate } from '../reporting/accounting-export';
import { csvMoney } from '../../shared/csv';
import { sendCsv } from './csv-export';
import { adminRoute } from './admin-route-config';
import { auditedChange } from '../audit/audited-change';
import { addQuoteNote, extendQuote, findQuote, quoteDetail, resendQuote } from '../quotes/quote-admin';
import { decideExtension, extensionDecisionMail, pendingExtensionRequests } from '../quotes/quote-acceptance';
import { loadQuoteResource } from '../quotes/quote-resource';
import { pendingExtensionsSchema } from '../../shared/quotes/quote-acceptance';
import { getBusinessProfile } from '../business-profile/profile-service';

/**
 * The quotes list and its CSV export, and the admin's quote page (decision 0048): read with quotes.view; extend, resend and notes with
 * orders.edit (the staff who take a quote to an order), extending with a fresh step-up too. Each action is audited. Issue 39: a buyer's
 * extension request is approved or declined with orders.edit and a fresh step-up (it moves what the
 * shop is bound to), and the pending requests are listed for the dashboard with quotes.view.
 */
/**
 * Issue 48, F5: "Extend validity" and approving a buyer's extension request move the same date under one
 * rule (extendQuoteValidity: at most a year from today), and both need a fresh code.
 */
const extendsQuoteValidity = adminRoute('orders.edit', { stepUp: true });

export async function adminQuoteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = { response: { 200: adminQuoteDetailSchema } };

  r.get(
    '/quotes',
    {
      config: adminRoute('quotes.view'),
      schema: { querystring: adminQuoteListQuerySchema, response: { 200: adminQuotePageSchema } },
    },
    async (request) => listQuotes(app.db, request.query, app.now()),
  );

  r.get(
    '/quotes.csv',
    { config: adminRoute('exports.csv'), schema: { querystring: adminQuoteListQuerySchema } },
    async (request, reply) => {
      return sendCsv(
        reply,
        'quotes.csv',
        [
          'Quote number',
          'Reference',
          'Date',
          'Customer',
          'E-mail',
          'Company',
          'Status',
          'Total',
          'Currency',
          'Valid until',
          'Order',
        ],
        quoteBatches(app.db, request.query, app.now()),
        (row) => [
          row.quoteNumber,
          row.quoteReference,
          csvDate(row.createdAt),
          fallback(row.customerName, row.hasUser ? customerFallbacks.unknownUser : customerFallbacks.noName),
          fallback(row.customerEmail, customerFallbacks.noEmail),
          fallback(row.customerCompany, customerFallbacks.notProvided),
          quoteStatusLabels[row.displayStatus],
          csvMoney(row.total),
          row.currency,
          row.validUntil ? csvDate(row.validUntil) : 'No expiry',
          row.orderId,
        ],
      );
    },
  );

  r.get(
    '/quotes/:key',
    { config: adminRoute('quotes.view'), schema: { params: quoteKeyParams, ...answer } },
    async (request) => quoteDetail(app.db, await findQuote(app.db, request.params.key), app.now(), app.env.publicUrl),
  );

  r.post(
    '/quotes/:key/extend',
    {
      config: extendsQuoteValidity,
      schema: { params: quoteKeyParams, body: extendQuoteRequestSchema, ...answer },
    },
    async (request) => {
      const row = await findQuote(app.db, request.params.key);
      await auditedChange(app, request, async (tx, now) => {
        const change = await extendQuote(tx, row, request.body.validUntil, now);
        return {
          result: undefined,
          audit: { action: 'quote.extend', entityType: 'quote', entityId: row.id, ...change },
        };
      });
      return quoteDetail(app.db, await findQuote(app.db, row.id), app.now(), app.env.publicUrl);
    },
  );

  r.post(
    '/quotes/:key/resend',
    { config: adminRoute('orders.edit'), schema: { params: quoteKeyParams, ...answer } },
    async (request) => {
      const row = await findQuote(app.db, request.params.key);
      const { to, mail } = await resendQuote(app.db, row, app.env.publicUrl, app.now());
      await auditedChange(app, request, async (tx) => {
        await enqueueMail(tx, mail);
        return {
          result: undefined,
          audit: {
            action: 'quote.resend',
            entityType: 'quote',
            entityId: row.id,
            before: null,
            after: { quoteNumber: row.quoteNumber, to },
          },
        };
      });
      return quoteDetail(app.db, row, app.now(), app.env.publicUrl);
    },
  );

  r.post(
    '/quotes/:key/notes',
    {
      config: adminRoute('orders.edit'),
      schema: { params: quoteKeyParams, body: quoteNoteRequestSchema, response: { 201: adminQuoteDetailSchema } },
    },
    async (request, reply) => {
      const row = await findQuote(app.db, request.params.key);
      await auditedChange(app, request, async (tx, now, admin) => {
        const note = await addQuoteNote(tx, row, request.body.text, admin.userId, now);
        return {
          result: undefined,
          audit: { action: 'quote.note', entityType: 'quote', entityId: row.id, before: null, after: note },
        };
      });
      return reply.status(201).send(await quoteDetail(app.db, row, app.now(), app.env.publicUrl));
    },
  );

  r.get(
    '/quote-extension-requests',
    { config: adminRoute('quotes.view'), schema: { response: { 200: pendingExtensionsSchema } } },
    async () => ({ requests: await pendingExtensionRequests(app.db) }),
  );

  for (const decision of ['approved', 'declined'] as const) {
    r.post(
      `/quotes/:key/extension/${decision === 'approved' ? 'approve' : 'decline'}`,
      { config: extendsQuoteValidity, schema: { params: quoteKeyParams, ...answer } },
      async (request) => {
        const row = await findQuote(app.db, request.params.key);
        const profile = await getBusinessProfile(app.db);
        const quoteUrl = `${app.env.publicUrl}/quote/${row.quoteReference}`;
        await auditedChange(app, request, async (tx, now, admin) => {
          const decided = await decideExtension(tx, row, decision, admin.userId, now);
          const resource = await loadQuoteResource(tx, decided.row, now);
          const mail = extensionDecisionMail(resource, decision, decided.request.requestedUntil, quoteUrl, profile);
          if (mail.to) await enqueueMail(tx, mail);
          return {
            result: undefined,
            audit: {
              action: decision === 'approved' ? 'quote.extension_approve' : 'quote.extension_decline',
              entityType: 'quote',
              entityId: row.id,
              ...decided.audit,
            },
          };
        });
        return quoteDetail(app.db, await findQuote(app.db, row.id), app.now(), app.env.publicUrl);
      },
    );
  }
}
