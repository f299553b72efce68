import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { englishText } from '../../shared/i18n/message';
import {
  createOrderRequestSchema,
  orderFlowMessages,
  orderFlowRefusals,
  orderPriceAnswerSchema,
  orderPriceRequestSchema,
  orderResourceSchema,
  orderSummarySchema,
} from '../../shared/order-flow';
import { currentUserId } from '../accounts/request-auth';
import { staffMayRead } from '../accounts/staff-read';
import { orders } from '../db/schema';
import { isExampleProfile } from '../../shared/business-profile';
import { contentDisposition } from '../http/content-disposition';
import { badRequest, notFound, serviceUnavailable } from '../http/http-error';
import { selectionTaxContext } from '../../shared/pricing/price-configuration';
import { vatChanges } from '../../shared/tax/vat-changes';
import { vatCustomer } from '../../shared/tax/vat-customer';
import { getBusinessProfile } from '../business-profile/profile-service';
import { rateLimit } from '../http/rate-limit';
import { pdfDownloadLimit, sendStoredPdf } from '../http/stored-pdf';
import { batchShip } from '../catalogue/batch-ship';
import { createOrder, priceOrder, reacceptanceProblem, taxOrder } from './create-order';
import { holdsAccessKey } from '../order-records/order-access';
import { mayReadAccountRecord } from '../organisations/organisation-access';
import { documentPdf } from '../billing/invoices';
import { einvoiceFile } from '../billing/einvoices';
import { einvoiceFormats } from '../../shared/orders/order-schema';
import {
  attachPoAnswerSchema,
  attachPoRequestSchema,
  PO_DOCUMENT_BODY_LIMIT,
  poDocumentRefusals,
} from '../../shared/orders/po-document';
import {
  attachPoDocument,
  poNumberRequired,
  readPoUpload,
  storedPoDocument,
  toPoDocument,
} from '../order-records/po-document';
import { loadOrderModel, toGuestSummary, toOwnerOrder } from '../order-records/order-read-model';

/** The guest order page's key (`?key=`): query strings never reach the logs (log-serializers.ts). */
const accessKeyQuery = z.object({ key: z.string().max(200).optional() });

