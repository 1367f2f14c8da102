import { infiniteQueryOptions } from '@tanstack/react-query';
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

/** Rows per page of the general leaderboard (the API's maximum); 'Voir plus' asks for the next. */
const LEADERBOARD_PAGE = 100;

/**
 * The general leaderboard, page by page; `filter` filters by pseudo on the server without
 * changing ranks. A page starts after the rows already loaded, until `matching` are shown.
 */
export const leaderboardQuery = (filter: string) =>
  infiniteQueryOptions({
    queryKey: [...predictionKeys.leaderboard(), filter],
    queryFn: ({ pageParam, signal }) =>
      query('GET /users/classement-pronos', {
        // No offset on the first page: its URL stays the one lib/boot/early.ts asks ahead.
        query: { limit: LEADERBOARD_PAGE, offset: pageParam || undefined, q: filter || undefined },
      })({ signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.rows.length, 0);
      // An empty page ends it too, should members leave the ranking between two pages.
      return last.rows.length > 0 && loaded < last.matching ? loaded : undefined;
    },
  });

/** The member's mini-leagues. */
export const miniLeaguesQuery = {
  queryKey: predictionKeys.leagues(),
  queryFn: query('GET /mini-leagues'),
};
