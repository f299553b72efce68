import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestRefusals } from '../../shared/api-error';
import { forbidden, unsupportedMediaType } from './http-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * CSRF defence for the cookie session: a state-changing request must be JSON (a cross-site form
 * cannot send that without a CORS preflight, which we never grant) and, when a browser names its
 * Origin, it must be this site.
 */
async function sameOrigin(app: FastifyInstance, options: { publicUrl: string }) {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const contentType = request.headers['content-type'] ?? '';
    if (!contentType.toLowerCase().startsWith('application/json')) {
      throw unsupportedMediaType(requestRefusals.jsonRequired);
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const claimed = originOf(origin);
    if (
      claimed === undefined ||
      (claimed !== publicOrigin && claimed !== originOf(`${request.protocol}://${request.headers.host}`))
    ) {
      throw forbidden(requestRefusals.crossSite, { code: 'forbidden_origin' });
    }
  });
}

export const sameOriginPlugin = fp(sameOrigin, { name: 'same-origin' });
