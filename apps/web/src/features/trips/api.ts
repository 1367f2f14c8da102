import { useQuery } from '@tanstack/react-query';
import { LIMITS, type Trip } from '@munegu/shared';
import { query } from '../../lib/call';
import { acceptsRegistrations } from './labels';

export type { OwnRegistration, RegistrationResult, Trip } from '@munegu/shared';

/**
 * Cache keys of coach trips (issue 30). Everything sits under 'trips' so that a write may make
 * the whole family stale at once; the organisers' screens add their own keys under the same root.
 */
export const tripKeys = {
  all: ['trips'] as const,
  match: (matchId: number) => [...tripKeys.all, 'match', matchId] as const,
};

/**
 * The match's trips as the signed-in member sees them, each with their own registration. Read
 * again when the window regains focus: a waiting position moves while the member is elsewhere
 * (the socket's 'tripChanged' covers the time the page is open, realtime.ts). The socket only
 * reaches a trip's registrants and organisers, so while a coach takes registrations the page
 * also reads the seats again every LIMITS.tripsRefreshMs (visible pages only): a member not
 * yet registered is not promised seats that others took meanwhile.
 */
export function useMatchTrips(matchId: number, enabled = true) {
  return useQuery({
    queryKey: tripKeys.match(matchId),
    queryFn: query('GET /deplacements', { query: { match_id: matchId } }),
    enabled,
    // Even within the app's 30 s staleness: a member coming back wants the position of now.
    refetchOnWindowFocus: 'always',
    // Typed by hand: an inferred parameter here would stop the query's own inference.
    refetchInterval: (q: { state: { data?: Trip[] } }) =>
      q.state.data?.some(acceptsRegistrations) ? LIMITS.tripsRefreshMs : false,
    refetchIntervalInBackground: false,
    retry: false,
  });
}
