import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrderAnswerSchema } from '../../shared/orders/order-admin-contracts';
import { remindersExclusionRequestSchema } from '../../shared/orders/payment-reminders';
import { auditedChange } from '../audit/audited-change';
import { adminOrderDetail } from '../orders/admin-order-detail';
import { excludeFromReminders, includeInReminders } from '../billing/reminders-exclusion';
import { adminRoute } from './admin-route-config';

const idParams = z.object({ id: z.uuid() });

/**
 * An order's exclusion from payment reminders (docs/api/admin.md, Payment reminders; decision 0052):
 * stop them with a reason, resume them. An order edit (orders.edit), audited, no step-up: it moves no money.
 */
export async function adminReminderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/orders/:id/reminders-exclusion',
    {
      config: adminRoute('orders.edit'),
      schema: { params: idParams, body: remindersExclusionRequestSchema, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      const orderId = request.params.id;
      await auditedChange(app, request, async (tx, now, admin) => {
        const change = await excludeFromReminders(tx, {
          orderId,
          reason: request.body.reason,
          adminId: admin.userId,
          now,
        });
        return {
          result: undefined,
          audit: { action: 'order.reminders_exclude', entityType: 'order', entityId: orderId, ...change },
        };
      });
      return { order: await adminOrderDetail(app.db, orderId) };
    },
  );

  r.delete(
    '/orders/:id/reminders-exclusion',
    {
      config: adminRoute('orders.edit'),
      schema: { params: idParams, response: { 200: adminOrderAnswerSchema } },
    },
    async (request) => {
      const orderId = request.params.id;
      await auditedChange(app, request, async (tx, now, admin) => {
        const change = await includeInReminders(tx, { orderId, adminId: admin.userId, now });
        return {
          result: undefined,
          audit: change && { action: 'order.reminders_include', entityType: 'order', entityId: orderId, ...change },
        };
      });
      return { order: await adminOrderDetail(app.db, orderId) };
    },
  );
}
