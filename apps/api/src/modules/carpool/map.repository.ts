import { ACTIVE_CARPOOL_STATUSES, CARPOOL_STATUS } from '@munegu/shared';
import { sqlOf, type Db } from '../../db/client.js';

/** One row of a department's list, with the caller's latest active relation to that member. */
export interface SupporterRow {
  id: number;
  username: string;
  avatar_file: string | null;
  avatar_version: number;
  note_covoiturage: number | null;
  transport_code: string | null;
  transport_label: string | null;
  covoiturage: boolean;
  places_dispo: number | null;
  nb_pers: number | null;
  antenne: string | null;
  departement_depart: string;
  rel_id: number | null;
  rel_statut: number | null;
  rel_initiator: boolean | null;
  rel_nb_pers: number | null;
  rel_description: string | null;
}

export interface AccessRow {
  stadium: string;
  mine: string | null;
  answered: boolean;
  localOffer: boolean;
}

// $1 match, $2 caller in every statement below. The status ids are the shared constants
// (carpool-status.ts), written into the text: numbers of ours, never a caller's input.
const ACTIVE = `(${ACTIVE_CARPOOL_STATUSES.join(', ')})`;
const CONFIRMED = CARPOOL_STATUS.CONFIRME;
const ANSWERED = `(EXISTS (SELECT 1 FROM presences WHERE match_id = $1 AND user_id = $2)
  OR EXISTS (SELECT 1 FROM ride_searches WHERE match_id = $1 AND user_id = $2)
  OR EXISTS (SELECT 1 FROM carpool_relations WHERE match_id = $1 AND status_id IN ${ACTIVE}
             AND (user1_id = $2 OR user2_id = $2)))`;

const ACTIVE_MEMBER = (alias: string) =>
  `EXISTS (SELECT 1 FROM users au WHERE au.id = ${alias}.user_id AND au.status = 'ACTIVE')`;

/** The caller's latest pending or confirmed relation with the row's member (u). */
const RELATION = `LEFT JOIN LATERAL (
    SELECT r.id, r.status_id, r.user1_id = $2 AS initiator, r.nb_pers, r.description
    FROM carpool_relations r
    WHERE r.match_id = $1 AND r.status_id IN ${ACTIVE}
      AND ((r.user1_id = $2 AND r.user2_id = u.id) OR (r.user2_id = $2 AND r.user1_id = u.id))
    ORDER BY r.id DESC LIMIT 1) r ON true`;

const COLUMNS = `u.id, u.pseudo AS username, u.avatar_file, u.avatar_version,
  u.note_covoiturage::float8 AS note_covoiturage,
  r.id AS rel_id, r.status_id AS rel_statut, r.initiator AS rel_initiator,
  r.nb_pers AS rel_nb_pers, r.description AS rel_description`;

/** Presences (p) and searches (s) shaped as list rows. */
const PRESENCE_ROW = `SELECT ${COLUMNS}, t.code AS transport_code, t.libelle AS transport_label,
    p.covoiturage,
    CASE WHEN p.covoiturage THEN p.places_dispo END AS places_dispo, NULL::int AS nb_pers,
    a.nom AS antenne, p.departement_depart
  FROM p JOIN users u ON u.id = p.user_id
  JOIN transport_types t ON t.id = p.transport_type_id
  LEFT JOIN antennas a ON a.id = p.antenna_id ${RELATION}`;
const SEARCH_ROW = `SELECT ${COLUMNS}, NULL, NULL, false, NULL, s.nb_pers, NULL, s.departement_depart
  FROM s JOIN users u ON u.id = s.user_id ${RELATION}`;

/**
 * A department's list ($3 department, $4 cap): the first presences in the index's order
 * (drivers offering seats first, most seats first) and the first searches (largest groups
 * first) of active members, each capped so the work stays the same whatever the department's
 * size; plus the caller and the members related to them, always. Searchers already riding
 * with someone are left out. Nothing unless the caller answered for the match.
 */
