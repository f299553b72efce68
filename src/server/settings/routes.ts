import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicVideos } from '../../shared/own-videos';
import type { PublicSettings } from '../../shared/public-settings';
import { getSettings } from './settings-service';

const publicSettingsSchema = z.object({
  autoQuoteExpiry: z.number().int(),
  defaultProductWarranty: z.number().int(),
  videos: z.object({
    heroLoopUrl: z.string(),
    manualAdditionUrl: z.string(),
    automatedAdditionUrl: z.string(),
    explainerUrl: z.string(),
    embedUrl: z.string(),
  }),
}) satisfies z.ZodType<PublicSettings>;

/** Public settings: what the terms page and the home page show (quote validity, warranty, videos). */
export async function settingsRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/settings/public',
      { schema: { response: { 200: z.object({ settings: publicSettingsSchema }) } } },
      async (_request, reply) => {
        const settings = await getSettings(app.db);
        // Short shared caching: the values change rarely, and a changed setting shows within a minute.
        reply.header('cache-control', 'public, max-age=60');
        return {
          settings: {
            autoQuoteExpiry: settings.autoQuoteExpiry,
            defaultProductWarranty: settings.defaultProductWarranty,
            videos: { ...publicVideos },
          },
        };
      },
    );
}
