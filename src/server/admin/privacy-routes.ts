import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPrivacyRequestSchema,
  personRecordsSchema,
  privacyActionAnswerSchema,
  privacyActionSchema,
  privacyMessages,
  privacyRefuseSchema,
  privacyRequestPageSchema,
  privacyRequestSchema,
  privacyRequestsQuerySchema,
  privacySearchQuerySchema,
} from '../../shared/privacy/privacy-schemas';
import type { Db } from '../db/client';
import { contentDisposition } from '../http/content-disposition';
import { badRequest, conflict, notFound } from '../http/http-error';
import { enqueueMail } from '../mail/outbox';
import { erasureMail } from '../privacy/close-account';
import { exportById, requestExport } from '../privacy/data-export';
import { erasePerson, maskEmail, normaliseEmail, subjectHash } from '../privacy/erasure';
import {
  findPerson,
  listPrivacyRequests,
  logPrivacyRequest,
  markRequestDone,
  privacyRequestBatches,
  requestById,
  subjectAccountId,
  toPrivacyRequest,
} from '../privacy/privacy-register';
import { adminOf, adminRoute } from './admin-route-config';
import { writeAudit } from '../audit/audit-log';
import { type AuditEntry, auditedChange } from '../audit/audited-change';
import type { RequestAuth } from '../accounts/request-auth';
import { sendCsv } from './csv-export';
import { recipientLanguage } from '../accounts/recipient-language';

const idParams = z.object({ id: z.uuid() });

/** The open request with this id, for an action on `email`; the register holds the e-mail's fingerprint only. */
async function openRequestFor(tx: Db, id: string, email: string) {
  const row = await requestById(tx, id);
  if (!row) throw notFound(privacyMessages.requestNotFound);
  if (row.outcome !== 'open') throw conflict(privacyMessages.requestClosed, { code: 'request_closed' });
  if (row.subjectHash !== subjectHash(email))
    throw badRequest(privacyMessages.emailMismatch, {
      code: 'email_mismatch',
      fields: { email: privacyMessages.emailMismatch },
    });
  return row;
}

type OpenRequest = Awaited<ReturnType<typeof openRequestFor>>;

/**
 * An open request marked done by this admin (with what the row records besides), and its audit
 * entry: the outcome, the subject, and what the action adds (`summary`); run in an auditedChange.
 */
async function markDone(
  tx: Db,
  admin: RequestAuth,
  open: OpenRequest,
  done: {
    outcome: 'export_produced' | 'erased' | 'refused' | 'no_data';
    action: 'privacy.export' | 'privacy.erase' | 'privacy.close';
    record?: { exportId: string };
    summary?: Record<string, unknown>;
  },
  now: Date,
) {
  const updated = await markRequestDone(tx, open.id, { outcome: done.outcome, record: done.record, by: admin, now });
  const audit: AuditEntry = {
    action: done.action,
    entityType: 'privacy_request',
    entityId: open.id,
    before: { outcome: open.outcome },
    after: { outcome: done.outcome, subject: open.subjectMasked, ...done.summary },
  };
  return { updated, audit };
}

/**
 * /admin/privacy: data-subject requests received by e-mail or post. Search by e-mail, the request
 * register with its one-month deadline, and the export or erasure (after a step-up), each audited.
 */
