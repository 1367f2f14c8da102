import { reasonSchema } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReferenceService } from './reference.service.js';
import { endpoint } from '../../lib/endpoint.js';

const tags = ['référentiels'];
const reasons = { 200: z.array(reasonSchema) };

export const referenceRoutes: FastifyPluginAsyncZod<{ reference: ReferenceService }> = async (
  app,
  { reference },
) => {
  app.route({
    ...endpoint('GET /transport', { tags, summary: 'Modes de transport' }),
    handler: () => reference.transports(),
  });
  app.route({
    ...endpoint('GET /antennes', { tags, summary: 'Antennes et groupes' }),
    handler: () => reference.antennas(),
  });
  app.route({
    ...endpoint('GET /categorie-actualite', { tags, summary: "Catégories d'actualités" }),
    handler: () => reference.newsCategories(),
  });
  app.route({
    ...endpoint('GET /motifs-annulation', {
      tags,
      summary: "Motifs d'annulation",
      errors: { ...reasons },
    }),
    handler: () => reference.cancellationReasons(),
  });
  app.route({
    ...endpoint('GET /motifs-exclusion', {
      tags,
      summary: "Motifs d'exclusion",
      errors: { ...reasons },
    }),
    handler: () => reference.exclusionReasons(),
  });
  app.route({
    ...endpoint('GET /motifs-signalement/:section', {
      tags,
      summary: 'Motifs de signalement',
      errors: { ...reasons },
    }),
    handler: (req) => reference.reportReasons(req.params.section),
  });
  app.route({
    ...endpoint('GET /departements', { tags, summary: 'Départements' }),
    handler: () => reference.departments(),
  });
};
