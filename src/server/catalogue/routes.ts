import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarDay } from '../../shared/batches/ship-date';
import { type Product, productSchema } from '../../shared/catalogue';
import type { SystemSettings } from '../../shared/settings';
import { notFound } from '../http/http-error';
import { sendJsonText } from '../http/json-text';
import { getCachedSettings } from '../settings/settings-service';
import { storefrontProduct } from './batch-ship';
import { getProduct } from './catalogue-service';
import { storedModelDocument } from './model-documents';
import { catalogueRefusals, modelDocumentKinds } from '../../shared/instruments/model-documents';
import { pdfDownloadLimit, sendUploadedPdf } from '../http/stored-pdf';

const productResponse = z.object({
  product: productSchema,
  /** The UK VAT rate in percent the server prices with (the taxRate setting), so the browser's estimate matches. */
  vatRate: z.number(),
});

interface ProductBody {
  settings: SystemSettings;
  /** The UTC calendar day the body was made on: a batch date that passes at midnight leaves it. */
  day: string;
  text: string;
}

/**
 * The product's answer, checked against its schema and serialised once per loaded catalogue, settings
 * and day, instead of on every read: the catalogue and settings caches hand out the same objects
 * until a write (or their age limit) reloads them, so the key is the objects themselves.
 */
const bodies = new WeakMap<Product, ProductBody>();

function productBody(product: Product, settings: SystemSettings, now: Date): string {
  const day = calendarDay(now);
  const cached = bodies.get(product);
  if (cached && cached.settings === settings && cached.day === day) return cached.text;
  const body = productResponse.parse({
    // A batch date that has passed is not offered as that date: the storefront shows "date to be confirmed".
    product: storefrontProduct(product, now, settings.batchFewPlacesThreshold),
    vatRate: settings.taxRate,
  });
  const text = JSON.stringify(body);
  bodies.set(product, { settings, day, text });
  return text;
}

export async function catalogueRoutes(app: FastifyInstance) {
  // Issue 41: a model's datasheet or user manual, to anyone, as stored: a PDF shown in the browser's
  // viewer, sandboxed (no script, no same origin) and never sniffed as anything else.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/catalogue/configurations/:configId/documents/:kind',
    {
      schema: { params: z.object({ configId: z.string().min(1).max(100), kind: z.enum(modelDocumentKinds) }) },
      config: { rateLimit: pdfDownloadLimit() },
    },
    async (request, reply) => {
      const stored = await storedModelDocument(app.db, request.params.configId, request.params.kind);
      if (!stored) throw notFound(catalogueRefusals.documentNotFound);
      return sendUploadedPdf(request, reply, stored, 'public, max-age=300');
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/products/:key',
    {
      schema: {
        params: z.object({ key: z.string().min(1).max(100) }),
        response: { 200: productResponse },
      },
    },
    async (request, reply) => {
      const [product, settings] = await Promise.all([
        getProduct(app.db, request.params.key),
        getCachedSettings(app.db),
      ]);
      if (!product) throw notFound(catalogueRefusals.productNotFound);
      return sendJsonText(reply, productBody(product, settings, app.now()));
    },
  );
}
