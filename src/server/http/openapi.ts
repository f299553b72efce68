import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3 description of the API, generated from the zod schemas on the routes and served
 * at /api/openapi.json. Register it before the routes: it collects them as they are added.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route registered after this plugin, as "METHOD /path/{param}" (the test compares it with the document). */
    apiRoutes: string[];
  }
}

async function openApi(app: FastifyInstance) {
  const apiRoutes: string[] = [];
  app.decorate('apiRoutes', apiRoutes);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Dropwise shop API',
        version: '1.0.0',
        description: 'See docs/api/ for the behaviour of each route.',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
    // Only the JSON API: the pages and assets the web app serves are not part of it.
    hiddenTag: 'hidden',
    hideUntagged: false,
  });
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (url.startsWith('/api/') && url !== '/api/openapi.json') {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') apiRoutes.push(`${method} ${url.replace(/:(\w+)/g, '{$1}')}`);
    }
    if (!url.startsWith('/api/') && route.schema) route.schema.hide = true;
    else if (!url.startsWith('/api/')) route.schema = { hide: true };
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

export const openApiPlugin = fp(openApi, { name: 'openapi' });
