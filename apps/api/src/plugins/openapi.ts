import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document built from the routes' zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Munegu API',
          version: '0.1.0',
          description: "API de l'application des supporters.",
        },
      },
      transform: jsonSchemaTransform,
    });
    // The UI loads only same-origin scripts and styles: the app's own CSP fits it as is.
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
