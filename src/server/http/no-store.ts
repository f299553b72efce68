import type { FastifyInstance } from 'fastify';

/**
 * Keeps every answer of the calling plugin's routes out of browser and shared caches: for route
 * files whose answers carry personal data (the profile, orders, factors, recovery codes), errors
 * included. A route that sets its own Cache-Control keeps it. Call it at the top of the plugin;
 * the hook stays inside that plugin's encapsulation.
 */
export function noStoreAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });
}
