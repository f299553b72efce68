import type { FastifyReply } from 'fastify';

/**
 * Sends JSON the route has already serialised (a cached body, or a value built by our own typed
 * code), so the route's response schema, which still documents it, is not run again on every
 * request. Fastify sends a string with a JSON content type as it is.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
