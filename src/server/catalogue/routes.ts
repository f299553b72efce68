import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productSchema } from '../../shared/catalogue';
import { notFound } from '../http/http-error';
import { getCachedSettings } from '../settings/settings-service';
import { storefrontProduct } from './batch-ship';
import { getProduct } from './catalogue-service';

const productResponse = z.object({
  product: productSchema,
  /** The UK VAT rate in percent the server prices with (the taxRate setting), so the browser's estimate matches. */
  vatRate: z.number(),
});

export async function catalogueRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/products/:key',
    {
      schema: {
        params: z.object({ key: z.string().min(1).max(100) }),
        response: { 200: productResponse },
      },
    },
    async (request) => {
      const [product, settings] = await Promise.all([
        getProduct(app.db, request.params.key),
        getCachedSettings(app.db),
      ]);
      if (!product) throw notFound('Product not found');
      // A batch date that has passed is not offered as that date: the storefront shows "date to be confirmed".
      return {
        product: storefrontProduct(product, app.now(), settings.batchFewPlacesThreshold),
        vatRate: settings.taxRate,
      };
    },
  );
}
