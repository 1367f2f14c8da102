import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthService } from './health.service.js';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (
  app,
  { health },
) => {
  app.get(
    '/health',
    {
      // Probes call this often; it must not eat the clients' rate-limit budget.
      config: { rateLimit: false },
      schema: {
        tags: ['système'],
        summary: "État de l'API et de la base",
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_req, reply) => {
      const result = await health.check();
      return reply.status(result.status === 'ok' ? 200 : 503).send(result);
    },
  );
};
