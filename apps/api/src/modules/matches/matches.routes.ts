import { idParamSchema, leagueRowSchema, matchSchema, pastMatchSchema } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MatchesService } from './matches.service.js';

const tags = ['matchs'];

export const matchesRoutes: FastifyPluginAsyncZod<{ matches: MatchesService }> = async (
  app,
  { matches },
) => {
  app.get(
    '/matchs/next',
    {
      schema: {
        tags,
        summary: 'Matchs à venir et en cours, le plus proche en premier',
        response: { 200: z.array(matchSchema) },
      },
    },
    () => matches.next(),
  );
  app.get(
    '/matchs/prochain',
    { schema: { tags, summary: 'Le prochain match (ordre 1)', response: { 200: matchSchema } } },
    () => matches.prochain(),
  );
  app.get(
    '/matchs/anciens',
    {
      schema: {
        tags,
        summary: 'Matchs terminés de la saison en cours, le plus récent en premier',
        response: { 200: z.array(pastMatchSchema) },
      },
    },
    () => matches.anciens(),
  );
  app.get(
    '/matchs/:id/calendar.ics',
    {
      schema: {
        tags,
        summary: 'Le match au format iCalendar',
        params: idParamSchema,
        produces: ['text/calendar'],
      },
    },
    async (req, reply) => {
      const ics = await matches.calendar(req.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="match-${req.params.id}.ics"`)
        .send(ics);
    },
  );
  app.get(
    '/matchs/:id',
    {
      schema: { tags, summary: 'Un match', params: idParamSchema, response: { 200: matchSchema } },
    },
    (req) => matches.byId(req.params.id),
  );
  app.get(
    '/classement-ligue1',
    {
      schema: {
        tags,
        summary: 'Classement de la saison en cours',
        response: { 200: z.array(leagueRowSchema) },
      },
    },
    () => matches.leagueTable(),
  );
};
