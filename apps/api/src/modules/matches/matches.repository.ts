import type { Db } from '../../db/client.js';

const withClubs = { homeClub: true, awayClub: true } as const;

export function matchesRepository(db: Db) {
  return {
    /** Matches not finished yet (upcoming and live), nearest kickoff first. */
    unfinished: () =>
      db.match.findMany({
        where: { finishedAt: null },
        orderBy: [{ kickoffAt: 'asc' }, { id: 'asc' }],
        include: withClubs,
      }),
    byId: (id: number) => db.match.findUnique({ where: { id }, include: withClubs }),
    /** The most recent season that has a league table. */
    async latestTableSeason(): Promise<string | null> {
      const row = await db.leagueTableRow.findFirst({
        orderBy: { season: 'desc' },
        select: { season: true },
      });
      return row?.season ?? null;
    },
    leagueTable: (season: string) =>
      db.leagueTableRow.findMany({
        where: { season },
        orderBy: { position: 'asc' },
        include: { club: true },
      }),
  };
}

export type MatchesRepository = ReturnType<typeof matchesRepository>;
export type MatchWithClubs = NonNullable<Awaited<ReturnType<MatchesRepository['byId']>>>;
