import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createServiceRequestSchema,
  decontaminationRequestSchema,
  instrumentForServiceSchema,
  SERVICE_REQUEST_BODY_LIMIT,
  serviceKeyQuerySchema,
  serviceRequestAnswerSchema,
  serviceRequestListSchema,
} from '../../shared/service-requests/service-contracts';
import { serviceRefusals } from '../../shared/service-requests/service-lifecycle';
import { currentUserId, requireUser } from '../accounts/request-auth';
import { notFound } from '../http/http-error';
import { noStoreAnswers } from '../http/no-store';
import { rateLimit } from '../http/rate-limit';
import { pdfDownloadLimit } from '../http/stored-pdf';
import { getBusinessProfile } from '../business-profile/profile-service';
import { rmaDocument, rmaFilename } from './rma-document';
import { acknowledgeServiceRequest } from './service-notices';
import { hasRepairProForma, renderRepairProForma, repairProFormaFilename } from './repair-pro-forma';
import type { Db } from '../db/client';
import { decontaminationFilename, decontaminationPdf } from './decontamination-document';
import { contentDisposition } from '../http/content-disposition';
import { declareDecontamination } from './move-service-request';
import {
  createServiceRequest,
  instrumentForViewer,
  listCustomerRequests,
  loadServiceRequest,
  photoBytes,
  readPhotos,
  serviceRequestForViewer,
  toCustomerRequest,
  toInstrumentForService,
} from './service-requests';

const numberParams = z.object({ requestNumber: z.string().max(40) });

