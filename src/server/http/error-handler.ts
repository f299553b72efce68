import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../shared/api-error';
import { fieldRefusal } from '../../shared/field-messages';
import type { MessageValues } from '../../shared/i18n/message';
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE_MESSAGE } from './database-unavailable';
import { HttpError } from './http-error';

const INTERNAL_MESSAGE = 'Unexpected error occurred';

const codeByStatus: Record<number, string> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

function body(
  code: string,
  message: string,
  fields?: Record<string, string>,
  said?: {
    messageId?: string | undefined;
    values?: MessageValues | undefined;
    fieldMessageIds?: Record<string, string> | undefined;
  },
): ApiErrorBody {
  return {
    error: {
      code,
      message,
      ...(said?.messageId ? { messageId: said.messageId } : {}),
      ...(said?.values ? { values: said.values } : {}),
      ...(fields ? { fields } : {}),
      ...(said?.fieldMessageIds ? { fieldMessageIds: said.fieldMessageIds } : {}),
    },
  };
}

/** Turns every error into the API's JSON error body; 5xx bodies never carry internals. */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields, error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const said: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        said[path] ??= issue.message ?? 'Invalid value';
      }
      // A shared field's message is its id (src/shared/field-messages.ts): its English in `fields`, the id beside.
      const { fields, fieldMessageIds } = fieldRefusal(said);
      const [first] = Object.keys(fields);
      const message = (first && fields[first]) || 'Invalid input';
      const messageId = first ? fieldMessageIds[first] : undefined;
      return reply.status(400).send(
        body('invalid_input', message, fields, {
          messageId,
          fieldMessageIds: Object.keys(fieldMessageIds).length > 0 ? fieldMessageIds : undefined,
        }),
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(codeByStatus[status] ?? 'bad_request', error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // The transaction was rolled back with the connection; the client may retry (same idempotency key).
      request.log.warn({ code: (error as { code?: unknown }).code }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send(body('unavailable', SERVICE_UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(status >= 500 && status < 600 ? status : 500).send(body('internal_error', INTERNAL_MESSAGE));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('not_found', `No API route for ${request.method} ${request.url.split('?')[0]}`));
  });
}

export const errorHandlerPlugin = fp(errorHandler, { name: 'error-handler' });
