import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sendSupplierPackRequestSchema,
  supplierPackMessages,
  supplierPackRefusals,
  supplierPackPdfUrl,
  supplierPackResponseSchema,
} from '../../shared/supplier-pack/supplier-pack';
import { languageSchema } from '../../shared/quotes/quote-schemas';
import { getBusinessProfile } from '../business-profile/profile-service';
import { contentDisposition } from '../http/content-disposition';
import { notFound } from '../http/http-error';
import { perClientAndEmail } from '../http/rate-limit';
import { pdfDownloadLimit, sendUploadedPdf } from '../http/stored-pdf';
import {
  followPackLink,
  listCertificates,
  packVersionFor,
  recordPackDelivery,
  renderSupplierPack,
  sendPackLink,
  storedCertificate,
} from './supplier-pack';

/**
 * The supplier pack (issue 39, decision 0067; docs/api/storefront.md, supplier pack), open to anyone:
 * what the pack page lists, the letter's PDF (each download recorded, with the signed-in customer's
 * address or the address of the e-mailed link followed), a download link by e-mail, and each
 * certificate in force.
 */
export async function supplierPackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/supplier-pack',
    { schema: { response: { 200: supplierPackResponseSchema } } },
    async (_request, reply) => {
      const now = app.now();
      const profile = await getBusinessProfile(app.db);
      const { version } = await packVersionFor(app.db, profile.bank, now);
      reply.header('cache-control', 'no-cache');
      return {
        version,
        pdfUrl: supplierPackPdfUrl,
        certificates: await listCertificates(app.db, now, { inForce: true }),
      };
    },
  );

  r.get(
    '/api/supplier-pack/pdf',
    {
      // `?language=de` or `fr`: the letter in German or French (issue 40); English otherwise.
      // `?link=`: the link e-mailed to an address that asked for the pack (security issue 48, F13).
      schema: {
        querystring: z.object({ language: languageSchema.optional(), link: z.string().max(100).optional() }),
      },
      config: { rateLimit: pdfDownloadLimit() },
    },
    async (request, reply) => {
      const now = app.now();
      // Only an address that proved it reads its mail joins the bank-change notices: one following
      // the link e-mailed to it, or a signed-in customer's (confirmed) address; staff's never.
      const linked = request.query.link ? await followPackLink(app.db, request.query.link, now) : null;
      const customer = request.auth && !request.auth.isAdmin ? request.auth.email : null;
      const pack = await renderSupplierPack(app.db, now, app.env.publicUrl, undefined, request.query.language);
      await recordPackDelivery(app.db, {
        version: pack.version,
        email: linked ?? customer,
        via: linked ? 'email' : 'download',
        at: now,
      });
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .type('application/pdf')
        .header('content-disposition', contentDisposition(pack.filename))
        .send(pack.pdf);
    },
  );

  r.post(
    '/api/supplier-pack/email',
    {
      // It writes to any address (with no text of the sender's): 5 an hour per client, 3 a day per address.
      ...perClientAndEmail(app, {
        namespace: 'supplier-pack',
        message: supplierPackRefusals.tooMany,
        perClient: { max: 5, timeWindow: '1 hour' },
        perEmail: { max: 3, timeWindow: '1 day' },
      }),
      schema: {
        body: sendSupplierPackRequestSchema,
        response: { 202: z.object({ version: z.number().int(), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const version = await app.db.transaction((tx) =>
        sendPackLink(tx, request.body.email, { now, publicUrl: app.env.publicUrl }),
      );
      return reply.status(202).send({ version, message: supplierPackMessages.sent });
    },
  );

  // A certificate in force, as stored: shown in the browser's viewer, sandboxed, never sniffed.
  r.get(
    '/api/supplier-pack/certificates/:id',
    { schema: { params: z.object({ id: z.string().max(100) }) }, config: { rateLimit: pdfDownloadLimit() } },
    async (request, reply) => {
      const stored = await storedCertificate(app.db, request.params.id);
      const today = app.now().toISOString().slice(0, 10);
      if (!stored || stored.expiresOn < today) throw notFound(supplierPackRefusals.notFound);
      return sendUploadedPdf(request, reply, stored, 'no-cache');
    },
  );
}
