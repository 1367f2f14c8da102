import { Prisma } from '../../generated/prisma/client.js';
import type { Db } from '../../db/client.js';

/** One row of a department's list, with the caller's latest active relation to that member. */
export interface SupporterRow {
  id: number;
  username: string;
  avatar_file: string | null;
  avatar_version: number;
  note_covoiturage: number | null;
  transport_code: string | null;
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

const MEMBER_COLUMNS = Prisma.sql`u.id, u.pseudo AS username, u.avatar_file, u.avatar_version,
  u.note_covoiturage::float8 AS note_covoiturage`;

/** The caller's latest pending or confirmed relation with the row's member (u). */
const relationWith = (matchId: number, me: number) => Prisma.sql`LEFT JOIN LATERAL (
    SELECT r.id, r.status_id, r.user1_id = ${me} AS initiator, r.nb_pers, r.description
    FROM carpool_relations r
    WHERE r.match_id = ${matchId} AND r.status_id IN (1, 2, 3)
      AND ((r.user1_id = ${me} AND r.user2_id = u.id) OR (r.user2_id = ${me} AND r.user1_id = u.id))
    ORDER BY r.id DESC LIMIT 1) r ON true`;

/**
 * Reads of the MuneguMap: who goes to a match from which department. Only active members are
 * listed. Each read is one SQL statement on the (match_id, departement_depart) indexes: the
 * benchmark (bench/carpool.bench.ts) showed the ORM's relation loading (one IN list per
 * relation, thousands of parameters) costing more than the query itself.
 */
export function mapRepository(db: Db) {
  return {
    /**
     * The match's stadium department and the caller's department for it; `answered` when the
     * caller has a presence, a search or a relation for the match; `localOffer` when someone
     * else of the caller's department offers a free seat. Null for an unknown match.
     */
    access: async (matchId: number, me: number) =>
      (
        await db.$queryRaw<
          { stadium: string; mine: string | null; answered: boolean; localOffer: boolean }[]
        >`SELECT a.stadium, a.mine, a.answered, EXISTS (
            SELECT 1 FROM presences o JOIN users u ON u.id = o.user_id AND u.status = 'ACTIVE'
            WHERE o.match_id = ${matchId} AND o.departement_depart = a.mine
              AND o.covoiturage AND o.places_dispo > 0 AND o.user_id <> ${me}) AS "localOffer"
          FROM (
            SELECT c.departement AS stadium,
              coalesce(p.departement_depart, s.departement_depart) AS mine,
              (p.id IS NOT NULL OR s.id IS NOT NULL OR EXISTS (
                SELECT 1 FROM carpool_relations r
                WHERE r.match_id = m.id AND r.status_id IN (1, 2, 3)
                  AND (r.user1_id = ${me} OR r.user2_id = ${me}))) AS answered
            FROM matches m
            JOIN clubs c ON c.id = m.home_club_id
            LEFT JOIN presences p ON p.match_id = m.id AND p.user_id = ${me}
            LEFT JOIN ride_searches s ON s.match_id = m.id AND s.user_id = ${me}
            WHERE m.id = ${matchId}) a`
      )[0] ?? null,
    /** Supporters per departure department (presences and searches of active members). */
    countsByDepartment: (matchId: number) =>
      db.$queryRaw<{ code: string; nom: string; n: number }[]>`
        SELECT x.d AS code, d.name AS nom, count(*)::int AS n
        FROM (
          SELECT p.departement_depart AS d FROM presences p
            JOIN users u ON u.id = p.user_id AND u.status = 'ACTIVE'
            WHERE p.match_id = ${matchId}
          UNION ALL
          SELECT s.departement_depart FROM ride_searches s
            JOIN users u ON u.id = s.user_id AND u.status = 'ACTIVE'
            WHERE s.match_id = ${matchId}
        ) x JOIN departments d ON d.code = x.d
        GROUP BY x.d, d.name ORDER BY x.d`,
    /**
     * A department's list: presences, then searches of members not already riding with
     * someone, each with the caller's relation to that member. Empty unless the caller
     * answered for the match (the map's access rule, checked in the same statement).
     */
    supportersIn: (matchId: number, departement: string, me: number) =>
      db.$queryRaw<SupporterRow[]>`
        WITH gate AS (
          SELECT 1 WHERE EXISTS (SELECT 1 FROM presences WHERE match_id = ${matchId} AND user_id = ${me})
            OR EXISTS (SELECT 1 FROM ride_searches WHERE match_id = ${matchId} AND user_id = ${me})
            OR EXISTS (SELECT 1 FROM carpool_relations WHERE match_id = ${matchId}
              AND status_id IN (1, 2, 3) AND (user1_id = ${me} OR user2_id = ${me})))
        SELECT ${MEMBER_COLUMNS}, t.code AS transport_code, p.covoiturage,
          CASE WHEN p.covoiturage THEN p.places_dispo END AS places_dispo,
          NULL::int AS nb_pers, a.nom AS antenne, p.departement_depart,
          r.id AS rel_id, r.status_id AS rel_statut, r.initiator AS rel_initiator,
          r.nb_pers AS rel_nb_pers, r.description AS rel_description
        FROM gate, presences p
        JOIN users u ON u.id = p.user_id AND u.status = 'ACTIVE'
        JOIN transport_types t ON t.id = p.transport_type_id
        LEFT JOIN antennas a ON a.id = p.antenna_id
        ${relationWith(matchId, me)}
        WHERE p.match_id = ${matchId} AND p.departement_depart = ${departement}
        UNION ALL
        SELECT ${MEMBER_COLUMNS}, NULL, false, NULL, s.nb_pers, NULL, s.departement_depart,
          r.id, r.status_id, r.initiator, r.nb_pers, r.description
        FROM gate, ride_searches s
        JOIN users u ON u.id = s.user_id AND u.status = 'ACTIVE'
        ${relationWith(matchId, me)}
        WHERE s.match_id = ${matchId} AND s.departement_depart = ${departement}
          AND NOT EXISTS (SELECT 1 FROM carpool_relations c
            WHERE c.match_id = ${matchId} AND c.status_id = 3 AND c.passenger_id = s.user_id)`,
    /** Drivers with free seats elsewhere, for the detour suggestions. */
    driversOutside: (matchId: number, departement: string, me: number) =>
      db.$queryRaw<SupporterRow[]>`
        SELECT ${MEMBER_COLUMNS}, t.code AS transport_code, p.covoiturage, p.places_dispo,
          NULL::int AS nb_pers, a.nom AS antenne, p.departement_depart,
          r.id AS rel_id, r.status_id AS rel_statut, r.initiator AS rel_initiator,
          r.nb_pers AS rel_nb_pers, r.description AS rel_description
        FROM presences p
        JOIN users u ON u.id = p.user_id AND u.status = 'ACTIVE'
        JOIN transport_types t ON t.id = p.transport_type_id
        LEFT JOIN antennas a ON a.id = p.antenna_id
        ${relationWith(matchId, me)}
        WHERE p.match_id = ${matchId} AND p.covoiturage AND p.places_dispo > 0
          AND p.departement_depart <> ${departement} AND p.user_id <> ${me}`,
  };
}

export type MapRepository = ReturnType<typeof mapRepository>;
