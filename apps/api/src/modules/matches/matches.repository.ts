import { sqlOf, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { Club } from '../../generated/prisma/client.js';

/** The club columns the match block and the league table show. */
export type ClubFields = Pick<
  Club,
  'id' | 'name' | 'logo' | 'stadiumImage' | 'stadiumName' | 'city' | 'department' | 'liveFeedUrl'
>;

/** A match as the home page lists it (GET /matchs/next), with both clubs. */
export interface MatchCard {
  id: number;
  kickoffAt: Date;
  matchday: number;
  hashtag: string | null;
  finishedAt: Date | null;
  homeGoals: number | null;
  awayGoals: number | null;
  ticketUrl: string | null;
  homeClub: ClubFields;
  awayClub: ClubFields;
}

const clubColumns = (alias: string) =>
  ['id', 'nom', 'logo', 'stade_image', 'nom_stade', 'ville', 'departement', 'live_feed_url']
    .map((c) => `${alias}.${c} AS ${alias}_${c}`)
    .join(', ');

/**
 * GET /matchs/next in one statement: the last match played (the finished one with the latest
 * kickoff up to $2) if its score came in between $1 and $2, then every unfinished match,
 * nearest kickoff first, each with both clubs. Only the last match played may lead: a score
 * entered or corrected for an older match never brings it back to the home page. The home
 * page and every visitor call it, so it is written in SQL on the pool (no ORM round of six
 * statements: matches, then clubs per relation). A season has a few dozen matches.
 */
export const NEXT_MATCHES_SQL = `SELECT m.id, m.kickoff_at, m.journee, m.hashtag, m.finished_at, m.home_goals,
  m.away_goals, m.ticket_url, ${clubColumns('h')}, ${clubColumns('a')}
FROM ((SELECT * FROM (SELECT * FROM matches WHERE finished_at IS NOT NULL AND kickoff_at <= $2
                      ORDER BY kickoff_at DESC, id DESC LIMIT 1) last
        WHERE last.finished_at >= $1 AND last.finished_at <= $2)
      UNION ALL (SELECT * FROM matches WHERE finished_at IS NULL)) m
JOIN clubs h ON h.id = m.home_club_id
JOIN clubs a ON a.id = m.away_club_id
ORDER BY m.finished_at IS NULL, m.kickoff_at, m.id`;

/** GET /classement-ligue1: the table of the latest season that has one, top first. */
export const LEAGUE_TABLE_SQL = `SELECT r.position, r.played, r.points, r.goal_diff, c.id, c.nom, c.logo
FROM league_table_rows r JOIN clubs c ON c.id = r.club_id
WHERE r.season = (SELECT max(season) FROM league_table_rows)
ORDER BY r.position`;

type ClubColumns<P extends string> = {
  [K in `${P}_${'id'}`]: number;
} & {
  [K in `${P}_${'nom' | 'logo' | 'nom_stade' | 'ville' | 'departement'}`]: string;
} & { [K in `${P}_${'stade_image' | 'live_feed_url'}`]: string | null };

type NextRow = {
  id: number;
  kickoff_at: Date;
  journee: number;
  hashtag: string | null;
  finished_at: Date | null;
  home_goals: number | null;
  away_goals: number | null;
  ticket_url: string | null;
} & ClubColumns<'h'> &
  ClubColumns<'a'>;

function clubOf<P extends 'h' | 'a'>(row: ClubColumns<P>, p: P): ClubFields {
  const r = row as unknown as Record<string, unknown>;
  return {
    id: r[`${p}_id`] as number,
    name: r[`${p}_nom`] as string,
    logo: r[`${p}_logo`] as string,
    stadiumImage: r[`${p}_stade_image`] as string | null,
    stadiumName: r[`${p}_nom_stade`] as string,
    city: r[`${p}_ville`] as string,
    department: r[`${p}_departement`] as string,
    liveFeedUrl: r[`${p}_live_feed_url`] as string | null,
  };
}

function toCard(row: NextRow): MatchCard {
  return {
    id: row.id,
    kickoffAt: row.kickoff_at,
    matchday: row.journee,
    hashtag: row.hashtag,
    finishedAt: row.finished_at,
    homeGoals: row.home_goals,
    awayGoals: row.away_goals,
    ticketUrl: row.ticket_url,
    homeClub: clubOf(row, 'h'),
    awayClub: clubOf(row, 'a'),
  };
}

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
  const sql = sqlOf(db);
  return {
    /**
     * The last match played if its score came in between `since` and `now`, then the unfinished
     * matches (upcoming and live), nearest kickoff first (one statement, NEXT_MATCHES_SQL).
     */
    async nextMatches(since: Date, now: Date) {
      const { rows } = await sql.query<NextRow>(NEXT_MATCHES_SQL, [since, now]);
      const cards = rows.map(toCard);
      const justFinished = cards[0]?.finishedAt ? cards.shift()! : null;
      return { justFinished, unfinished: cards };
    },
    /** Matches not finished yet (upcoming and live), nearest kickoff first. */
    unfinished: () =>
      db.match.findMany({
        where: { finishedAt: null },
        orderBy: [{ kickoffAt: 'asc' }, { id: 'asc' }],
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
    /** The league table of the most recent season that has one (LEAGUE_TABLE_SQL). */
    async latestLeagueTable() {
      const { rows } = await sql.query<{
        position: number;
        played: number;
        points: number;
        goal_diff: number;
        id: number;
        nom: string;
        logo: string;
      }>(LEAGUE_TABLE_SQL);
      return rows.map((r) => ({
        position: r.position,
        played: r.played,
        points: r.points,
        goalDiff: r.goal_diff,
        club: { id: r.id, name: r.nom, logo: r.logo },
      }));
    },
  };
}

export type MatchesRepository = ReturnType<typeof matchesRepository>;
export type MatchWithClubs = NonNullable<Awaited<ReturnType<MatchesRepository['byId']>>>;
