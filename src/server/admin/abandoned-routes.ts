import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  abandonedKinds,
  abandonedMessages,
  abandonedPageSchema,
  updateAbandonedRequestSchema,
} from '../../shared/admin/abandoned-schemas';
import { adminListQuerySchema } from '../../shared/lists';
import type { Db } from '../db/client';
import { incompleteOrders, incompleteRegistrations } from '../db/schema';
import { notFound } from '../http/http-error';
import { abandonedBatches, listAbandoned } from '../flows/abandoned';
import { adminOf, adminRoute } from './admin-route-config';
import { writeAudit } from '../audit/audit-log';
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

/** The incomplete order or registration with this id, with its follow-up, locked for the update. */
async function findRecord(tx: Db, id: string) {
  const [order] = await tx
    .select({
      email: incompleteOrders.email,
      contacted: incompleteOrders.contacted,
      contactedAt: incompleteOrders.contactedAt,
      note: incompleteOrders.followUpNote,
    })
    .from(incompleteOrders)
    .where(eq(incompleteOrders.id, id))
    .for('update');
  if (order) return { kind: 'order' as const, ...order };
  const [registration] = await tx
    .select({
      email: incompleteRegistrations.email,
      contacted: incompleteRegistrations.contacted,
      contactedAt: incompleteRegistrations.contactedAt,
      note: incompleteRegistrations.followUpNote,
    })
    .from(incompleteRegistrations)
    .where(eq(incompleteRegistrations.id, id))
    .for('update');
  if (registration) return { kind: 'registration' as const, ...registration };
  return null;
}

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
      const admin = adminOf(request);
      const { id } = request.params;
      const { contacted, note } = request.body;
      const now = app.now();
      return app.db.transaction(async (tx) => {
        const record = await findRecord(tx, id);
        if (!record) throw notFound(abandonedMessages.notFound);
        // The first "contacted" keeps its time; unmarking clears it.
        const contactedAt = contacted ? (record.contactedAt ?? now) : null;
        const changes = { contacted, contactedAt, followUpNote: note };
        if (record.kind === 'order') await tx.update(incompleteOrders).set(changes).where(eq(incompleteOrders.id, id));
        else await tx.update(incompleteRegistrations).set(changes).where(eq(incompleteRegistrations.id, id));
        await writeAudit(tx, {
          admin,
          action: 'abandoned.follow_up',
          entityType: record.kind === 'order' ? 'incomplete_order' : 'incomplete_registration',
          entityId: id,
          before: { email: record.email, contacted: record.contacted, note: record.note },
          after: { email: record.email, contacted, note },
          now,
        });
        return {
          abandoned: { id, kind: record.kind, contacted, contactedAt: contactedAt?.toISOString() ?? null, note },
        };
      });
    },
  );
}
