import type { TestApp } from './app.js';
import { bearer } from './auth.js';
import { createMatch, createUser, uniqueSeason } from './factories.js';

type User = Awaited<ReturnType<typeof createUser>>;

/**
 * A small world for carpool tests: a match a week ahead and helpers that go through the API
 * as the members would (declare a car, search a ride, request, answer, cancel, exclude).
 */
export function carpoolWorld(t: TestApp) {
  const headers = (u: { id: number; role?: string }) =>
    bearer(t.app, { id: u.id, role: (u.role ?? 'UTILISATEUR') as 'UTILISATEUR' }, t.clock);

  async function api(
    user: User | null,
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    payload?: unknown,
  ) {
    return t.app.inject({
      method,
      url: `/api${url}`,
      headers: user ? await headers(user) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  return {
    api,
    member: (overrides: Parameters<typeof createUser>[1] = {}) => createUser(t.db, overrides),
    match: (days = 7) =>
      createMatch(t.db, {
        kickoffAt: new Date(t.clock.now().getTime() + days * 86_400_000),
        season: uniqueSeason(),
        matchday: 1,
      }),
    async driver(matchId: number, places: number, departement = '06') {
      const u = await createUser(t.db);
      const res = await api(u, 'POST', '/user-transport', {
        transport_id: 1,
        match_id: matchId,
        covoiturage: true,
        places_dispo: places,
        departement_depart: departement,
      });
      if (res.statusCode !== 200) throw new Error(res.body);
      return u;
    },
    async searcher(matchId: number, people = 1, departement = '06') {
      const u = await createUser(t.db);
      const res = await api(u, 'POST', '/user-recherche', {
        nb_pers: people,
        match_id: matchId,
        departement_depart: departement,
      });
      if (res.statusCode !== 200) throw new Error(res.body);
      return u;
    },
    request: (searcher: User, driver: User, matchId: number, description?: string) =>
      api(searcher, 'POST', '/user-to-user-match', {
        user2_id: driver.id,
        statut_id: 2,
        departement_depart: '06',
        match_id: matchId,
        ...(description === undefined ? {} : { description }),
      }),
    propose: (driver: User, searcher: User, matchId: number) =>
      api(driver, 'POST', '/user-to-user-match', {
        user2_id: searcher.id,
        statut_id: 1,
        departement_depart: '06',
        match_id: matchId,
      }),
    answer: (who: User, answer: 'confirm' | 'refus', initiator: { id: number }, matchId: number) =>
      api(who, 'POST', `/user-to-user-match/${answer}-covoiturage`, {
        user1_id: initiator.id,
        user2_id: who.id,
        match_id: matchId,
      }),
    /** Cancels as `who` (a passenger, or the driver); `extra` adds the relation, a custom reason, a report. */
    cancel: (who: User, matchId: number, reasonId: number, extra: object = {}) =>
      api(who, 'POST', '/user-to-user-match/annuler-covoiturage', {
        matchId,
        motifId: reasonId,
        ...extra,
      }),
    /** Takes the passenger out of the car, as `who` (the driver, when it is allowed). */
    exclude: (who: User, passengerId: number, matchId: number, reasonId: number) =>
      api(who, 'POST', '/user-to-user-match/exclure-covoiturage', {
        matchId,
        passagerId: passengerId,
        motifId: reasonId,
      }),
    seats: async (driver: { id: number }, matchId: number) =>
      (
        await t.db.presence.findUniqueOrThrow({
          where: { userId_matchId: { userId: driver.id, matchId } },
        })
      ).freeSeats,
    passengers: (driver: { id: number }, matchId: number) =>
      t.db.carpoolRelation.count({ where: { driverId: driver.id, matchId, statusId: 3 } }),
    reason: async (kind: 'ANNULATION' | 'EXCLUSION', label?: string) =>
      t.db.reason.findFirstOrThrow({
        where: { kind, section: '', ...(label ? { label } : { NOT: { label: 'Autre' } }) },
      }),
  };
}
