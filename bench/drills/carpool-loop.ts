/**
 * The carpool part of the fault drill: one driver offering DRIVER_SEATS seats and
 * PASSENGERS searchers who, each in its own loop, request a seat, get it accepted and cancel
 * it again, over and over, while the database is restarted and stopped. Each step reads the
 * pair's relation from the API first and takes the step its state calls for, so an answer
 * lost in an outage never leaves a loop stuck on a stale belief.
 *
 * The invariant afterwards: the seats a confirmation takes and a cancellation gives back
 * move in the same transaction as the relation's status, so the driver's free seats plus the
 * seats of the confirmed passengers always equal the seats offered — a half-written accept
 * or cancel would break the sum.
 */
import { CARPOOL_STATUS as S, TRANSPORT_IDS } from '@munegu/shared';
import { call, sleep, sql, type Answer } from './harness.js';
import { logIn, type Member } from './members.js';

const DRIVER_SEATS = 4;
const PASSENGERS = 3;
const DEPARTMENT = '06';

export interface CarpoolSetup {
  matchId: number;
  driver: Member;
  passengers: Member[];
  /** An 'Annulation' reason other than 'Autre' (which needs a written one). */
  motifId: number;
}

/**
 * The next match still open for answers, and members with nothing of their own for it yet
 * (the demo seeds carpools: the drill's driver and passengers must start from a clean slate).
 */
export async function carpoolSetup(
  base: string,
  databaseUrl: string,
  exclude: number[],
  firstAddress: number,
): Promise<CarpoolSetup> {
  const c = await sql(databaseUrl);
  let matchId: number;
  let motifId: number;
  let rows: { id: number; email: string }[];
  try {
    const match = await c.query<{ id: number }>(
      `SELECT id FROM matches WHERE finished_at IS NULL AND kickoff_at > now() + interval '1 day'
        ORDER BY kickoff_at LIMIT 1`,
    );
    if (!match.rows[0]) throw new Error('aucun match à venir dans la démo');
    matchId = match.rows[0].id;
    const motif = await c.query<{ id: number }>(
      `SELECT id FROM reasons WHERE kind = 'ANNULATION' AND label <> 'Autre' ORDER BY position LIMIT 1`,
    );
    if (!motif.rows[0]) throw new Error("aucun motif d'annulation");
    motifId = motif.rows[0].id;
    ({ rows } = await c.query<{ id: number; email: string }>(
      `SELECT u.id, u.email FROM users u
        WHERE u.email LIKE '%@demo.munegu.local' AND u.status = 'ACTIVE' AND u.role = 'UTILISATEUR'
          AND NOT (u.id = ANY($2))
          AND NOT EXISTS (SELECT 1 FROM presences p WHERE p.user_id = u.id AND p.match_id = $1)
          AND NOT EXISTS (SELECT 1 FROM ride_searches s WHERE s.user_id = u.id AND s.match_id = $1)
          AND NOT EXISTS (SELECT 1 FROM carpool_relations r WHERE r.match_id = $1
                            AND (r.user1_id = u.id OR r.user2_id = u.id))
        ORDER BY u.id LIMIT $3`,
      [matchId, exclude, PASSENGERS + 1],
    ));
  } finally {
    await c.end();
  }
  if (rows.length < PASSENGERS + 1)
    throw new Error(`${rows.length} membres libres pour le covoiturage`);
  const [driver, ...passengers] = await logIn(base, rows, firstAddress);
  const must = (what: string, a: Answer) => {
    if (a.status < 200 || a.status >= 300)
      throw new Error(`${what} : ${a.status} ${JSON.stringify(a.body)}`);
  };
  must(
    'présence du conducteur',
    await call(driver!.agent, base, 'POST', '/api/user-transport', {
      token: driver!.token,
      body: {
        transport_id: TRANSPORT_IDS.VOITURE,
        match_id: matchId,
        covoiturage: true,
        places_dispo: DRIVER_SEATS,
        departement_depart: DEPARTMENT,
      },
    }),
  );
  for (const p of passengers) {
    must(
      'recherche du passager',
      await call(p.agent, base, 'POST', '/api/user-recherche', {
        token: p.token,
        body: { match_id: matchId, nb_pers: 1, departement_depart: DEPARTMENT },
      }),
    );
  }
  return { matchId, driver: driver!, passengers, motifId };
}