export async function adminPrivacyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/privacy/search',
    {
      config: adminRoute('privacy.manage'),
      schema: { querystring: privacySearchQuerySchema, response: { 200: personRecordsSchema } },
    },
    async (request) => {
      const admin = adminOf(request);
      const found = await findPerson(app.db, request.query.email);
      await writeAudit(app.db, {
        admin,
        action: 'privacy.search',
        entityType: 'privacy_subject',
        entityId: subjectHash(request.query.email),
        before: null,
        after: { subject: maskEmail(request.query.email) },
        now: app.now(),
      });
      return found;
    },
  );

  r.get(
    '/privacy/requests',
    {
      config: adminRoute('privacy.manage'),
      schema: { querystring: privacyRequestsQuerySchema, response: { 200: privacyRequestPageSchema } },
    },
    async (request) => listPrivacyRequests(app.db, request.query, app.now()),
  );

  r.get(
    '/privacy/requests.csv',
    { config: adminRoute('privacy.manage'), schema: { querystring: privacyRequestsQuerySchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        'privacy-requests.csv',
        ['Received', 'Deadline', 'Type', 'Subject', 'Channel', 'Outcome', 'Handled by', 'Completed', 'Overdue'],
        privacyRequestBatches(app.db, request.query.status, app.now()),
        (row) => [
          row.receivedOn,
          row.deadline,
          row.type,
          row.subject,
          row.channel,
          row.outcome,
          row.handledBy,
          row.completedAt,
          row.overdue ? 'yes' : 'no',
        ],
      ),
  );

  r.post(
    '/privacy/requests',
    {
      config: adminRoute('privacy.manage'),
      schema: { body: createPrivacyRequestSchema, response: { 201: z.object({ request: privacyRequestSchema }) } },
    },
    async (request, reply) => {
      const { email, type, channel, receivedOn } = request.body;
      // `now` is the change's own, so the date check, the row, its entry and the answer agree.
      const { created, now } = await auditedChange(app, request, async (tx, now, admin) => {
        if (receivedOn > now.toISOString().slice(0, 10))
          throw badRequest('The date received cannot be in the future.', {
            fields: { receivedOn: 'The date received cannot be in the future.' },
          });
        const row = await logPrivacyRequest(tx, { type, channel, receivedOn, email, by: admin, now });
        return {
          result: { created: row, now },
          audit: {
            action: 'privacy.request_logged',
            entityType: 'privacy_request',
            entityId: row.id,
            before: null,
            after: { type, channel, receivedOn, subject: row.subjectMasked },
          },
        };
      });
      return reply.status(201).send({ request: await toPrivacyRequest(app.db, created, now) });
    },
  );

  /**
   * The export and the erasure of an open request, each in one auditedChange: the request (the
   * e-mail typed again must be its subject's), the subject's account if there is one, the action
   * itself, the request marked done by this admin, and the audit entry. `act` returns what the
   * request row records besides and what the audit entry (and the answer) add.
   */
  async function completeRequest<Summary extends Record<string, unknown>>(
    request: FastifyRequest,
    target: { id: string; email: string },
    done: { outcome: 'export_produced' | 'erased'; action: 'privacy.export' | 'privacy.erase' },
    act: (
      tx: Db,
      open: OpenRequest,
      userId: string | null,
      now: Date,
    ) => Promise<{ record?: { exportId: string }; summary: Summary }>,
  ) {
    const { id, email } = target;
    const result = await auditedChange(app, request, async (tx, now, admin) => {
      const open = await openRequestFor(tx, id, email);
      const { record, summary } = await act(tx, open, await subjectAccountId(tx, email), now);
      const { updated, audit } = await markDone(tx, admin, open, { ...done, record, summary }, now);
      return { result: { updated, summary, now }, audit };
    });
    if (!result.updated) throw notFound(privacyMessages.requestNotFound);
    return { request: await toPrivacyRequest(app.db, result.updated, result.now), summary: result.summary };
  }

  r.post(
    '/privacy/requests/:id/export',
    {
      config: adminRoute('privacy.manage', { stepUp: true }),
      schema: { params: idParams, body: privacyActionSchema, response: { 200: privacyActionAnswerSchema } },
    },
    async (request) => {
      const admin = adminOf(request);
      const email = normaliseEmail(request.body.email);
      const { request: completed } = await completeRequest(
        request,
        { id: request.params.id, email },
        { outcome: 'export_produced', action: 'privacy.export' },
        async (tx, _open, userId, now) => {
          const exported = await requestExport(tx, { email, userId, requestedBy: admin.userId, now });
          return { record: { exportId: exported.id }, summary: {} };
        },
      );
      return { request: completed };
    },
  );

  r.post(
    '/privacy/requests/:id/erase',
    {
      config: adminRoute('privacy.manage', { stepUp: true }),
      schema: { params: idParams, body: privacyActionSchema, response: { 200: privacyActionAnswerSchema } },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      return completeRequest(
        request,
        { id: request.params.id, email },
        { outcome: 'erased', action: 'privacy.erase' },
        async (tx, open, userId, now) => {
          if (open.type !== 'erasure')
            throw conflict('Only an erasure request can erase.', { code: 'not_an_erasure_request' });
          // The person's most recent order's language (issue 40), read before the erasure detaches it.
          const language = await recipientLanguage(tx, { email });
          const summary = await erasePerson(tx, { email, userId, now, publicUrl: app.env.publicUrl });
          await enqueueMail(tx, erasureMail(email, app.env.publicUrl, summary, language));
          return { summary };
        },
      );
    },
  );

  r.post(
    '/privacy/requests/:id/close',
    {
      config: adminRoute('privacy.manage'),
      schema: { params: idParams, body: privacyRefuseSchema, response: { 200: privacyActionAnswerSchema } },
    },
    async (request) => {
      const { row, now } = await auditedChange(app, request, async (tx, now, admin) => {
        const open = await requestById(tx, request.params.id);
        if (!open) throw notFound(privacyMessages.requestNotFound);
        if (open.outcome !== 'open') throw conflict(privacyMessages.requestClosed, { code: 'request_closed' });
        const { updated, audit } = await markDone(
          tx,
          admin,
          open,
          { outcome: request.body.outcome, action: 'privacy.close' },
          now,
        );
        return { result: { row: updated, now }, audit };
      });
      if (!row) throw notFound(privacyMessages.requestNotFound);
      return { request: await toPrivacyRequest(app.db, row, now) };
    },
  );

  r.get(
    '/privacy/exports/:id',
    { config: adminRoute('privacy.manage', { stepUp: true }), schema: { params: idParams } },
    async (request, reply) => {
      const admin = adminOf(request);
      const now = app.now();
      const row = await exportById(app.db, request.params.id);
      if (!row?.zip || row.status !== 'ready' || row.expiresAt.getTime() <= now.getTime() || !row.requestedBy)
        throw notFound(privacyMessages.exportNotReady, { code: 'export_not_ready' });
      await writeAudit(app.db, {
        admin,
        action: 'privacy.export_downloaded',
        entityType: 'data_export',
        entityId: row.id,
        before: null,
        after: { sizeBytes: row.sizeBytes },
        now,
      });
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          contentDisposition(`data-export-${row.createdAt.toISOString().slice(0, 10)}.zip`),
        )
        .send(row.zip);
    },
  );
}
