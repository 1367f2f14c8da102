import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MONACO_CLUB_ID, type Match, type PastMatch } from '@munegu/shared';
import { query } from '../../lib/call';
import { preloadImage } from '../../lib/boot/preloadImage';
import { matchKickoff } from '../../lib/dates';

/** Spec section 3, Past match (GET /matchs/anciens). */
export type { PastMatch };

export const matchKeys = {
  all: ['matches'] as const,
  next: () => [...matchKeys.all, 'next'] as const,
  past: () => [...matchKeys.all, 'past'] as const,
  league: () => [...matchKeys.all, 'league-table'] as const,
};

const nextMatchesQuery = { queryKey: matchKeys.next(), queryFn: query('GET /matchs/next') };

/**
 * Starts fetching the upcoming matches before the home page's code has arrived (its route's
 * loader): the first slide's crests are the page's largest paint, and they wait for this answer.
 */
export function prefetchNextMatches(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(nextMatchesQuery).then(() => {
    // ...and, once it is here, their download starts at once, not after the page has rendered
    // (the <img> of the first slide then finds them in the memory cache).
    const [first] = byOrdre(queryClient.getQueryData<Match[]>(matchKeys.next()));
    preloadCrests(first, 'high');
  });
}

type WithCrests = { club_dom: { logo?: string | null }; club_ext: { logo?: string | null } };

/** A match's two crests, downloading before the page renders them (lib/boot/preloadImage). */
function preloadCrests(match: WithCrests | undefined, priority: 'high' | 'auto') {
  if (!match) return;
  preloadImage(match.club_dom.logo, priority);
  preloadImage(match.club_ext.logo, priority);
}

/** Nearest first (ordre 1), as the carousel shows them. */
const byOrdre = (matches: Match[] | undefined) =>
  Array.isArray(matches) ? [...matches].sort((a, b) => a.ordre - b.ordre) : [];

/** Upcoming and live matches, nearest first (ordre 1). */
export function useNextMatches() {
  return useQuery({ ...nextMatchesQuery, select: byOrdre });
}

/** How often the page asks again while the server still has a passed kickoff to come. */
const KICKOFF_RECHECK_MS = 5_000;

/**
 * Asks for the upcoming matches again once `match`'s kickoff has passed, then every few
 * seconds until the server agrees (the two clocks differ): the page then shows 'MATCH EN
 * COURS' with its live link and no longer offers to change a presence, without a reload.
 * `now` is the caller's ticking clock (useNow), so this adds no timer.
 */
export function useRefetchAtKickoff(match: Match | undefined, now: number): void {
  const queryClient = useQueryClient();
  const waiting =
    match !== undefined &&
    match.edit_pronostic &&
    !match.is_finish &&
    now >= matchKickoff(match.date, match.heure).getTime();
  const round = waiting ? Math.floor(now / KICKOFF_RECHECK_MS) : null;
  useEffect(() => {
    if (round !== null) void queryClient.invalidateQueries({ queryKey: matchKeys.next() });
  }, [round, queryClient]);
}

const pastMatchesQuery = { queryKey: matchKeys.past(), queryFn: query('GET /matchs/anciens') };

/** The game page's past matches, fetched beside the page's code (its route's loader). */
export function prefetchPastMatches(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(pastMatchesQuery).then(() => {
    // The panel shows the first one, its crests beside the page's title.
    const matches = queryClient.getQueryData<PastMatch[]>(matchKeys.past());
    preloadCrests(Array.isArray(matches) ? matches[0] : undefined, 'auto');
  });
}

export function usePastMatches() {
  return useQuery({
    ...pastMatchesQuery,
    select: (matches) => (Array.isArray(matches) ? matches : []),
  });
}

const leagueTableQuery = {
  queryKey: matchKeys.league(),
  queryFn: query('GET /classement-ligue1'),
  staleTime: 10 * 60_000,
};

/** The home page's league table, fetched beside the page's code (see prefetchNextMatches). */
export function prefetchLeagueTable(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(leagueTableQuery);
}

export function useLeagueTable() {
  return useQuery({
    ...leagueTableQuery,
    select: (rows) =>
      Array.isArray(rows) ? [...rows].sort((a, b) => a.position - b.position) : [],
  });
}

/** The club is AS Monaco: club id 1 or a name containing 'monaco' (spec section 2). */
export function isMonaco(club: { id?: number; nom: string }): boolean {
  return club.id === MONACO_CLUB_ID || club.nom.toLowerCase().includes('monaco');
}

/** 'MATCH EN COURS': the nearest match, not finished, predictions locked. */
export function isLive(match: Pick<Match, 'ordre' | 'is_finish' | 'edit_pronostic'>): boolean {
  return match.ordre === 1 && !match.is_finish && !match.edit_pronostic;
}

/**
 * The match has kicked off (predictions locked) or is finished: like predictions, presences and
 * carpools no longer change (the API refuses; the pages offer nothing to change).
 */
export function hasKickedOff(match: Pick<Match, 'is_finish' | 'edit_pronostic'>): boolean {
  return match.is_finish || !match.edit_pronostic;
}

/** Title of a slide of the next-match carousel (spec section 2, Match block). */
export function matchTitle(
  match: Pick<Match, 'ordre' | 'is_finish' | 'edit_pronostic'>,
  index: number,
): string {
  if (index > 0) return 'MATCH À VENIR';
  if (match.is_finish) return 'MATCH TERMINÉ';
  if (isLive(match)) return 'MATCH EN COURS';
  return 'PROCHAIN MATCH';
}
