import { query } from '../../lib/call';

/*
 * The game's query keys and the queries /jeu_prono's loader prefetches, apart from api.ts so
 * the app shell's routes (prefetch.ts) bring only these into the first load, not the feature's
 * mutations.
 */

export const predictionKeys = {
  all: ['predictions'] as const,
  leaderboard: () => [...predictionKeys.all, 'leaderboard'] as const,
  journee: (j: number) => [...predictionKeys.all, 'journee', j] as const,
  prediction: (userId: number, matchId: number) =>
    [...predictionKeys.all, 'prediction', userId, matchId] as const,
  points: () => [...predictionKeys.all, 'points-next'] as const,
  mesPronos: (username: string) => [...predictionKeys.all, 'mes-pronos', username] as const,
  leagues: () => [...predictionKeys.all, 'mini-leagues'] as const,
  league: (id: number) => [...predictionKeys.all, 'mini-leagues', id] as const,
};

/** The general leaderboard's query; `filter` filters by pseudo on the server without changing ranks. */
export const leaderboardQuery = (filter: string) => ({
  queryKey: [...predictionKeys.leaderboard(), filter],
  queryFn: query('GET /users/classement-pronos', {
    query: { limit: 100, q: filter || undefined },
  }),
});
/** The member's mini-leagues. */
export const miniLeaguesQuery = {
  queryKey: predictionKeys.leagues(),
  queryFn: query('GET /mini-leagues'),
};
