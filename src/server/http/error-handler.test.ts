import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandlerPlugin } from './error-handler';
import { badRequest, conflict, withValues } from './http-error';

async function appWithRoutes() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/boom', async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  typed.post('/bad', async () => {
    throw badRequest('Please enter a valid email address', { fields: { email: 'Please enter a valid email address' } });
  });
  typed.post('/refused', async () => {
    throw conflict(
      withValues(
        {
          id: 'orgRefusal.tooManyInvitationsToday',
          message: 'You have sent {count} invitations in the last 24 hours.',
        },
        { count: 20 },
      ),
      { code: 'invitations_per_day' },
    );
  });
  typed.post(
    '/validated',
    { schema: { body: z.object({ email: z.email('Please enter a valid email address') }) } },
    async () => ({ ok: true }),
  );
  return app;
}

describe('error handler', () => {
  it('hides the internals of an unexpected error', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'POST', url: '/boom', payload: {} });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal_error', message: 'Unexpected error occurred' } });
    expect(response.body).not.toContain('secret');
  });

  it('answers an HttpError with its status, message and fields', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'POST', url: '/bad', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Please enter a valid email address',
        fields: { email: 'Please enter a valid email address' },
      },
    });
  });

  it('answers a refusal given as a descriptor with its message id and values beside its code (issue 53)', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'POST', url: '/refused', payload: {} });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'invitations_per_day',
        message: 'You have sent 20 invitations in the last 24 hours.',
        messageId: 'orgRefusal.tooManyInvitationsToday',
        values: { count: 20 },
      },
    });
  });

  it('answers a schema failure with 400 and the field messages', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'POST', url: '/validated', payload: { email: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'invalid_input',
      message: 'Please enter a valid email address',
      fields: { email: 'Please enter a valid email address' },
    });
  });
});
