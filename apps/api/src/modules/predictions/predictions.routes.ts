import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.js';
import type { PredictionsService } from './predictions.service.js';
import { endpoint } from '../../lib/endpoint.js';

const tags = ['pronos'];

export const predictionsRoutes: FastifyPluginAsyncZod<{ predictions: PredictionsService }> = async (
  app,
  { predictions },
) => {
  app.route({
    ...endpoint('POST /user-pronostic-match', {
      tags,
      summary: 'Enregistrer son pronostic (refusé après le coup d’envoi)',
    }),
    onRequest: app.authenticate,
    handler: (req) => predictions.save(callerOf(req).id, req.body),
  });
  app.route({
    ...endpoint('GET /user-pronostic-match/points/prochain', {
      tags,
      summary: 'Ses points sur le dernier match commencé (ou ?match_id=)',
    }),
    onRequest: app.authenticate,
    handler: (req) => predictions.points(callerOf(req).id, req.query.match_id),
  });
  app.route({
    ...endpoint('GET /user-pronostic-match/:userId/:matchId', {
      tags,
      summary: 'Son pronostic pour un match',
    }),
    onRequest: app.authenticate,
    handler: (req) => predictions.get(callerOf(req).id, req.params.userId, req.params.matchId),
  });
  app.route({
    ...endpoint('POST /user-pronostic-match/mes-pronos', {
      tags,
      summary: 'Pronostics notés de la saison d’un membre (pseudo ou id)',
    }),
    handler: (req) => predictions.mesPronos(req.body.publicId),
  });
  app.route({
    ...endpoint('GET /users/classement-pronos', {
      tags,
      summary: 'Classement du jeu de pronostics',
    }),
    onRequest: app.optionalAuth,
    handler: (req) => predictions.leaderboard(req.query, req.caller?.id ?? null),
  });
  app.route({
    ...endpoint('GET /users/classement-pronos/journee/:journee', {
      tags,
      summary: 'Classement après une journée, avec l’évolution depuis la précédente',
    }),
    handler: (req) => predictions.journeeRanking(req.params.journee, req.query),
  });
};
