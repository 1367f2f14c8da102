import { useQuery } from '@tanstack/react-query';
import { LIMITS, type AppNotification } from '@munegu/shared';
import { callIfAuthenticated, query } from '../../lib/call';
import { unwrap } from '../../lib/api';

export type {
  AppNotification,
  CarpoolNotification,
  CarpoolRelation,
  ConfirmedCarpool,
  MatchInfo,
  MyCarpools,
  Presence,
  RideSearch,
  StadiumMatch,
  Supporter,
} from '@munegu/shared';

/**
 * Cache keys of going to the match. Everything about one match sits under `match(id)`, so a
 * write invalidates that one prefix and every open view of the match refetches.
 */
export const carpoolKeys = {
  all: ['carpool'] as const,
  match: (matchId: number) => [...carpoolKeys.all, 'match', matchId] as const,
  info: (matchId: number) => [...carpoolKeys.match(matchId), 'info'] as const,
  presence: (matchId: number) => [...carpoolKeys.match(matchId), 'presence'] as const,
  search: (matchId: number) => [...carpoolKeys.match(matchId), 'search'] as const,
  confirmed: (matchId: number) => [...carpoolKeys.match(matchId), 'confirmed'] as const,
  relations: (matchId: number) => [...carpoolKeys.match(matchId), 'relations'] as const,
  departments: (matchId: number) => [...carpoolKeys.match(matchId), 'departments'] as const,
  supporters: (matchId: number, dept: string | null) =>
    [...carpoolKeys.match(matchId), 'supporters', dept] as const,
  reasons: (kind: 'annulation' | 'exclusion') => [...carpoolKeys.all, 'reasons', kind] as const,
  stadiumAll: () => [...carpoolKeys.all, 'stadium'] as const,
  stadium: (publicId: string | number) => [...carpoolKeys.stadiumAll(), publicId] as const,
  transports: () => [...carpoolKeys.all, 'transports'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  mine: () => [...notificationKeys.all, 'me'] as const,
  details: () => [...notificationKeys.all, 'detail'] as const,
  detail: (id: number) => [...notificationKeys.details(), id] as const,
};

/** 'Info for a match' (spec section 3): null until the member answered the presence form. */
export function useMatchInfo(matchId: number | null, enabled = true) {
  return useQuery({
    queryKey: carpoolKeys.info(matchId ?? 0),
    queryFn: async ({ signal }) =>
      unwrap(
        await callIfAuthenticated('GET /users/infos-utilisateur', {
          query: { match_id: matchId ?? 0 },
          signal,
        }),
      ),
    enabled: enabled && matchId !== null,
  });
}

export function usePresence(matchId: number) {
  return useQuery({
    queryKey: carpoolKeys.presence(matchId),
    queryFn: query('GET /user-transport/me', { query: { match_id: matchId } }),
  });
}

export function useRideSearch(matchId: number) {
  return useQuery({
    queryKey: carpoolKeys.search(matchId),
    queryFn: query('GET /user-recherche/me', { query: { match_id: matchId } }),
  });
}

/** The member's confirmed carpool for the match (driver and passengers), or null. */
export function useConfirmedCarpool(matchId: number, enabled = true) {
  return useQuery({
    queryKey: carpoolKeys.confirmed(matchId),
    queryFn: query('GET /user-to-user-match/mon-covoiturage-confirme', {
      query: { match_id: matchId },
    }),
    enabled,
  });
}

/** The member's pending and confirmed relations for the match. */
export function useMyRelations(matchId: number, enabled = true) {
  return useQuery({
    queryKey: carpoolKeys.relations(matchId),
    queryFn: query('GET /user-to-user-match/mes-relations', { query: { match_id: matchId } }),
    enabled,
  });
}

/**
 * What others declare for the match changes without telling this page (only carpool answers
 * are pushed): an open map reads it again every LIMITS.munegumapRefreshMs while the page is
 * visible, and when the member comes back to it.
 */
const LIVE_ENOUGH = {
  refetchInterval: LIMITS.munegumapRefreshMs,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
} as const;

/** Departments with supporters for the match ('<3' below three) and detour suggestions. */
export function useAvailableDepartments(matchId: number, enabled = true) {
  return useQuery({
    queryKey: carpoolKeys.departments(matchId),
    queryFn: query('GET /users/departements-disponibles', { query: { match_id: matchId } }),
    enabled,
    ...LIVE_ENOUGH,
  });
}

/** Supporters of one department (the member's own when `dept` is null). */
export function useSupporters(matchId: number, dept: string | null, enabled = true) {
  return useQuery({
    queryKey: carpoolKeys.supporters(matchId, dept),
    queryFn: query('GET /users/supporters-par-departement-detail', {
      query: { match_id: matchId, ...(dept ? { departement: dept } : {}) },
    }),
    enabled,
    ...LIVE_ENOUGH,
  });
}

export function useTransports() {
  return useQuery({
    queryKey: carpoolKeys.transports(),
    queryFn: query('GET /transport'),
    staleTime: 60 * 60_000,
  });
}

/** Cancellation or exclusion reasons, 'Autre' last (the API sorts them). */
export function useReasons(kind: 'annulation' | 'exclusion', enabled = true) {
  return useQuery({
    queryKey: carpoolKeys.reasons(kind),
    queryFn: query(kind === 'annulation' ? 'GET /motifs-annulation' : 'GET /motifs-exclusion'),
    staleTime: 10 * 60_000,
    enabled,
  });
}

/** 'Mes matchs au stade' and past carpools of a member (pseudo or id). */
export function useStadiumMatches(publicId: string | number) {
  return useQuery({
    queryKey: carpoolKeys.stadium(publicId),
    queryFn: query('POST /users/my-covoiturage', { body: { publicId } }),
  });
}

/** The bell's list, newest first; signed out it is empty without a request. */
export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.mine(),
    queryFn: async ({ signal }): Promise<AppNotification[]> =>
      unwrap(await callIfAuthenticated('GET /user-notification/me', { signal })) ?? [],
    enabled,
    retry: false,
    // Reading, answering or deleting in another tab or on another device tells this tab
    // nothing: it catches up when the member comes back to it.
    refetchOnWindowFocus: 'always',
  });
}

/** What the popup of a carpool notification shows (relation, sender, reason). */
export function useCarpoolNotification(id: number | null) {
  return useQuery({
    queryKey: notificationKeys.detail(id ?? 0),
    queryFn: query('GET /notification-covoiturage/:id', { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}
