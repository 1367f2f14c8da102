import { CARPOOL_TEXTS as M } from '@munegu/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';

const t = useTestApp();
const w = carpoolWorld(t);
afterEach(() => t.clock.reset());

/**
 * A carpool built through the API before kickoff: a driver with 4 seats, a confirmed
 * passenger (2 people), a second confirmed passenger (1) and a pending request. Then the
 * clock moves past kickoff (or the match is marked finished).
 */
async function playedCarpool(when: 'kicked-off' | 'finished') {
  const match = await w.match(1);
  const driver = await w.driver(match.id, 4);
  const a = await w.searcher(match.id, 2);
  const b = await w.searcher(match.id, 1);
  const late = await w.searcher(match.id, 1);
  await w.request(a, driver, match.id);
  await w.request(b, driver, match.id);
  await w.answer(driver, 'confirm', a, match.id);
  await w.answer(driver, 'confirm', b, match.id);
  await w.request(late, driver, match.id);
  expect(await w.seats(driver, match.id)).toBe(1);
  t.clock.set(new Date(match.kickoffAt.getTime() + 60_000));
  if (when === 'finished') {
    t.clock.set(new Date(match.kickoffAt.getTime() + 3 * 3_600_000));
    await t.db.match.update({ where: { id: match.id }, data: { finishedAt: t.clock.now() } });
  }
  return { match, driver, a, b, late };
}

/** Everything a refused change could have touched, to compare before and after. */
async function snapshot(matchId: number) {
  const [relations, changes, presences, searches, notifications] = await Promise.all([
    t.db.carpoolRelation.findMany({
      where: { matchId },
      select: { id: true, statusId: true },
      orderBy: { id: 'asc' },
    }),
    t.db.carpoolStatusChange.count({ where: { relation: { matchId } } }),
    t.db.presence.findMany({
      where: { matchId },
      select: { userId: true, freeSeats: true, transportTypeId: true, offersCarpool: true },
      orderBy: { userId: 'asc' },
    }),
    t.db.rideSearch.findMany({
      where: { matchId },
      select: { userId: true, groupSize: true },
      orderBy: { userId: 'asc' },
    }),
    t.db.notification.count({ where: { relation: { matchId } } }),
  ]);
  return { relations, changes, presences, searches, notifications };
}

