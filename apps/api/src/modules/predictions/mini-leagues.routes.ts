import {
  idParamSchema,
  messageResponseSchema,
  miniLeagueCreateSchema,
  miniLeagueDetailSchema,
  miniLeagueJoinSchema,
  miniLeagueSummarySchema,
} from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.js';
import type { MiniLeaguesService } from './mini-leagues.service.js';

const tags = ['mini-ligues'];

export const miniLeaguesRoutes: FastifyPluginAsyncZod<{ miniLeagues: MiniLeaguesService }> = async (
  app,
  { miniLeagues },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/mini-leagues',
    {
      schema: {
        tags,
        summary: 'Créer une mini-ligue (code d’invitation de 8 caractères)',
        body: miniLeagueCreateSchema,
        response: { 201: miniLeagueSummarySchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await miniLeagues.create(callerOf(req).id, req.body.name)),
  );
  app.post(
    '/mini-leagues/join',
    {
      schema: {
        tags,
        summary: 'Rejoindre une mini-ligue avec son code',
        body: miniLeagueJoinSchema,
        response: { 200: miniLeagueSummarySchema },
      },
    },
    (req) => miniLeagues.join(callerOf(req).id, req.body.code),
  );
  app.get(
    '/mini-leagues',
    {
      schema: {
        tags,
        summary: 'Mes mini-ligues',
        response: { 200: z.array(miniLeagueSummarySchema) },
      },
    },
    (req) => miniLeagues.mine(callerOf(req).id),
  );
  app.get(
    '/mini-leagues/:id',
    {
      schema: {
        tags,
        summary: 'Classement d’une mini-ligue (membres seulement)',
        params: idParamSchema,
        response: { 200: miniLeagueDetailSchema },
      },
    },
    (req) => miniLeagues.detail(callerOf(req).id, req.params.id),
  );
  app.delete(
    '/mini-leagues/:id/members/me',
    {
      schema: {
        tags,
        summary: 'Quitter une mini-ligue',
        params: idParamSchema,
        response: { 200: messageResponseSchema },
      },
    },
    (req) => miniLeagues.leave(callerOf(req).id, req.params.id),
  );
};
