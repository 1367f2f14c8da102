import {
  antennaSchema,
  departmentSchema,
  newsCategorySchema,
  reasonSchema,
  REPORT_SECTIONS,
  transportTypeSchema,
} from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReferenceService } from './reference.service.js';

const tags = ['référentiels'];
const reasons = { 200: z.array(reasonSchema) };

export const referenceRoutes: FastifyPluginAsyncZod<{ reference: ReferenceService }> = async (
  app,
  { reference },
) => {
  app.get(
    '/transport',
    {
      schema: {
        tags,
        summary: 'Modes de transport',
        response: { 200: z.array(transportTypeSchema) },
      },
    },
    () => reference.transports(),
  );
  app.get(
    '/antennes',
    { schema: { tags, summary: 'Antennes et groupes', response: { 200: z.array(antennaSchema) } } },
    () => reference.antennas(),
  );
  app.get(
    '/categorie-actualite',
    {
      schema: {
        tags,
        summary: "Catégories d'actualités",
        response: { 200: z.array(newsCategorySchema) },
      },
    },
    () => reference.newsCategories(),
  );
  app.get(
    '/motifs-annulation',
    { schema: { tags, summary: "Motifs d'annulation", response: reasons } },
    () => reference.cancellationReasons(),
  );
  app.get(
    '/motifs-exclusion',
    { schema: { tags, summary: "Motifs d'exclusion", response: reasons } },
    () => reference.exclusionReasons(),
  );
  app.get(
    '/motifs-signalement/:section',
    {
      schema: {
        tags,
        summary: 'Motifs de signalement',
        params: z.object({ section: z.enum(REPORT_SECTIONS, { error: 'Section inconnue.' }) }),
        response: reasons,
      },
    },
    (req) => reference.reportReasons(req.params.section),
  );
  app.get(
    '/departements',
    { schema: { tags, summary: 'Départements', response: { 200: z.array(departmentSchema) } } },
    () => reference.departments(),
  );
};