describe('nothing about a played match can be changed (issue 27)', () => {
  for (const when of ['kicked-off', 'finished'] as const) {
    describe(`once the match has ${when === 'finished' ? 'finished' : 'kicked off'}`, () => {
      it('shows the carpool as history: not modifiable, to rate once finished', async () => {
        const { match, driver, a } = await playedCarpool(when);
        for (const who of [driver, a]) {
          const res = await w.api(
            who,
            'GET',
            `/user-to-user-match/mon-covoiturage-confirme?match_id=${match.id}`,
          );
          expect(res.json()).toMatchObject({
            isModifiable: false,
            isFinished: when === 'finished',
            passagers: [{ id: expect.any(Number) }, { id: expect.any(Number) }],
          });
        }
      });

      it('refuses to cancel the carpool, by a passenger or by the driver', async () => {
        const { match, driver, a } = await playedCarpool(when);
        const before = await snapshot(match.id);
        const reason = await w.reason('ANNULATION');
        for (const who of [a, driver]) {
          const res = await w.cancel(who, match.id, reason.id);
          expect([res.statusCode, res.json().message]).toEqual([409, M.carpoolLocked]);
        }
        expect(await snapshot(match.id)).toEqual(before);
      });

      it('refuses to exclude a passenger', async () => {
        const { match, driver, b } = await playedCarpool(when);
        const before = await snapshot(match.id);
        const reason = await w.reason('EXCLUSION');
        const res = await w.exclude(driver, b.id, match.id, reason.id);
        expect([res.statusCode, res.json().message]).toEqual([409, M.carpoolLocked]);
        expect(await snapshot(match.id)).toEqual(before);
        expect(await w.passengers(driver, match.id)).toBe(2);
      });

      it('refuses to change the free seats', async () => {
        const { match, driver } = await playedCarpool(when);
        const before = await snapshot(match.id);
        const res = await w.api(driver, 'POST', '/user-transport/modifier-places-dispo', {
          match_id: match.id,
          places_dispo: 6,
        });
        expect([res.statusCode, res.json().message]).toEqual([409, M.carpoolLocked]);
        expect(await snapshot(match.id)).toEqual(before);
        expect(await w.seats(driver, match.id)).toBe(1);
      });

      it('refuses to answer a request still pending at kickoff', async () => {
        const { match, driver, late } = await playedCarpool(when);
        const before = await snapshot(match.id);
        const accept = await w.answer(driver, 'confirm', late, match.id);
        const closed = when === 'finished' ? M.matchFinished : M.matchLocked;
        expect([accept.statusCode, accept.json().message]).toEqual([409, closed]);
        const refuse = await w.answer(driver, 'refus', late, match.id);
        expect([refuse.statusCode, refuse.json().message]).toEqual([409, M.carpoolLocked]);
        expect(await snapshot(match.id)).toEqual(before);
      });

      it('refuses to change or withdraw a presence or a search', async () => {
        const { match, driver, late } = await playedCarpool(when);
        const before = await snapshot(match.id);
        const expected = when === 'finished' ? M.matchFinished : M.matchLocked;
        const changes = [
          w.api(driver, 'POST', '/user-transport', {
            transport_id: 3,
            match_id: match.id,
            departement_depart: '06',
          }),
          w.api(late, 'POST', '/user-recherche', {
            nb_pers: 3,
            match_id: match.id,
            departement_depart: '06',
          }),
          w.api(late, 'POST', '/user-transport', {
            transport_id: 5,
            match_id: match.id,
            departement_depart: '06',
          }),
          w.api(late, 'DELETE', `/users/delete-presence-match?match_id=${match.id}`),
        ];
        for (const res of await Promise.all(changes)) {
          expect([res.statusCode, res.json().message]).toEqual([409, expected]);
        }
        expect(await snapshot(match.id)).toEqual(before);
      });
    });
  }
});

describe("a member's record of honoured trips (profile, 'Mes matchs au stade')", () => {
  it('counts confirmed carpools of finished matches, less those the member cancelled late', async () => {
    const { match, driver, a } = await playedCarpool('finished');
    // A second carpool of `a`'s, cancelled by `a` 12 hours before its kickoff, then played.
    t.clock.reset();
    const next = await w.match(0.5);
    const other = await w.driver(next.id, 3);
    const search = await w.api(a, 'POST', '/user-recherche', {
      nb_pers: 1,
      match_id: next.id,
      departement_depart: '06',
    });
    expect(search.statusCode, search.body).toBe(200);
    await w.request(a, other, next.id);
    await w.answer(other, 'confirm', a, next.id);
    const [relation] = await t.db.carpoolRelation.findMany({
      where: { matchId: next.id, passengerId: a.id },
    });
    const cancel = await w.cancel(a, next.id, (await w.reason('ANNULATION')).id, {
      userToUserMatchId: relation!.id,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.db.match.update({ where: { id: next.id }, data: { finishedAt: new Date() } });

    const record = async (id: number) =>
      (await w.api(a, 'POST', '/users/my-covoiturage', { publicId: id })).json().trajets;
    expect(await record(a.id)).toEqual({ honores: 1, total: 2 });
    expect(await record(driver.id)).toEqual({ honores: 2, total: 2 });
    expect(match.id).not.toBe(next.id);
  });

  it('is not shown for an account without a profile: suspended, banned, unconfirmed, deleted', async () => {
    const { driver } = await playedCarpool('finished');
    const page = (publicId: string | number) =>
      w.api(null, 'POST', '/users/my-covoiturage', { publicId });
    expect((await page(driver.username)).statusCode).toBe(200);
    for (const status of ['SUSPENDED', 'PENDING', 'DELETED'] as const) {
      await t.db.user.update({ where: { id: driver.id }, data: { status } });
      for (const publicId of [driver.username, driver.id]) {
        const res = await page(publicId);
        expect([res.statusCode, res.json().message], status).toEqual([
          404,
          'Utilisateur introuvable',
        ]);
      }
    }
  });
});
