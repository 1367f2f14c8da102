import { z } from 'zod';
import '../zod-locale.js';
import { idParamSchema, messageResponseSchema } from '../schemas/common.js';
import {
  adminClubInputSchema,
  adminClubSchema,
  adminMatchInputSchema,
  adminMatchListQuerySchema,
  adminMatchSchema,
  clubDetailSchema,
  importQuerySchema,
  importResultSchema,
  leagueTableInputSchema,
  matchDeleteQuerySchema,
  matchScoreInputSchema,
  pastMatchSchema,
} from '../schemas/matches.js';
import {
  journeeRankingParamsSchema,
  journeeRankingQuerySchema,
  journeeRankingSchema,
  leaderboardQuerySchema,
  leaderboardResponseSchema,
  mesPronosInputSchema,
  mesPronosResponseSchema,
  miniLeagueCreateSchema,
  miniLeagueDetailSchema,
  miniLeagueJoinSchema,
  miniLeagueSummarySchema,
  pointsQuerySchema,
  pointsResponseSchema,
  predictionInputSchema,
  predictionParamsSchema,
  predictionSchema,
} from '../schemas/predictions.js';
import { leagueRowSchema, matchSchema } from '../schemas/reference.js';
import { defineEndpoints, writeEndpoints } from './define.js';

/** Spec section 7: matches, clubs, the prediction game, mini-leagues and the operators' API. */
export const gameEndpoints = defineEndpoints({
  'GET /matchs/next': { response: z.array(matchSchema) },
  'GET /matchs/prochain': { response: matchSchema },
  'GET /matchs/anciens': { response: z.array(pastMatchSchema) },
  /** An iCalendar file download. */
  'GET /matchs/:id/calendar.ics': { params: idParamSchema, response: null },
  'GET /matchs/:id': { params: idParamSchema, response: matchSchema },
  'GET /classement-ligue1': { response: z.array(leagueRowSchema) },
  'GET /club/:id': { params: idParamSchema, response: clubDetailSchema },

  'POST /user-pronostic-match': { body: predictionInputSchema, response: messageResponseSchema },
  'GET /user-pronostic-match/points/prochain': {
    query: pointsQuerySchema,
    response: pointsResponseSchema,
  },
  /** null: no prediction for this match yet (an empty answer, not an error). */
  'GET /user-pronostic-match/:userId/:matchId': {
    params: predictionParamsSchema,
    response: predictionSchema.nullable(),
  },
  'POST /user-pronostic-match/mes-pronos': {
    body: mesPronosInputSchema,
    response: mesPronosResponseSchema,
  },
  'GET /users/classement-pronos': {
    query: leaderboardQuerySchema,
    response: leaderboardResponseSchema,
  },
  'GET /users/classement-pronos/journee/:journee': {
    params: journeeRankingParamsSchema,
    query: journeeRankingQuerySchema,
    response: journeeRankingSchema,
  },

  'POST /mini-leagues': {
    body: miniLeagueCreateSchema,
    response: miniLeagueSummarySchema,
    status: 201,
  },
  'POST /mini-leagues/join': { body: miniLeagueJoinSchema, response: miniLeagueSummarySchema },
  'GET /mini-leagues': { response: z.array(miniLeagueSummarySchema) },
  'GET /mini-leagues/:id': { params: idParamSchema, response: miniLeagueDetailSchema },
  'DELETE /mini-leagues/:id/members/me': {
    params: idParamSchema,
    response: messageResponseSchema,
  },

  'GET /admin/matchs': { query: adminMatchListQuerySchema, response: z.array(adminMatchSchema) },
  ...writeEndpoints('/admin/matchs', adminMatchInputSchema, adminMatchSchema),
  /** `?pronostics=N`: the predictions the operator agreed to lose (see matchDeleteQuerySchema). */
  'DELETE /admin/matchs/:id': {
    params: idParamSchema,
    query: matchDeleteQuerySchema,
    response: messageResponseSchema,
  },
  'PUT /admin/matchs/:id/score': {
    params: idParamSchema,
    body: matchScoreInputSchema,
    response: adminMatchSchema,
  },
  'DELETE /admin/matchs/:id/score': { params: idParamSchema, response: adminMatchSchema },
  'PUT /admin/classement': { body: leagueTableInputSchema, response: messageResponseSchema },
  /** CSV or JSON rows, sent as a file or as a body; read by the route itself. */
  'POST /admin/import/matchs': {
    query: importQuerySchema,
    upload: true,
    response: importResultSchema,
  },
  'POST /admin/import/classement': {
    query: importQuerySchema,
    upload: true,
    response: importResultSchema,
  },
  'GET /admin/clubs': { response: z.array(adminClubSchema) },
  'POST /admin/clubs': { body: adminClubInputSchema, response: adminClubSchema, status: 201 },
  'PUT /admin/clubs/:id': {
    params: idParamSchema,
    body: adminClubInputSchema,
    response: adminClubSchema,
  },
  'POST /admin/clubs/:id/logo': { params: idParamSchema, upload: true, response: adminClubSchema },
} as const);
