import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

/**
 * The current season: that of the latest match already kicked off, or before the first
 * kickoff ever, that of the nearest upcoming match. So the leaderboard keeps showing the
 * last season until the new one's first match starts. The prediction game reads it through
 * MatchesService.currentSeason (wired in app.ts).
 */
async function currentSeason(client: Db | Tx, now: Date): Promise<string | null> {
  const started = await client.match.findFirst({
    where: { kickoffAt: { lte: now } },
    orderBy: [{ kickoffAt: 'desc' }, { id: 'desc' }],
    select: { season: true },
  });
  if (started) return started.season;
  const upcoming = await client.match.findFirst({
    orderBy: [{ kickoffAt: 'asc' }, { id: 'asc' }],
    select: { season: true },
  });
  return upcoming?.season ?? null;
}

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
    /** The latest match whose final score was entered between `since` and `now`, if any. */
    lastFinishedBetween: (since: Date, now: Date) =>
      db.match.findFirst({
        where: { finishedAt: { gte: since, lte: now } },
        orderBy: [{ finishedAt: 'desc' }, { id: 'desc' }],
        include: withClubs,
      }),
    byId: (id: number) => db.match.findUnique({ where: { id }, include: withClubs }),
    /** Read in the caller's transaction when given (scoring reads it beside its writes). */
    currentSeason: (now: Date, tx?: Tx) => currentSeason(tx ?? db, now),
    /** Finished matches of a season, newest first (GET /matchs/anciens). */
    finishedOfSeason: (season: string) =>
      db.match.findMany({
        where: { season, finishedAt: { not: null } },
        orderBy: [{ kickoffAt: 'desc' }, { id: 'desc' }],
        include: withClubs,
      }),
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
