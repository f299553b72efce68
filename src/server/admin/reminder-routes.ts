import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrderAnswerSchema } from '../../shared/orders/order-admin-contracts';
import { reminderPauseRequestSchema, remindersExclusionRequestSchema } from '../../shared/orders/payment-reminders';
import { auditedChange } from '../audit/audited-change';
import { adminOrderDetail } from '../orders/admin-order-detail';
import { excludeFromReminders, includeInReminders } from '../billing/reminders-exclusion';
import { endReminderPause, pauseCustomerReminders, pauseOrderReminders } from '../billing/reminder-pauses';
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

  // Issue 51 (decision 0081): Finance pauses reminders for an order or a customer, with a reason and
  // the last day; audited, no step-up (it moves no money).
  r.post(
    '/orders/:id/reminder-pauses',
    {
      config: adminRoute('payments.record'),
      schema: { params: idParams, body: reminderPauseRequestSchema, response: { 201: adminOrderAnswerSchema } },
    },
    async (request, reply) => {
      const orderId = request.params.id;
      await auditedChange(app, request, async (tx, now, admin) => {
        const change = await pauseOrderReminders(tx, { orderId, ...request.body, adminId: admin.userId, now });
        return {
          result: undefined,
          audit: { action: 'order.reminders_pause', entityType: 'order', entityId: orderId, ...change },
        };
      });
      return reply.status(201).send({ order: await adminOrderDetail(app.db, orderId) });
    },
  );

  r.post(
    '/customers/:key/reminder-pauses',
    {
      config: adminRoute('payments.record'),
      schema: {
        params: z.object({ key: z.uuid() }),
        body: reminderPauseRequestSchema,
        response: { 201: z.object({ pause: z.object({ id: z.string(), until: z.string(), reason: z.string() }) }) },
      },
    },
    async (request, reply) => {
      const userId = request.params.key;
      const pause = await auditedChange(app, request, async (tx, now, admin) => {
        const change = await pauseCustomerReminders(tx, { userId, ...request.body, adminId: admin.userId, now });
        return {
          result: { id: change.after.pauseId, until: change.after.until, reason: change.after.reason },
          audit: { action: 'customer.reminders_pause', entityType: 'user', entityId: userId, ...change },
        };
      });
      return reply.status(201).send({ pause });
    },
  );

  r.delete(
    '/reminder-pauses/:pauseId',
    {
      config: adminRoute('payments.record'),
      schema: { params: z.object({ pauseId: z.uuid() }), response: { 200: z.object({ ended: z.literal(true) }) } },
    },
    async (request) => {
      const pauseId = request.params.pauseId;
      await auditedChange(app, request, async (tx, now, admin) => {
        const change = await endReminderPause(tx, { pauseId, adminId: admin.userId, now });
        return {
          result: undefined,
          audit: { action: 'reminders_pause.end', entityType: 'reminder_pause', entityId: pauseId, ...change },
        };
      });
      return { ended: true as const };
    },
  );
}
