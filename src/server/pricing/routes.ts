import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type SelectedConfiguration, selectedConfigurationSchema } from '../../shared/configuration';
import { pricingResponseSchema } from '../../shared/pricing/pricing-schema';
import { sendJsonText } from '../http/json-text';
import type { Product } from '../../shared/catalogue';
import type { SystemSettings } from '../../shared/settings';
import { priceWith, pricingInputs } from './price-selection';

/** How many priced selections are kept per loaded catalogue and settings (the oldest goes first). */
const KEPT_PRICES = 256;

/**
 * The configurator asks for a price on every change, and most visitors price the same few
 * selections (the default first). A price is a pure function of the catalogue, the settings and the
 * selection, so each answer is kept, serialised, with the catalogue and settings objects it was made
 * from: the caches hand out new objects after any write, which leaves the old answers behind.
 */
const kept = new WeakMap<Product, { settings: SystemSettings; bodies: Map<string, string> }>();

function pricedBody(product: Product, settings: SystemSettings, selection: SelectedConfiguration): string {
  let entry = kept.get(product);
  if (!entry || entry.settings !== settings) {
    entry = { settings, bodies: new Map() };
    kept.set(product, entry);
  }
  // The selection as the body schema gave it back: its keys in the schema's order.
  const key = JSON.stringify(selection);
  const found = entry.bodies.get(key);
  if (found !== undefined) return found;
  // A refused selection throws its 400 here and is not kept.
  const text = JSON.stringify(priceWith(product, settings, selection));
  if (entry.bodies.size >= KEPT_PRICES) entry.bodies.delete(entry.bodies.keys().next().value as string);
  entry.bodies.set(key, text);
  return text;
}

export async function pricingRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/pricing',
    {
      schema: {
        body: z.object({ configuration: selectedConfigurationSchema }),
        response: { 200: pricingResponseSchema },
      },
    },
    async (request, reply) => {
      const { product, settings } = await pricingInputs(app.db, app.now());
      // The one pricing function's typed result, serialised as it is (the schema documents it; the
      // route test holds the two equal), not checked again on each of the configurator's requests.
      return sendJsonText(reply, pricedBody(product, settings, request.body.configuration));
    },
  );
}