const SUPPORTERS = `
WITH gate AS (SELECT 1 WHERE ${ANSWERED}),
related AS (
  SELECT $2::int AS id
  UNION SELECT CASE WHEN user1_id = $2 THEN user2_id ELSE user1_id END FROM carpool_relations
  WHERE match_id = $1 AND status_id IN ${ACTIVE} AND (user1_id = $2 OR user2_id = $2)),
p AS (
  (SELECT x.* FROM gate, presences x
   WHERE x.match_id = $1 AND x.departement_depart = $3 AND ${ACTIVE_MEMBER('x')}
   ORDER BY x.covoiturage DESC, x.places_dispo DESC, x.id LIMIT $4)
  UNION
  SELECT x.* FROM gate, presences x JOIN related ON related.id = x.user_id
  WHERE x.match_id = $1 AND x.departement_depart = $3 AND ${ACTIVE_MEMBER('x')}),
s AS (
  (SELECT x.* FROM gate, ride_searches x
   WHERE x.match_id = $1 AND x.departement_depart = $3 AND ${ACTIVE_MEMBER('x')}
     AND NOT EXISTS (SELECT 1 FROM carpool_relations c
                     WHERE c.match_id = $1 AND c.status_id = ${CONFIRMED} AND c.passenger_id = x.user_id)
   ORDER BY x.nb_pers DESC, x.id LIMIT $4)
  UNION
  SELECT x.* FROM gate, ride_searches x JOIN related ON related.id = x.user_id
  WHERE x.match_id = $1 AND x.departement_depart = $3 AND ${ACTIVE_MEMBER('x')}
    AND NOT EXISTS (SELECT 1 FROM carpool_relations c
                    WHERE c.match_id = $1 AND c.status_id = ${CONFIRMED} AND c.passenger_id = x.user_id))
${PRESENCE_ROW}
UNION ALL
${SEARCH_ROW}`;

/**
 * Reads of the MuneguMap, each one SQL statement on the pool (db/client.ts `sqlOf`): the
 * benchmark (bench/carpool.bench.ts) showed the ORM's relation loading, then its per-query
 * overhead, costing more than the queries themselves.
 */
export function mapRepository(db: Db) {
  const sql = async <T>(text: string, params: unknown[]) =>
    (await sqlOf(db).query(text, params)).rows as T[];
  return {
    /**
     * The match's stadium department and the caller's department for it; `answered` when the
     * caller has a presence, a search or a relation for the match; `localOffer` when someone
     * else of the caller's department offers a free seat. Null for an unknown match.
     */
    access: async (matchId: number, me: number): Promise<AccessRow | null> =>
      (
        await sql<AccessRow>(
          `SELECT a.stadium, a.mine, a.answered, EXISTS (
             SELECT 1 FROM presences o
             WHERE o.match_id = $1 AND o.departement_depart = a.mine AND o.covoiturage
               AND o.places_dispo > 0 AND o.user_id <> $2 AND ${ACTIVE_MEMBER('o')}
           ) AS "localOffer"
           FROM (
             SELECT c.departement AS stadium,
               coalesce(p.departement_depart, s.departement_depart) AS mine, ${ANSWERED} AS answered
             FROM matches m
             JOIN clubs c ON c.id = m.home_club_id
             LEFT JOIN presences p ON p.match_id = m.id AND p.user_id = $2
             LEFT JOIN ride_searches s ON s.match_id = m.id AND s.user_id = $2
             WHERE m.id = $1) a`,
          [matchId, me],
        )
      )[0] ?? null,
    /**
     * Supporters per departure department: the counts the triggers keep, less the answers of
     * the members the lists leave out (ACTIVE_MEMBER: suspended, banned or deleted accounts),
     * so a department never counts someone nobody can find in it. Those few are reached from
     * the users' status index, each by the unique (user, match) index of their answers; the
     * triggers stay blind to account status, which changes without touching an answer.
     */
    countsByDepartment: (matchId: number) =>
      sql<{ code: string; nom: string; n: number }>(
        `SELECT c.departement AS code, d.name AS nom, c.supporters - coalesce(o.n, 0) AS n
         FROM match_department_counts c
         JOIN departments d ON d.code = c.departement
         LEFT JOIN (
           SELECT a.departement_depart AS departement, count(*)::int AS n
           FROM users u CROSS JOIN LATERAL (
             SELECT departement_depart FROM presences WHERE match_id = $1 AND user_id = u.id
             UNION ALL
             SELECT departement_depart FROM ride_searches WHERE match_id = $1 AND user_id = u.id
           ) a
           WHERE u.status IN ('SUSPENDED', 'DELETED')
           GROUP BY a.departement_depart
         ) o ON o.departement = c.departement
         WHERE c.match_id = $1 AND c.supporters - coalesce(o.n, 0) > 0
         ORDER BY c.departement`,
        [matchId],
      ),
    supportersIn: (matchId: number, departement: string, me: number, cap: number) =>
      sql<SupporterRow>(SUPPORTERS, [matchId, me, departement, cap]),
    /** Drivers with free seats elsewhere, for the detour suggestions. */
    driversOutside: (matchId: number, departement: string, me: number) =>
      sql<SupporterRow>(
        `WITH p AS (
           SELECT x.* FROM presences x
           WHERE x.match_id = $1 AND x.covoiturage AND x.places_dispo > 0
             AND x.departement_depart <> $3 AND x.user_id <> $2 AND ${ACTIVE_MEMBER('x')})
         ${PRESENCE_ROW}`,
        [matchId, me, departement],
      ),
  };
}

export type MapRepository = ReturnType<typeof mapRepository>;