const placedOrderAnswer = z.object({
  order: orderResourceSchema,
  /** A guest order's access key, for the guest order page link (`/order-details/{id}?key=`). */
  accessKey: z.string().optional(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type OrderRow = typeof orders.$inferSelect;

/** What readableOrder found: the order, the caller's id, and by which right they read it. */
interface ReadableOrder {
  row: OrderRow;
  userId: string | null;
  /** Its owner, or a member of the owner's organisation (decision 0068). */
  owner: boolean;
  /** Staff holding the route's `config.staffRead` permission. */
  staff: boolean;
}

/**
 * The one prologue of the routes that serve an order's papers (its documents, their e-invoices, its
 * purchase order): the id must be a UUID, the order must exist, and the caller must be its owner or a
 * member of the owner's organisation (`mayReadAccountRecord`), staff with the route's `config.staffRead`
 * permission (a route that declares none lets no staff through), or a guest holding the order's access
 * key (`?key=`). Anything else throws `missing()`, the route's own 404, so ids cannot be probed.
 */
async function readableOrder(
  db: Db,
  request: FastifyRequest & { params: { id: string }; query: { key?: string | undefined } },
  missing: () => Error,
): Promise<ReadableOrder> {
  if (!UUID.test(request.params.id)) throw missing();
  const [row] = await db.select().from(orders).where(eq(orders.id, request.params.id));
  if (!row) throw missing();
  const userId = currentUserId(request);
  const staff = request.routeOptions.config.staffRead ? staffMayRead(request) : false;
  const owner = await mayReadAccountRecord(db, userId, row.userId);
  if (!(staff || owner || holdsAccessKey(row, request.query.key))) throw missing();
  return { row, userId, owner, staff };
}

export async function orderRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // A production shop whose business profile is still the example takes no orders: its documents
  // would carry placeholder company and bank details, and its e-mail would come from (or alert
  // staff at) an example mailbox nobody reads (issue 38). Quotes still work.
  const orderingOpen = async () =>
    !(
      app.env.NODE_ENV === 'production' &&
      isExampleProfile(await getBusinessProfile(app.db), { mailFrom: app.env.MAIL_FROM })
    );

  // The storefront says so up front (the configurator's Order button and the order page).
  routes.get(
    '/api/orders/ordering',
    {
      schema: {
        response: {
          200: z.object({ open: z.boolean(), message: z.string().nullable(), requirePoNumber: z.boolean() }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      const open = await orderingOpen();
      // Issue 39: the order flow says before its last step that a PO number is required (the shop's
      // setting, or the signed-in buyer's organisation's).
      const requirePoNumber = await poNumberRequired(app.db, currentUserId(request));
      return { open, message: open ? null : orderFlowMessages.orderingNotOpen, requirePoNumber };
    },
  );

  // The order flow's review step (issue 37): the price the order will be placed at, taxed for the
  // buyer, and what changed against the quote and why. The order itself prices again when placed.
  routes.post(
    '/api/orders/price',
    {
      schema: { body: orderPriceRequestSchema, response: { 200: orderPriceAnswerSchema } },
      config: {
        rateLimit: rateLimit({ max: 300, timeWindow: '1 hour', message: orderFlowRefusals.priceRateLimited }),
      },
    },
    async (request) => {
      const { billing, ...order } = request.body;
      const priced = await priceOrder(app.db, {
        ...order,
        billingCountry: billing.country,
        userId: currentUserId(request),
        now: app.now(),
      });
      if (!priced) throw badRequest(orderFlowRefusals.configurationMissing);
      const customer = vatCustomer(billing.country, billing.vatNumber);
      const { pricing } = taxOrder(priced, customer);
      const reacceptance = reacceptanceProblem(priced, pricing.totals.total);
      return {
        pricing: { currency: priced.currency, ...pricing },
        currencies: priced.currencies,
        quotedTotal: priced.pricing.totals.total,
        changes: vatChanges(priced.pricing, pricing, selectionTaxContext(priced.configuration, customer)),
        kind: priced.kind,
        reacceptance: reacceptance ? englishText(reacceptance) : null,
        reacceptanceMessage: reacceptance,
      };
    },
  );

  routes.post(
    '/api/orders',
    {
      schema: {
        body: createOrderRequestSchema,
        response: { 200: placedOrderAnswer, 201: placedOrderAnswer },
      },
      config: {
        rateLimit: rateLimit({
          max: 100,
          timeWindow: '1 hour',
          message: orderFlowRefusals.orderRateLimited,
        }),
      },
    },
    async (request, reply) => {
      if (!(await orderingOpen()))
        throw serviceUnavailable(orderFlowRefusals.orderingNotOpen, { code: 'ordering_not_open' });
      const { order, created, model } = await createOrder(app.db, {
        ...request.body,
        userId: currentUserId(request),
        now: app.now(),
        publicUrl: app.env.publicUrl,
      });
      const batch = await batchShip(app.db, order.configuration, app.now());
      // A guest order's access key goes back to whoever placed it (a replay reaches here only for them),
      // so the confirmation page can link to the guest order page.
      return reply.status(created ? 201 : 200).send({
        order: { ...toOwnerOrder(model ?? (await loadOrderModel(app.db, order))), batch },
        ...(order.userId === null && order.accessKey ? { accessKey: order.accessKey } : {}),
      });
    },
  );

  routes.get(
    '/api/orders/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(100) }),
        querystring: accessKeyQuery,
        response: { 200: z.object({ order: z.union([orderResourceSchema, orderSummarySchema]) }) },
      },
      config: { staffRead: 'orders.view' },
    },
    async (request, reply) => {
      if (!UUID.test(request.params.id)) throw notFound(orderFlowRefusals.orderNotFound);
      const [row] = await app.db.select().from(orders).where(eq(orders.id, request.params.id));
      if (!row) throw notFound(orderFlowRefusals.orderNotFound);
      const userId = currentUserId(request);
      reply.header('cache-control', 'private, no-store');
      const batch = await batchShip(app.db, row.configuration, app.now());
      // Its owner, or a member of the owner's organisation (decision 0068).
      if (staffMayRead(request) || (await mayReadAccountRecord(app.db, userId, row.userId)))
        return { order: { ...toOwnerOrder(await loadOrderModel(app.db, row)), batch } };
      // The guest order page: the link's key shows the order as its owner would see it, documents included.
      const { key } = request.query;
      if (holdsAccessKey(row, key)) {
        const order = toOwnerOrder(await loadOrderModel(app.db, row));
        const withKey = (url: string) => `${url}?key=${encodeURIComponent(key ?? '')}`;
        const documents = order.documents.map((document) => ({
          ...document,
          url: withKey(document.url),
          ...(document.einvoices
            ? { einvoices: document.einvoices.map((einvoice) => ({ ...einvoice, url: withKey(einvoice.url) })) }
            : {}),
        }));
        const poDocument = order.poDocument
          ? { ...order.poDocument, url: `${order.poDocument.url}?key=${encodeURIComponent(key ?? '')}` }
          : null;
        return { order: { ...order, documents, poDocument, batch } };
      }
      // Another customer's order is a 404 too, so ids cannot be probed.
      if (row.userId !== null) throw notFound(orderFlowRefusals.orderNotFound);
      return { order: { ...toGuestSummary(row), batch } };
    },
  );

  // An order's document (confirmation, invoice, credit note): its owner and their organisation's members, staff with orders.view, and a guest
  // order's access-key holder (the guest order page); anyone else, a guest order's id holder included, gets 404.
  routes.get(
    '/api/orders/:id/documents/:documentId',
    {
      schema: {
        params: z.object({ id: z.string().max(100), documentId: z.string().max(100) }),
        querystring: accessKeyQuery,
      },
      config: { rateLimit: pdfDownloadLimit(), staffRead: 'orders.view' },
    },
    async (request, reply) => {
      const missing = () => notFound(orderFlowRefusals.documentNotFound);
      const { row, staff } = await readableOrder(app.db, request, missing);
      const document = await documentPdf(
        app.db,
        row,
        request.params.documentId,
        app.now(),
        app.env.publicUrl,
        staff ? 'staff' : 'customer',
      );
      if (!document) throw missing();
      // An issued invoice or credit note never changes: its stored bytes, with their ETag.
      if (document.pdfSha256) return sendStoredPdf(request, reply, { ...document, pdfSha256: document.pdfSha256 });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(document.filename))
        .header('cache-control', 'private, no-store')
        .send(document.pdf);
    },
  );

  // An invoice's or credit note's e-invoice beside its PDF (issue 40): the XRechnung or Peppol BIS
  // Billing 3.0 UBL, or the CII (Factur-X). The same readers as the PDF (readableOrder); anyone else gets 404. An
  // XRechnung while the buyer reference (BT-10) is empty: 409 with the reason.
  routes.get(
    '/api/orders/:id/documents/:documentId/einvoice/:format',
    {
      schema: {
        params: z.object({
          id: z.string().max(100),
          documentId: z.string().max(100),
          format: z.enum(einvoiceFormats),
        }),
        querystring: accessKeyQuery,
      },
      config: { rateLimit: pdfDownloadLimit(), staffRead: 'orders.view' },
    },
    async (request, reply) => {
      const missing = () => notFound(orderFlowRefusals.documentNotFound);
      // The same readers as the PDF, organisation members included (decision 0068).
      const { row } = await readableOrder(app.db, request, missing);
      const file = await einvoiceFile(app.db, row, request.params.documentId, request.params.format, app.env.publicUrl);
      if (!file) throw missing();
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.xml);
    },
  );

  // Issue 39: the buyer's purchase order (PDF, checked by its bytes): attached or replaced by its owner or
  // a guest holding the order's key, with its PO number; anyone else, another customer included, gets 404.
  routes.put(
    '/api/orders/:id/po',
    {
      bodyLimit: PO_DOCUMENT_BODY_LIMIT,
      schema: {
        params: z.object({ id: z.string().max(100) }),
        querystring: accessKeyQuery,
        body: attachPoRequestSchema,
        response: { 200: attachPoAnswerSchema },
      },
      config: {
        rateLimit: rateLimit({ max: 30, timeWindow: '1 hour', message: orderFlowRefusals.uploadRateLimited }),
      },
    },
    async (request) => {
      const missing = () => notFound(orderFlowRefusals.orderNotFound);
      // No config.staffRead: staff attach a PO through the admin route, never here.
      const { row, userId, owner } = await readableOrder(app.db, request, missing);
      const file = readPoUpload(request.body);
      const now = app.now();
      const stored = await app.db.transaction((tx) =>
        attachPoDocument(tx, {
          orderId: row.id,
          file,
          poNumber: request.body.poNumber,
          source: 'customer',
          userId,
          now,
        }),
      );
      const po = await storedPoDocument(app.db, row.id);
      if (!po) throw missing();
      const key = request.query.key;
      const document = toPoDocument(po);
      return {
        poNumber: stored.poNumber,
        poDocument: owner ? document : { ...document, url: `${document.url}?key=${encodeURIComponent(key ?? '')}` },
      };
    },
  );

  routes.get(
    '/api/orders/:id/po',
    {
      schema: { params: z.object({ id: z.string().max(100) }), querystring: accessKeyQuery },
      config: { rateLimit: pdfDownloadLimit(), staffRead: 'orders.view' },
    },
    async (request, reply) => {
      const missing = () => notFound(poDocumentRefusals.notFound);
      const { row } = await readableOrder(app.db, request, missing);
      const po = await storedPoDocument(app.db, row.id);
      if (!po) throw missing();
      return sendStoredPdf(request, reply, { filename: po.filename, pdf: po.bytes, pdfSha256: po.sha256 });
    },
  );
}
