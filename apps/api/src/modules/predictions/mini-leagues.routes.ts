import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { callerOf } from '../../plugins/auth.js';
import type { MiniLeaguesService } from './mini-leagues.service.js';
import { endpoint } from '../../lib/endpoint.js';

const tags = ['mini-ligues'];

export const miniLeaguesRoutes: FastifyPluginAsyncZod<{ miniLeagues: MiniLeaguesService }> = async (
  app,
  { miniLeagues },
) => {
  app.addHook('onRequest', app.authenticate);

  app.route({
    ...endpoint('POST /mini-leagues', {
      tags,
      summary: 'Créer une mini-ligue (code d’invitation de 8 caractères)',
    }),
    handler: async (req, reply) =>
      reply.code(201).send(await miniLeagues.create(callerOf(req).id, req.body.name)),
  });
  app.route({
    ...endpoint('POST /mini-leagues/join', {
      tags,
      summary: 'Rejoindre une mini-ligue avec son code',
    }),
    handler: (req) => miniLeagues.join(callerOf(req).id, req.body.code),
  });
  app.route({
    ...endpoint('GET /mini-leagues', { tags, summary: 'Mes mini-ligues' }),
    handler: (req) => miniLeagues.mine(callerOf(req).id),
  });
  app.route({
    ...endpoint('GET /mini-leagues/:id', {
      tags,
      summary: 'Classement d’une mini-ligue (membres seulement)',
    }),
    handler: (req) => miniLeagues.detail(callerOf(req).id, req.params.id),
  });
  app.route({
    ...endpoint('DELETE /mini-leagues/:id/members/me', { tags, summary: 'Quitter une mini-ligue' }),
    handler: (req) => miniLeagues.leave(callerOf(req).id, req.params.id),
  });
};
