import { sendUploadedPdf } from '../http/stored-pdf';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCertificatesResponseSchema,
  CERTIFICATE_BODY_LIMIT,
  certificateSchema,
  createCertificateRequestSchema,
  replaceCertificateRequestSchema,
  sendSupplierPackRequestSchema,
  supplierPackMessages,
} from '../../shared/supplier-pack/supplier-pack';
import { getBusinessProfile } from '../business-profile/profile-service';
import { notFound } from '../http/http-error';
import {
  createCertificate,
  deleteCertificate,
  listCertificates,
  packVersionFor,
  readCertificateUpload,
  sendSupplierPack,
  storedCertificate,
  toCertificate,
  updateCertificate,
} from '../supplier-pack/supplier-pack';
import { auditedChange } from '../audit/audited-change';
import { adminRoute } from './admin-route-config';

const idParams = z.object({ id: z.string().max(100) });

/** What the audit entry keeps of a certificate: never its bytes. */
const audited = (row: {
  kind: string;
  title: string;
  expiresOn: string;
  filename: string;
  size: number;
  sha256: string;
}) => ({
  kind: row.kind,
  title: row.title,
  expiresOn: row.expiresOn,
  filename: row.filename,
  size: row.size,
  sha256: row.sha256,
});

/**
 * The supplier pack in the admin (issue 39, decision 0067; docs/api/admin.md, supplier pack): the
 * certificates (read with 'profile.view'; uploaded, replaced and deleted with 'profile.edit' and a
 * fresh second factor, as the bank accounts they travel with) and the pack sent to a buyer by e-mail.
 */
export async function adminSupplierPackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const edit = adminRoute('profile.edit', { stepUp: true });

  r.get(
    '/supplier-certificates',
    { config: adminRoute('profile.view'), schema: { response: { 200: adminCertificatesResponseSchema } } },
    async () => {
      const now = app.now();
      const { version } = await packVersionFor(app.db, (await getBusinessProfile(app.db)).bank, now);
      return { version, certificates: await listCertificates(app.db, now, { inForce: false }) };
    },
  );

  r.get(
    '/supplier-certificates/:id/file',
    { config: adminRoute('profile.view'), schema: { params: idParams } },
    async (request, reply) => {
      const stored = await storedCertificate(app.db, request.params.id);
      if (!stored) throw notFound(supplierPackMessages.notFound);
      return sendUploadedPdf(request, reply, { bytes: stored.bytes, filename: stored.filename });
    },
  );

  r.post(
    '/supplier-certificates',
    {
      config: edit,
      bodyLimit: CERTIFICATE_BODY_LIMIT,
      schema: { body: createCertificateRequestSchema, response: { 201: z.object({ item: certificateSchema }) } },
    },
    async (request, reply) => {
      const { kind, title, expiresOn, file: upload } = request.body;
      const file = await readCertificateUpload(upload);
      const row = await auditedChange(app, request, async (tx, now) => {
        const stored = await createCertificate(tx, { kind, title, expiresOn }, file, now);
        return {
          result: stored,
          audit: {
            action: 'supplier_pack.certificate_upload',
            entityType: 'supplier_certificate',
            entityId: stored.id,
            before: null,
            after: audited(stored),
          },
        };
      });
      return reply.status(201).send({ item: toCertificate(row, app.now()) });
    },
  );

  r.put(
    '/supplier-certificates/:id',
    {
      config: edit,
      bodyLimit: CERTIFICATE_BODY_LIMIT,
      schema: {
        params: idParams,
        body: replaceCertificateRequestSchema,
        response: { 200: z.object({ item: certificateSchema }) },
      },
    },
    async (request) => {
      const { kind, title, expiresOn, file: upload } = request.body;
      const file = upload ? await readCertificateUpload(upload) : null;
      const row = await auditedChange(app, request, async (tx, now) => {
        const changed = await updateCertificate(tx, request.params.id, { kind, title, expiresOn }, file, now);
        if (!changed) throw notFound(supplierPackMessages.notFound);
        const { before, after } = changed;
        return {
          result: after,
          audit: {
            action: 'supplier_pack.certificate_replace',
            entityType: 'supplier_certificate',
            entityId: after.id,
            before: audited(before),
            after: audited(after),
          },
        };
      });
      return { item: toCertificate(row, app.now()) };
    },
  );

  r.delete(
    '/supplier-certificates/:id',
    { config: edit, schema: { params: idParams, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await auditedChange(app, request, async (tx) => {
        const before = await deleteCertificate(tx, request.params.id);
        if (!before) throw notFound(supplierPackMessages.notFound);
        return {
          result: null,
          audit: {
            action: 'supplier_pack.certificate_delete',
            entityType: 'supplier_certificate',
            entityId: before.id,
            before: audited(before),
            after: null,
          },
        };
      });
      return { ok: true as const };
    },
  );

  // Sales send the pack to a buyer who asks for it; the address is recorded, so it hears of a bank change.
  r.post(
    '/supplier-pack/send',
    {
      config: adminRoute('quotes.view'),
      schema: {
        body: sendSupplierPackRequestSchema,
        response: { 202: z.object({ version: z.number().int(), to: z.string() }) },
      },
    },
    async (request, reply) => {
      const to = request.body.email;
      const version = await auditedChange(app, request, async (tx, now) => {
        const sent = await sendSupplierPack(tx, to, { via: 'staff', now, publicUrl: app.env.publicUrl });
        return {
          result: sent,
          audit: {
            action: 'supplier_pack.send',
            entityType: 'supplier_pack',
            entityId: String(sent),
            before: null,
            after: { to, version: sent },
          },
        };
      });
      return reply.status(202).send({ version, to });
    },
  );
}
