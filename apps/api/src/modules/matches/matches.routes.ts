import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { MatchesService } from './matches.service.js';
import { endpoint } from '../../lib/endpoint.js';
import { precompiledSerializer } from '../../lib/precompiled-serializer.js';

const tags = ['matchs'];

export const matchesRoutes: FastifyPluginAsyncZod<{ matches: MatchesService }> = async (
  app,
  { matches },
) => {
  app.route({
    ...endpoint('GET /matchs/next', {
      tags,
      summary: 'Matchs à venir et en cours, le plus proche en premier',
    }),
    // The home page's read, by every visitor: serialised without a second walk (see there).
    serializerCompiler: precompiledSerializer,
    handler: () => matches.next(),
  });
  app.route({
    ...endpoint('GET /matchs/prochain', { tags, summary: 'Le prochain match (ordre 1)' }),
    handler: () => matches.prochain(),
  });
  app.route({
    ...endpoint('GET /matchs/anciens', {
      tags,
      summary: 'Matchs terminés de la saison en cours, le plus récent en premier',
    }),
    handler: () => matches.anciens(),
  });
  app.route({
    ...endpoint('GET /matchs/:id/calendar.ics', {
      tags,
      summary: 'Le match au format iCalendar',
      produces: ['text/calendar'],
    }),
    handler: async (req, reply) => {
      const ics = await matches.calendar(req.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="match-${req.params.id}.ics"`)
        .send(ics);
    },
  });
  app.route({
    ...endpoint('GET /matchs/:id', { tags, summary: 'Un match' }),
    handler: (req) => matches.byId(req.params.id),
  });
  app.route({
    ...endpoint('GET /classement-ligue1', { tags, summary: 'Classement de la saison en cours' }),
    serializerCompiler: precompiledSerializer,
    handler: () => matches.leagueTable(),
  });
};
