/**
 * The raw routes of goal 2 (bench/api/same-process.ts): the statement a hand-written route
 * runs (the app must issue the same one: the benchmark compares them), its parameters at
 * `now`, and the body built from the rows in the spec's shapes, with JSON.stringify.
 */
import { FINISHED_MATCH_SHOWN_MS } from '@munegu/api/public';

/** The statements a hand-written route would run (and the app must run: checked below). */
export const RAW_SQL = {
  '/api/matchs/next': `SELECT m.id, m.kickoff_at, m.journee, m.hashtag, m.finished_at, m.home_goals,
  m.away_goals, m.ticket_url, h.id AS h_id, h.nom AS h_nom, h.logo AS h_logo, h.stade_image AS h_stade_image, h.nom_stade AS h_nom_stade, h.ville AS h_ville, h.departement AS h_departement, h.live_feed_url AS h_live_feed_url, a.id AS a_id, a.nom AS a_nom, a.logo AS a_logo, a.stade_image AS a_stade_image, a.nom_stade AS a_nom_stade, a.ville AS a_ville, a.departement AS a_departement, a.live_feed_url AS a_live_feed_url
FROM ((SELECT * FROM (SELECT * FROM matches WHERE finished_at IS NOT NULL AND kickoff_at <= $2
                      ORDER BY kickoff_at DESC, id DESC LIMIT 1) last
        WHERE last.finished_at >= $1 AND last.finished_at <= $2)
      UNION ALL (SELECT * FROM matches WHERE finished_at IS NULL)) m
JOIN clubs h ON h.id = m.home_club_id
JOIN clubs a ON a.id = m.away_club_id
ORDER BY m.finished_at IS NULL, m.kickoff_at, m.id`,
  '/api/classement-ligue1': `SELECT r.position, r.played, r.points, r.goal_diff, c.id, c.nom, c.logo
FROM league_table_rows r JOIN clubs c ON c.id = r.club_id
WHERE r.season = (SELECT max(season) FROM league_table_rows)
ORDER BY r.position`,
} as const;
export type RawRoute = keyof typeof RAW_SQL;

export type Row = Record<string, unknown>;
const club = (r: Row, p: string) => ({
  id: r[`${p}_id`],
  nom: r[`${p}_nom`],
  logo: r[`${p}_logo`],
  stade: r[`${p}_stade_image`],
  nomStade: r[`${p}_nom_stade`],
  ville: r[`${p}_ville`],
  departement_club: r[`${p}_departement`],
  live_feed_url: r[`${p}_live_feed_url`],
});

/** The raw routes: the SQL, its parameters at `now`, and the body from the rows (spec shapes). */
export const raw: Record<
  RawRoute,
  { params: (now: Date) => unknown[]; body: (rows: Row[], now: Date) => string }
> = {
  '/api/matchs/next': {
    params: (now) => [new Date(now.getTime() - FINISHED_MATCH_SHOWN_MS), now],
    body(rows, now) {
      const out = rows.map((r) => {
        const kickoff = r.kickoff_at as Date;
        return {
          id: r.id,
          date: kickoff.toISOString(),
          heure: kickoff.toISOString().slice(11, 16),
          journee: r.journee,
          hashtag: r.hashtag,
          ordre: 0,
          is_finish: r.finished_at !== null,
          edit_pronostic: r.finished_at === null && now.getTime() < kickoff.getTime(),
          buts_dom: r.home_goals,
          buts_ext: r.away_goals,
          club_dom: club(r, 'h'),
          club_ext: club(r, 'a'),
          ticket_url: r.ticket_url,
        };
      });
      const finished = out[0]?.is_finish ? out.shift()! : null;
      out.forEach((m, i) => (m.ordre = i + 1));
      const nextIsLive = out[0] !== undefined && !out[0].edit_pronostic;
      return JSON.stringify(finished && !nextIsLive ? [finished, ...out] : out);
    },
  },
  '/api/classement-ligue1': {
    params: () => [],
    body: (rows) =>
      JSON.stringify(
        rows.map((r) => ({
          position: r.position,
          club: { id: r.id, nom: r.nom, logo: r.logo },
          matchs_joues: r.played,
          points: r.points,
          diff_buts: r.goal_diff,
        })),
      ),
  },
};
