import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  abandonedKinds,
  abandonedMessages,
  abandonedPageSchema,
  updateAbandonedRequestSchema,
} from '../../shared/flows/abandoned-schemas';
import { adminListQuerySchema } from '../../shared/lists';
import { notFound } from '../http/http-error';
import { abandonedBatches, listAbandoned, recordAbandonedFollowUp } from '../flows/abandoned';
import { adminRoute } from './admin-route-config';
import { auditedChange } from '../audit/audited-change';
import { csvMoney } from '../../shared/csv';
import { sendCsv } from './csv-export';

const idParams = z.object({ id: z.uuid() });

const followUpSchema = z.object({
  abandoned: z.object({
    id: z.string(),
    kind: z.enum(abandonedKinds),
    contacted: z.boolean(),
    contactedAt: z.string().nullable(),
    note: z.string().nullable(),
  }),
});

/** Abandoned checkouts for sales follow-up: the list, its CSV, and the contacted flag with a note. */
export async function adminAbandonedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/abandoned',
    {
      config: adminRoute('abandoned.manage'),
      schema: { querystring: adminListQuerySchema, response: { 200: abandonedPageSchema } },
    },
    async (request) => listAbandoned(app.db, request.query, app.now()),
  );

  r.get(
    '/abandoned.csv',
    { config: adminRoute('abandoned.manage'), schema: { querystring: adminListQuerySchema } },
    async (request, reply) => {
      return sendCsv(
        reply,
        'abandoned.csv',
        [
          'Kind',
          'E-mail',
          'Name',
          'Company',
          'Phone',
          'Country',
          'Step reached',
          'Configuration',
          'Value',
          'Currency',
          'Last activity',
          'Ordered later',
          'Contacted',
          'Note',
        ],
        abandonedBatches(app.db, request.query, app.now()),
        (row) => [
          row.kind,
          row.email,
          row.name,
          row.company,
          row.phone,
          row.country,
          row.stepReached,
          row.configurationName,
          csvMoney(row.totalAmount),
          row.currency,
          row.lastActivityAt,
          row.laterOrdered ? 'yes' : 'no',
          row.contacted ? 'yes' : 'no',
          row.note,
        ],
      );
    },
  );

  r.patch(
    '/abandoned/:id',
    {
      config: adminRoute('abandoned.manage'),
      schema: { params: idParams, body: updateAbandonedRequestSchema, response: { 200: followUpSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const { contacted, note } = request.body;
      return auditedChange(app, request, async (tx, now) => {
        const followUp = await recordAbandonedFollowUp(tx, { id, contacted, note, now });
        if (!followUp) throw notFound(abandonedMessages.notFound);
        const { before: record, contactedAt } = followUp;
        return {
          result: {
            abandoned: { id, kind: record.kind, contacted, contactedAt: contactedAt?.toISOString() ?? null, note },
          },
          audit: {
            action: 'abandoned.follow_up',
            entityType: record.kind === 'order' ? 'incomplete_order' : 'incomplete_registration',
            entityId: id,
            before: { email: record.email, contacted: record.contacted, note: record.note },
            after: { email: record.email, contacted, note },
          },
        };
      });
    },
  );
}
