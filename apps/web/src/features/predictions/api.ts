import {
  keepPreviousData,
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { unwrap } from '../../lib/api';
import { call, query } from '../../lib/call';
import { leaderboardQuery, miniLeaguesQuery, predictionKeys } from './queries';
import type { LeaderboardResponse, MiniLeagueSummary, Prediction } from '@munegu/shared';
import { isMonaco, type PastMatch } from '../matches';

/** The game's shapes, as the API's schemas define them. */
export type {
  JourneeRanking,
  LeaderboardResponse,
  LeaderboardRow,
  MesPronosResponse,
  MiniLeagueDetail,
  MiniLeagueSummary,
  PointsResponse,
  Prediction,
  PronoEntry,
} from '@munegu/shared';

export { predictionKeys } from './queries';

/**
 * The general leaderboard, one page first and the next on `fetchNextPage` ('Voir plus'); `q`
 * filters by pseudo on the server without changing ranks. `rows` are the pages loaded so far.
 */
export function useLeaderboard(q = '') {
  return useInfiniteQuery({
    ...leaderboardQuery(q.trim()),
    placeholderData: keepPreviousData,
    select: joinPages,
  });
}

// Module-level so the query keeps its selected rows between renders (a new function reruns it).
function joinPages(data: InfiniteData<LeaderboardResponse>): LeaderboardResponse | undefined {
  const first = data.pages[0];
  return first && { ...first, rows: data.pages.flatMap((page) => page.rows) };
}

/** The ranking after one round, with movement arrows. */
export function useJourneeRanking(journee: number | null) {
  return useQuery({
    queryKey: predictionKeys.journee(journee ?? 0),
    queryFn: query('GET /users/classement-pronos/journee/:journee', {
      params: { journee: journee ?? 0 },
    }),
    enabled: journee !== null,
  });
}

/** '▲2', '▼1' or '=' (per-journée ranking). */
export function movementLabel(movement: number | null | undefined): string {
  if (!movement) return '=';
  return movement > 0 ? `▲${movement}` : `▼${Math.abs(movement)}`;
}

/** The member's prediction for a match, or null when they made none (the API answers null). */
export function usePrediction(userId: number | undefined, matchId: number, enabled = true) {
  return useQuery({
    queryKey: predictionKeys.prediction(userId ?? 0, matchId),
    enabled: enabled && userId !== undefined,
    retry: false,
    queryFn: async ({ signal }): Promise<Prediction | null> =>
      unwrap(
        await call('GET /user-pronostic-match/:userId/:matchId', {
          params: { userId, matchId },
          signal,
        }),
      ) ?? null,
  });
}

/** Points earned on the nearest match (null while they are being computed). */
export function usePoints(matchId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...predictionKeys.points(), matchId],
    enabled,
    retry: false,
    queryFn: query('GET /user-pronostic-match/points/prochain', { query: { match_id: matchId } }),
  });
}

export function useSavePrediction(userId: number | undefined, matchId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (scores: Prediction) =>
      unwrap(
        await call('POST /user-pronostic-match', {
          // The popup only offers saving to a signed-in member; the server checks it is them.
          body: { userId: userId ?? 0, match_id: matchId, ...scores },
        }),
      ),
    onSuccess: (_data, scores) => {
      client.setQueryData(predictionKeys.prediction(userId ?? 0, matchId), scores);
    },
  });
}

/** 'Mes pronos' of a profile (POST /user-pronostic-match/mes-pronos { publicId }). */
export function useMesPronos(username: string) {
  return useQuery({
    queryKey: predictionKeys.mesPronos(username),
    queryFn: async ({ signal }) =>
      unwrap(
        await call('POST /user-pronostic-match/mes-pronos', {
          body: { publicId: username },
          signal,
        }),
      ),
  });
}

/** Colour of '+N points' (spec section 9): 5 green, 3 yellow, 1 orange, otherwise red. */
export function pointsTone(
  points: number | null | undefined,
): 'green' | 'yellow' | 'orange' | 'red' {
  if (points === 5) return 'green';
  if (points === 3) return 'yellow';
  if (points === 1) return 'orange';
  return 'red';
}

/** 'Classement : {rank}ᵉ / {total}' (spec section 9). */
export const rankLine = (rank: number, total: number) => `Classement : ${rank}ᵉ / ${total}`;

// ── Mini-leagues (signed-in members only) ──

export function useMiniLeagues(enabled: boolean) {
  return useQuery({
    ...miniLeaguesQuery,
    enabled,
    // Friends join with a code sent from another app: back on the tab, however recent the
    // list, its counts are read again. (Not stale at once: the panel mounts, and is enabled
    // once the session is known, right after the loader read it.)
    refetchOnWindowFocus: 'always',
    select: (rows) => (Array.isArray(rows) ? rows : []),
  });
}

/**
 * One league's ranking, read again each time it is opened. Its member count then replaces the
 * list's, which the page read earlier: the count, and the warning given before leaving, follow
 * who is in the league now.
 */
export function useMiniLeague(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: predictionKeys.league(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    queryFn: async (context) => {
      const detail = await query('GET /mini-leagues/:id', { params: { id: id ?? 0 } })(context);
      client.setQueryData<MiniLeagueSummary[]>(predictionKeys.leagues(), (rows) =>
        Array.isArray(rows)
          ? rows.map((row) =>
              row.id === detail.id ? { ...row, members_count: detail.members_count } : row,
            )
          : rows,
      );
      return detail;
    },
  });
}

export function useCreateMiniLeague() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      unwrap(await call('POST /mini-leagues', { body: { name } })),
    onSuccess: () => client.invalidateQueries({ queryKey: predictionKeys.leagues() }),
  });
}

/** Leaves a league (the last member leaving deletes it). */
export function useLeaveMiniLeague() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      unwrap(await call('DELETE /mini-leagues/:id/members/me', { params: { id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: predictionKeys.leagues() }),
  });
}

export function useJoinMiniLeague() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      unwrap(await call('POST /mini-leagues/join', { body: { code } })),
    onSuccess: () => client.invalidateQueries({ queryKey: predictionKeys.leagues() }),
  });
}

/** Option text of the previous-matches dropdown: 'J{round} - {opponent}' (spec section 2). */
export function pastMatchLabel(match: PastMatch): string {
  return `J${match.journee} - ${opponentName(match)}`;
}

/** The club facing AS Monaco (club id 1 or a name containing 'monaco'). */
export function opponentName(match: Pick<PastMatch, 'club_dom' | 'club_ext'>): string {
  if (isMonaco(match.club_dom)) return match.club_ext.nom;
  if (isMonaco(match.club_ext)) return match.club_dom.nom;
  return 'Adversaire inconnu';
}
