import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dispatchAnswerSchema,
  dispatchUpdateRequestSchema,
  productionListQuerySchema,
  productionListSchema,
} from '../../shared/orders/dispatch-contracts';
import {
  productionListCells,
  productionListColumns,
  productionListDocument,
} from '../../shared/documents/production-list';
import { exportProofRequestSchema } from '../../shared/orders/export-proof';
import { updateOrderRequestSchema } from '../../shared/orders/order-admin-contracts';
import { getBusinessProfile } from '../business-profile/profile-service';
import { renderDocumentPdf } from '../documents/document-pdf';
import { contentDisposition } from '../http/content-disposition';
import { updateExportProof } from '../customs/export-proof';
import { dispatchOrder, productionList } from '../orders/production-list';
import { getCachedSettings } from '../settings/settings-service';
import { shipOrder } from '../workflows/ship-order';
import { auditedChange } from '../audit/audited-change';
import { adminRoute } from './admin-route-config';
import { sendCsv } from './csv-export';

const idParams = z.object({ id: z.uuid() });
const batchParams = z.object({ batchId: z.string().min(1).max(100) });

/**
 * Issue 54 (decision 0077): building and shipping without money, for Operations (and Sales and the
 * Owner, who hold dispatch.manage too). A batch's production list on screen, as CSV and as PDF; an
 * order's dispatch view (no amounts); its move to processing, shipped or delivered with serial
 * numbers, factory tests and tracking (the same workflow and checks as the order edit: payment
 * before production and shipping, unless an Owner overrides); its proof of export.
 */
export async function adminDispatchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dispatch = adminRoute('dispatch.manage');

  r.get(
    '/batches/:batchId/production',
    {
      config: dispatch,
      schema: { params: batchParams, querystring: productionListQuerySchema, response: { 200: productionListSchema } },
    },
    async (request) => productionList(app.db, request.params.batchId, request.query.status),
  );

  r.get(
    '/batches/:batchId/production.csv',
    { config: dispatch, schema: { params: batchParams, querystring: productionListQuerySchema } },
    async (request, reply) => {
      const list = await productionList(app.db, request.params.batchId, request.query.status);
      async function* once() {
        yield list.items;
      }
      return sendCsv(reply, `production-${list.batch.id}.csv`, [...productionListColumns], once(), productionListCells);
    },
  );

  r.get(
    '/batches/:batchId/production.pdf',
    { config: dispatch, schema: { params: batchParams, querystring: productionListQuerySchema } },
    async (request, reply) => {
      const list = await productionList(app.db, request.params.batchId, request.query.status);
      const pdf = await renderDocumentPdf(
        productionListDocument(list, { profile: await getBusinessProfile(app.db), printedAt: app.now() }),
      );
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition(`production-${list.batch.id}.pdf`))
        .send(pdf);
    },
  );

  const answer = async (id: string, withSettings = false) => {
    const order = await dispatchOrder(app.db, id);
    if (!withSettings) return { order };
    const settings = await getCachedSettings(app.db);
    return {
      order,
      carriers: settings.carriers,
      factoryTestLimits: {
        rateLimitPercent: settings.factoryTestRateLimitPercent,
        nominalVolumeMl: settings.factoryTestNominalVolumeMl,
        volumeLimitPercent: settings.factoryTestVolumeLimitPercent,
      },
    };
  };

  r.get(
    '/dispatch/:id',
    { config: dispatch, schema: { params: idParams, response: { 200: dispatchAnswerSchema } } },
    async (request) => answer(request.params.id, true),
  );

  r.patch(
    '/dispatch/:id',
    {
      config: dispatch,
      schema: { params: idParams, body: dispatchUpdateRequestSchema, response: { 200: dispatchAnswerSchema } },
    },
    async (request) => {
      await shipOrder(app, request, {
        orderId: request.params.id,
        changes: updateOrderRequestSchema.parse(request.body),
      });
      return answer(request.params.id);
    },
  );

  r.put(
    '/dispatch/:id/export-proof',
    {
      config: dispatch,
      schema: { params: idParams, body: exportProofRequestSchema, response: { 200: dispatchAnswerSchema } },
    },
    async (request) => {
      await auditedChange(app, request, async (tx, now, admin) => {
        const { before, after } = await updateExportProof(tx, request.params.id, request.body, {
          adminId: admin.userId,
          now,
        });
        return {
          result: undefined,
          audit: { action: 'order.export_proof', entityType: 'order', entityId: request.params.id, before, after },
        };
      });
      return answer(request.params.id);
    },
  );
}