/** A stored photo (re-encoded at upload, without its metadata): never sniffed as anything else, never cached, downloaded rather than shown inline by a page. */
export function sendPhoto(reply: FastifyReply, photo: { contentType: string; bytes: Buffer }) {
  return reply
    .header('content-type', photo.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(photo.bytes);
}

/** The customer's service requests (docs/api/accounts.md, Service requests): the owner signed in, or a guest with the order's key. */
export async function serviceRoutes(app: FastifyInstance) {
  noStoreAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewerOf = (request: Parameters<typeof currentUserId>[0], key?: string) => ({
    userId: currentUserId(request),
    key,
  });

  r.get(
    '/api/service-requests/instrument',
    {
      schema: {
        querystring: z.object({
          serial: z.string().max(100),
          order: z.uuid().optional(),
          key: z.string().max(200).optional(),
        }),
        response: { 200: z.object({ instrument: instrumentForServiceSchema }) },
      },
    },
    async (request) => {
      const { serial, order, key } = request.query;
      const found = await instrumentForViewer(app.db, { serial, orderId: order, viewer: viewerOf(request, key) });
      return { instrument: toInstrumentForService(found.instrument, found.order, app.now()) };
    },
  );

  r.post(
    '/api/service-requests',
    {
      bodyLimit: SERVICE_REQUEST_BODY_LIMIT,
      schema: { body: createServiceRequestSchema, response: { 201: serviceRequestAnswerSchema } },
      config: {
        rateLimit: rateLimit({
          max: 20,
          timeWindow: '1 hour',
          message: serviceRefusals.requestRateLimited,
        }),
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request, request.body.key);
      // Who may ask is settled before any photo is decoded: anyone else gets the 404 at no cost.
      // Re-encoding runs outside the transaction, which takes the finished photos.
      await instrumentForViewer(app.db, { serial: request.body.serial, orderId: request.body.order, viewer });
      const photos = await readPhotos(request.body.photos);
      const { request: created } = await app.db.transaction(async (tx) => {
        const opened = await createServiceRequest(tx, { body: request.body, photos, viewer, now: app.now() });
        await acknowledgeServiceRequest(tx, opened.request.id, app.env.publicUrl);
        return opened;
      });
      const loaded = await loadServiceRequest(app.db, { id: created.id });
      if (!loaded) throw notFound(serviceRefusals.notFound);
      return reply
        .status(201)
        .send({ request: await toCustomerRequest(app.db, loaded, viewer.userId ? undefined : request.body.key) });
    },
  );

  r.get('/api/service-requests', { schema: { response: { 200: serviceRequestListSchema } } }, async (request) => {
    const auth = requireUser(request);
    return { requests: await listCustomerRequests(app.db, auth.userId) };
  });

  r.get(
    '/api/service-requests/:requestNumber',
    {
      schema: {
        params: numberParams,
        querystring: serviceKeyQuerySchema,
        response: { 200: serviceRequestAnswerSchema },
      },
    },
    async (request) => {
      const { key } = request.query;
      const loaded = await serviceRequestForViewer(app.db, request.params.requestNumber, viewerOf(request, key));
      const owner = loaded.order.userId !== null;
      return { request: await toCustomerRequest(app.db, loaded, owner ? undefined : key) };
    },
  );

  r.get(
    '/api/service-requests/:requestNumber/photos/:photoId',
    {
      schema: {
        params: numberParams.extend({ photoId: z.string().max(100) }),
        querystring: serviceKeyQuerySchema,
      },
    },
    async (request, reply) => {
      const loaded = await serviceRequestForViewer(
        app.db,
        request.params.requestNumber,
        viewerOf(request, request.query.key),
      );
      const photo = z.uuid().safeParse(request.params.photoId).success
        ? await photoBytes(app.db, loaded.request.id, request.params.photoId)
        : null;
      if (!photo) throw notFound(serviceRefusals.photoNotFound);
      return sendPhoto(reply, photo);
    },
  );

  for (const name of servicePdfNames)
    r.get(
      `/api/service-requests/:requestNumber/${name}`,
      {
        schema: { params: numberParams, querystring: serviceKeyQuerySchema },
        config: { rateLimit: pdfDownloadLimit() },
      },
      async (request, reply) => {
        const loaded = await serviceRequestForViewer(
          app.db,
          request.params.requestNumber,
          viewerOf(request, request.query.key),
        );
        return sendServicePdf(reply, name, loaded, { db: app.db, now: app.now() });
      },
    );

  // Issue 41: the customer (owner, guest with the order's key, or a closed account's request key) signs
  // the decontamination declaration before returning the instrument; staff receive it only then.
  r.post(
    '/api/service-requests/:requestNumber/decontamination',
    {
      schema: {
        params: numberParams,
        body: decontaminationRequestSchema,
        response: { 200: serviceRequestAnswerSchema },
      },
      config: {
        rateLimit: rateLimit({ max: 20, timeWindow: '1 hour', message: serviceRefusals.declarationRateLimited }),
      },
    },
    async (request) => {
      const { key, signed: _signed, ...declaration } = request.body;
      const loaded = await serviceRequestForViewer(app.db, request.params.requestNumber, viewerOf(request, key));
      await app.db.transaction((tx) =>
        declareDecontamination(tx, { requestId: loaded.request.id, declaration, now: app.now() }),
      );
      const fresh = await loadServiceRequest(app.db, { id: loaded.request.id });
      if (!fresh) throw notFound(serviceRefusals.notFound);
      return { request: await toCustomerRequest(app.db, fresh, fresh.order.userId !== null ? undefined : key) };
    },
  );
}

type LoadedForViewer = Awaited<ReturnType<typeof serviceRequestForViewer>>;
type Profile = Awaited<ReturnType<typeof getBusinessProfile>>;

/**
 * A request's PDFs, served alike to its customer (/api/service-requests/{n}/…) and to staff
 * (/api/admin/service/{id}/…): each drawn now, or 404 with its reason while it does not exist yet.
 */
const servicePdfs = {
  /** The RMA document once the return is authorised. */
  'rma.pdf': {
    missing: serviceRefusals.noRmaDocument,
    filename: rmaFilename,
    render: (_db: Db, loaded: LoadedForViewer, profile: Profile) =>
      loaded.request.rmaNumber ? rmaDocument(loaded, profile) : null,
  },
  /** The service return's pro-forma once the return is authorised, for an instrument outside the UK. */
  'pro-forma.pdf': {
    missing: serviceRefusals.noProForma,
    filename: repairProFormaFilename,
    render: (db: Db, loaded: LoadedForViewer, profile: Profile, now: Date) =>
      hasRepairProForma(loaded) ? renderRepairProForma(db, loaded, profile, now) : null,
  },
  'decontamination.pdf': {
    missing: serviceRefusals.noDeclaration,
    filename: decontaminationFilename,
    render: decontaminationPdf,
  },
} as const;

export const servicePdfNames = Object.keys(servicePdfs) as (keyof typeof servicePdfs)[];

/** Sends one of the request's PDFs (`servicePdfs`), or 404 with why it does not exist yet. */
export async function sendServicePdf(
  reply: FastifyReply,
  name: keyof typeof servicePdfs,
  loaded: LoadedForViewer,
  context: { db: Db; now: Date },
) {
  const pdf = servicePdfs[name];
  const rendered = await pdf.render(context.db, loaded, await getBusinessProfile(context.db), context.now);
  if (!rendered) throw notFound(pdf.missing);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(pdf.filename(loaded)))
    .header('cache-control', 'private, no-store')
    .send(rendered);
}
