import type { Match, PastMatch } from '@munegu/shared';
import type { Tx } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { matchCalendar } from './calendar.js';
import { toLeagueRow, toMatch, toPastMatch } from './matches.mapper.js';
import type { MatchesRepository } from './matches.repository.js';

const MATCH_NOT_FOUND = 'Match introuvable.';

/**
 * How long a finished match stays first on the home page, titled 'MATCH TERMINÉ' with its
 * points and the carpool rating button (spec section 2 Match block), once its score is in.
 */
export const FINISHED_MATCH_SHOWN_MS = 24 * 3_600_000;

export interface MatchesDeps {
  repo: MatchesRepository;
  clock: Clock;
  /** Domain part of calendar UIDs (the public host), so they are globally unique. */
  uidDomain?: string;
}

export function matchesService({ repo, clock, uidDomain = 'munegu' }: MatchesDeps) {
  /** Upcoming and live matches (ordre 1..n), after the just-finished one if any (ordre 0). */
  async function next(): Promise<Match[]> {
    const now = clock.now();
    const { justFinished, unfinished } = await repo.nextMatches(
      new Date(now.getTime() - FINISHED_MATCH_SHOWN_MS),
      now,
    );
    const upcoming = unfinished.map((m, i) => toMatch(m, i + 1, now));
    // Once the next match has kicked off, it is the one the home page leads with.
    const nextIsLive = upcoming[0] !== undefined && !upcoming[0].edit_pronostic;
    return justFinished && !nextIsLive ? [toMatch(justFinished, 0, now), ...upcoming] : upcoming;
  }

  return {
    next,

    /** The crests of the match the home page shows first (its largest paint), to preload. */
    async homeCrests(): Promise<string[]> {
      const [first] = await next();
      if (!first) return [];
      return [first.club_dom.logo, first.club_ext.logo].filter((logo): logo is string => !!logo);
    },

    async prochain(): Promise<Match> {
      const first = (await next()).find((m) => m.ordre === 1);
      if (!first) throw notFound('Aucun match prochainement.');
      return first;
    },

    async byId(id: number): Promise<Match> {
      const match = await repo.byId(id);
      if (!match) throw notFound(MATCH_NOT_FOUND);
      // A finished match has no place in the upcoming order: 0.
      const ordre =
        match.finishedAt === null ? (await repo.unfinished()).findIndex((m) => m.id === id) + 1 : 0;
      return toMatch(match, ordre, clock.now());
    },

    /**
     * The current season at `now` (see the repository for the rule); the prediction game's
     * seasons port. Given a transaction, read inside it, so scoring sees its own writes.
     */
    currentSeason: (now: Date, tx?: Tx): Promise<string | null> => repo.currentSeason(now, tx),

    /** Finished matches of the current season, newest first. */
    async anciens(): Promise<PastMatch[]> {
      const season = await repo.currentSeason(clock.now());
      if (!season) return [];
      return (await repo.finishedOfSeason(season)).map(toPastMatch);
    },

    /** The match as an iCalendar file (GET /matchs/{id}/calendar.ics). */
    async calendar(id: number): Promise<string> {
      const match = await repo.byId(id);
      if (!match) throw notFound(MATCH_NOT_FOUND);
      return matchCalendar(
        {
          id: match.id,
          kickoffAt: match.kickoffAt,
          matchday: match.matchday,
          hashtag: match.hashtag,
          home: match.homeClub,
          away: match.awayClub,
        },
        clock.now(),
        uidDomain,
      );
    },

    async leagueTable() {
      return (await repo.latestLeagueTable()).map(toLeagueRow);
    },
  };
}

export type MatchesService = ReturnType<typeof matchesService>;
