import { healthSchema } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health.service.js';
import { endpoint } from '../../lib/endpoint.js';
import { precompiledSerializer } from '../../lib/precompiled-serializer.js';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (
  app,
  { health },
) => {
  app.route({
    ...endpoint('GET /health', {
      tags: ['système'],
      summary: "État de l'API et de la base",
      errors: { 503: healthSchema },
    }),
    // Probes call this often; it must not eat the clients' rate-limit budget, and its two
    // answers are built right here. Its answers (about 30 bytes) are far below the compression
    // threshold and it takes no body: @fastify/compress's hooks (reply decoration, body
    // decompression, the onSend check) would only cost each probe time (bench/api.bench.ts).
    config: { rateLimit: false },
    compress: false,
    decompress: false,
    serializerCompiler: precompiledSerializer,
    handler: async (_req, reply) => {
      const result = await health.check();
      return reply.status(result.status === 'ok' ? 200 : 503).send(result);
    },
  });
};