interface Relation {
  id: number;
  driverId: number;
  statut: { id: number };
}

/** One passenger's loop: request → accepted by the driver → cancelled, again and again. */
export async function carpoolLoop(
  base: string,
  setup: CarpoolSetup,
  passenger: Member,
  running: () => boolean,
  record: (a: Answer) => void,
) {
  const { driver, matchId } = setup;
  while (running()) {
    const state = await call(
      passenger.agent,
      base,
      'GET',
      `/api/user-to-user-match/mes-relations?match_id=${matchId}`,
      { token: passenger.token },
    );
    record(state);
    if (state.status === 200) {
      const rel = (state.body as Relation[]).find(
        (r) =>
          r.driverId === driver.id && (r.statut.id === S.DEMANDE || r.statut.id === S.CONFIRME),
      );
      if (!rel) {
        record(
          await call(passenger.agent, base, 'POST', '/api/user-to-user-match', {
            token: passenger.token,
            body: {
              user2_id: driver.id,
              statut_id: S.DEMANDE,
              match_id: matchId,
              departement_depart: DEPARTMENT,
            },
          }),
        );
      } else if (rel.statut.id === S.DEMANDE) {
        record(
          await call(driver.agent, base, 'POST', '/api/user-to-user-match/confirm-covoiturage', {
            token: driver.token,
            body: { user1_id: passenger.id, user2_id: driver.id, match_id: matchId },
          }),
        );
      } else {
        record(
          await call(passenger.agent, base, 'POST', '/api/user-to-user-match/annuler-covoiturage', {
            token: passenger.token,
            body: { matchId, userToUserMatchId: rel.id, motifId: setup.motifId },
          }),
        );
      }
    }
    await sleep(100);
  }
}

/** The seats offered = the driver's free seats + the seats of the confirmed passengers. */
export async function carpoolInvariant(databaseUrl: string, setup: CarpoolSetup) {
  const c = await sql(databaseUrl);
  try {
    const { rows } = await c.query<{
      free: number;
      taken: number;
      confirmed: number;
      changes: number;
      cancelled: number;
    }>(
      `SELECT p.places_dispo AS free,
              coalesce((SELECT sum(nb_pers) FROM carpool_relations
                         WHERE match_id = $1 AND driver_id = $2 AND status_id = ${S.CONFIRME}), 0)::int AS taken,
              (SELECT count(*) FROM carpool_relations
                WHERE match_id = $1 AND driver_id = $2 AND status_id = ${S.CONFIRME})::int AS confirmed,
              (SELECT count(*) FROM carpool_status_changes h JOIN carpool_relations r ON r.id = h.relation_id
                WHERE r.match_id = $1 AND r.driver_id = $2 AND h.to_status_id = ${S.CONFIRME})::int AS changes,
              (SELECT count(*) FROM carpool_relations
                WHERE match_id = $1 AND driver_id = $2 AND status_id = ${S.ANNULE})::int AS cancelled
         FROM presences p WHERE p.user_id = $2 AND p.match_id = $1`,
      [setup.matchId, setup.driver.id],
    );
    const r = rows[0];
    const ok = r !== undefined && r.free + r.taken === DRIVER_SEATS && r.free >= 0;
    return {
      ok,
      line: r
        ? `carpool seats: ${r.changes} acceptances and ${r.cancelled} cancellations of ${PASSENGERS} passengers during the run; the driver's ${r.free} free seats + ${r.taken} taken by ${r.confirmed} confirmed passengers ${ok ? '=' : '≠'} the ${DRIVER_SEATS} seats offered`
        : 'carpool seats: the driver has no presence any more',
    };
  } finally {
    await c.end();
  }
}
