import {
  journeeRankingParamsSchema,
  journeeRankingQuerySchema,
  journeeRankingSchema,
  leaderboardQuerySchema,
  leaderboardResponseSchema,
  mesPronosInputSchema,
  mesPronosResponseSchema,
  messageResponseSchema,
  pointsQuerySchema,
  pointsResponseSchema,
  predictionInputSchema,
  predictionParamsSchema,
  predictionSchema,
} from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.js';
import type { PredictionsService } from './predictions.service.js';

const tags = ['pronos'];

export const predictionsRoutes: FastifyPluginAsyncZod<{ predictions: PredictionsService }> = async (
  app,
  { predictions },
) => {
  app.post(
    '/user-pronostic-match',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Enregistrer son pronostic (refusé après le coup d’envoi)',
        body: predictionInputSchema,
        response: { 200: messageResponseSchema },
      },
    },
    (req) => predictions.save(callerOf(req).id, req.body),
  );
  app.get(
    '/user-pronostic-match/points/prochain',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Ses points sur le dernier match commencé (ou ?match_id=)',
        querystring: pointsQuerySchema,
        response: { 200: pointsResponseSchema },
      },
    },
    (req) => predictions.points(callerOf(req).id, req.query.match_id),
  );
  app.get(
    '/user-pronostic-match/:userId/:matchId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Son pronostic pour un match',
        params: predictionParamsSchema,
        response: { 200: predictionSchema },
      },
    },
    (req) => predictions.get(callerOf(req).id, req.params.userId, req.params.matchId),
  );
  app.post(
    '/user-pronostic-match/mes-pronos',
    {
      schema: {
        tags,
        summary: 'Pronostics notés de la saison d’un membre (pseudo ou id)',
        body: mesPronosInputSchema,
        response: { 200: mesPronosResponseSchema },
      },
    },
    (req) => predictions.mesPronos(req.body.publicId),
  );
  app.get(
    '/users/classement-pronos',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'Classement du jeu de pronostics',
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardResponseSchema },
      },
    },
    (req) => predictions.leaderboard(req.query, req.caller?.id ?? null),
  );
  app.get(
    '/users/classement-pronos/journee/:journee',
    {
      schema: {
        tags,
        summary: 'Classement après une journée, avec l’évolution depuis la précédente',
        params: journeeRankingParamsSchema,
        querystring: journeeRankingQuerySchema,
        response: { 200: journeeRankingSchema },
      },
    },
    (req) => predictions.journeeRanking(req.params.journee, req.query),
  );
};
