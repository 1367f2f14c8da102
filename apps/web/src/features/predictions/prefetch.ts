import type { QueryClient } from '@tanstack/react-query';
import { getToken } from '../../lib/token';
import { leaderboardQuery, miniLeaguesQuery } from './queries';

/**
 * What /jeu_prono shows a member beside the past matches: the general ranking and their
 * mini-leagues, fetched by the route's loader so the page renders once, with them (a render
 * per answer was a long task each: 100 ranking rows). A visitor has no token: their ranking is
 * asked by the page as before, and they have no mini-leagues. The early reads (lib/boot/early.ts)
 * have usually already asked both; the API client takes those answers.
 * Kept out of index.ts, which brings the feature's components: the app shell's routes import this.
 */
export function prefetchMemberProno(queryClient: QueryClient): Promise<unknown> {
  if (!getToken()) return Promise.resolve();
  return Promise.all([
    queryClient.prefetchInfiniteQuery(leaderboardQuery('')),
    queryClient.prefetchQuery(miniLeaguesQuery),
  ]);
}
