import type { Match } from '@munegu/shared';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { toLeagueRow, toMatch } from './matches.mapper.js';
import type { MatchesRepository } from './matches.repository.js';

const MATCH_NOT_FOUND = 'Match introuvable.';

export function matchesService({ repo, clock }: { repo: MatchesRepository; clock: Clock }) {
  async function next(): Promise<Match[]> {
    const now = clock.now();
    const rows = await repo.unfinished();
    return rows.map((m, i) => toMatch(m, i + 1, now));
  }

  return {
    next,

    async prochain(): Promise<Match> {
      const [first] = await next();
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

    async leagueTable() {
      const season = await repo.latestTableSeason();
      if (!season) return [];
      return (await repo.leagueTable(season)).map(toLeagueRow);
    },
  };
}

export type MatchesService = ReturnType<typeof matchesService>;
