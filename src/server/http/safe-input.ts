import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasUnsafeCharacter } from '../../shared/xml-characters';
import { badRequest } from './http-error';

export const unsafeTextMessage = 'Text contains characters that are not allowed.';

/** The path (`billing.city`, `params.id`) of the first string or key holding unsafe text, if any. */
export function findUnsafeText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return hasUnsafeCharacter(value) ? path : null;
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (hasUnsafeCharacter(key)) return childPath;
    const found = findUnsafeText(child, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

function check(request: FastifyRequest) {
  const found =
    findUnsafeText(request.params, 'params') ??
    findUnsafeText(request.query, 'query') ??
    findUnsafeText(request.body, '');
  if (found !== null) throw badRequest(unsafeTextMessage, { fields: { [found || 'body']: unsafeTextMessage } });
}

/**
 * The one place where every route's input (params, query string, JSON body; storefront and admin)
 * is checked for characters no text may hold (`UNSAFE_CHARACTER`: NUL and the other C0 controls
 * but tab and line breaks, lone surrogates, non-characters such as U+FFFE), before any schema or
 * handler sees it: such input is refused with a 400 naming the field. Free-text fields are
 * additionally cleaned by their schemas (docs/decisions/0005, 0072).
 */
async function safeInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => check(request));
}

export const safeInputPlugin = fp(safeInput, { name: 'safe-input' });
