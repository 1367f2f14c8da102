import { CARPOOL_STATUS, TRANSPORT_IDS, TRIP_TEXTS as T } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';
import { tripWorld } from '../../../test/helpers/trips.js';

const t = useTestApp();
const w = tripWorld(t);
const c = carpoolWorld(t);

const presence = (userId: number, matchId: number) =>
  t.db.presence.findUnique({ where: { userId_matchId: { userId, matchId } } });
const refused = (res: { statusCode: number; json(): { message?: string } }) => [
  res.statusCode,
  res.json().message,
];

describe('a coach and the presence form', () => {
  it('a confirmed seat answers "bus — antenne"; leaving the coach takes it away', async () => {
    const trip = await w.trip({ places_total: 1 });
    const [a, b] = [await w.member({ department: 'FR-13' }), await w.member()];
    await w.register(a, trip.id);
    await w.register(b, trip.id);
    expect(await presence(a.id, trip.matchId)).toMatchObject({
      transportTypeId: TRANSPORT_IDS.BUS,
      antennaId: trip.antenna.id,
      departureDepartment: '13',
      offersCarpool: false,
    });
    // Waiting is not going: no answer yet.
    expect(await presence(b.id, trip.matchId)).toBeNull();

    await w.unregister(a, trip.id);
    expect(await presence(a.id, trip.matchId)).toBeNull();
    // b moved up, and now goes by bus.
    expect(await presence(b.id, trip.matchId)).toMatchObject({ antennaId: trip.antenna.id });
  });

  it('withdrawing the presence withdraws the registration and promotes the next', async () => {
    const trip = await w.trip({ places_total: 2 });
    const [a, b] = [await w.member(), await w.member()];
    await w.register(a, trip.id, 2);
    await w.register(b, trip.id, 2);
    const res = await c.api(a, 'DELETE', `/users/delete-presence-match?match_id=${trip.matchId}`);
    expect(res.statusCode).toBe(200);
    const s = await w.state(trip.id);
    expect(s.confirmed).toEqual([b.id]);
    expect(s.waiting).toEqual([]);
    expect(await presence(a.id, trip.matchId)).toBeNull();
    expect(await presence(b.id, trip.matchId)).toMatchObject({
      transportTypeId: TRANSPORT_IDS.BUS,
    });
  });

  it('withdrawing the presence once the coach has left keeps the registration and its ticks', async () => {
    const trip = await w.trip();
    const a = await w.member();
    await w.register(a, trip.id);
    const organizer = trip.antenna.organizer;
    const tick = await w.api(organizer, 'PATCH', `/deplacements/${trip.id}/inscrits/${a.id}`, {
      paye: true,
      present: true,
    });
    expect(tick.statusCode).toBe(200);
    // The coach left six days from now; an hour later, the match is still to come.
    await w.later(6 * 86_400_000 + 3_600_000, async () => {
      await c.api(a, 'DELETE', `/users/delete-presence-match?match_id=${trip.matchId}`);
      const list = await w.api(organizer, 'GET', `/deplacements/${trip.id}/inscrits`);
      expect(list.json().inscrits).toMatchObject([
        { user_id: a.id, statut: 'CONFIRME', paye: true, present: true },
      ]);
    });
  });

  it('a cancelled trip withdraws its registrants’ bus presences', async () => {
    const trip = await w.trip();
    const a = await w.member();
    await w.register(a, trip.id);
    await w.api(trip.antenna.organizer, 'DELETE', `/deplacements/${trip.id}`);
    expect(await presence(a.id, trip.matchId)).toBeNull();
  });
});

describe('one coach or one car per match', () => {
  it('a member in a car (a confirmed carpool) cannot take the coach', async () => {
    const match = await c.match();
    const trip = await w.trip({}, { matchId: match.id });
    const driver = await c.driver(match.id, 3);
    const searcher = await c.searcher(match.id, 1);
    expect((await c.request(searcher, driver, match.id)).statusCode).toBe(201);
    expect((await c.answer(driver, 'confirm', searcher, match.id)).statusCode).toBe(200);
    expect(refused(await w.register(searcher, trip.id))).toEqual([409, T.alreadyInCar]);
    expect(refused(await w.register(driver, trip.id))).toEqual([409, T.alreadyInCar]);
  });

  it('an unanswered proposal or request does not keep a member off the coach: it is withdrawn', async () => {
    const match = await c.match();
    const trip = await w.trip({}, { matchId: match.id });
    const driver = await c.driver(match.id, 3);
    const [asked, asking] = [await c.searcher(match.id, 1), await c.searcher(match.id, 1)];
    // A proposal the member never answered, and a request of their own still waiting.
    expect((await c.propose(driver, asked, match.id)).statusCode).toBe(201);
    expect((await c.request(asking, driver, match.id)).statusCode).toBe(201);

    expect((await w.register(asked, trip.id)).statusCode).toBe(201);
    expect((await w.register(asking, trip.id)).statusCode).toBe(201);

    const relations = await t.db.carpoolRelation.findMany({ where: { matchId: match.id } });
    expect(relations.map((r) => r.statusId)).toEqual([
      CARPOOL_STATUS.ANNULE,
      CARPOOL_STATUS.ANNULE,
    ]);
    // The driver is told each one is off, as when a member changes their answer.
    const told = await t.db.notification.findMany({
      where: { recipientId: driver.id, statusId: CARPOOL_STATUS.ANNULE, deletedAt: null },
    });
    expect(told.map((n) => n.senderId).sort()).toEqual([asked.id, asking.id].sort());
    // And nothing is left for the driver to accept behind the coach's back.
    expect((await c.answer(driver, 'confirm', asking, match.id)).statusCode).not.toBe(200);
  });

  it('a driver with requests waiting for them may take the coach; the requests are withdrawn', async () => {
    const match = await c.match();
    const trip = await w.trip({}, { matchId: match.id });
    const driver = await c.driver(match.id, 3);
    const searcher = await c.searcher(match.id, 1);
    expect((await c.request(searcher, driver, match.id)).statusCode).toBe(201);
    expect((await w.register(driver, trip.id)).statusCode).toBe(201);
    const [relation] = await t.db.carpoolRelation.findMany({ where: { matchId: match.id } });
    expect(relation?.statusId).toBe(CARPOOL_STATUS.ANNULE);
    expect(await presence(driver.id, match.id)).toMatchObject({
      transportTypeId: TRANSPORT_IDS.BUS,
      offersCarpool: false,
    });
  });

  it('a member on a coach cannot carpool or answer another way, but may confirm the bus', async () => {
    const match = await c.match();
    const trip = await w.trip({}, { matchId: match.id });
    const onCoach = await w.member();
    await t.db.userAntenna.create({ data: { userId: onCoach.id, antennaId: trip.antenna.id } });
    await w.register(onCoach, trip.id);
    const refusal = [409, T.onCoachNoCarpool(trip.antenna.name)];

    const driver = await c.driver(match.id, 3);
    const asked = await c.api(onCoach, 'POST', '/user-to-user-match', {
      user2_id: driver.id,
      statut_id: 2,
      departement_depart: '06',
      match_id: match.id,
    });
    expect(refused(asked)).toEqual(refusal);
    const car = await c.api(onCoach, 'POST', '/user-transport', {
      transport_id: TRANSPORT_IDS.VOITURE,
      match_id: match.id,
      covoiturage: true,
      places_dispo: 3,
      departement_depart: '06',
    });
    expect(refused(car)).toEqual(refusal);
    const search = await c.api(onCoach, 'POST', '/user-recherche', {
      nb_pers: 1,
      match_id: match.id,
      departement_depart: '06',
    });
    expect(refused(search)).toEqual(refusal);
    const bus = await c.api(onCoach, 'POST', '/user-transport', {
      transport_id: TRANSPORT_IDS.BUS,
      antenne_id: trip.antenna.id,
      match_id: match.id,
      departement_depart: '83',
    });
    expect(bus.statusCode).toBe(200);
    expect(await presence(onCoach.id, match.id)).toMatchObject({ departureDepartment: '83' });
  });
});

describe('who may register', () => {
  it('refuses a silenced member (403) and a suspended one (401)', async () => {
    const trip = await w.trip();
    const silenced = await w.member();
    await t.db.user.update({
      where: { id: silenced.id },
      data: { silencedUntil: w.days(3), silenceReason: 'Propos insultants' },
    });
    expect((await w.register(silenced, trip.id)).statusCode).toBe(403);
    const suspended = await w.member();
    await w.api(suspended, 'GET', `/deplacements?match_id=${trip.matchId}`);
    await t.db.user.update({ where: { id: suspended.id }, data: { status: 'SUSPENDED' } });
    expect((await w.register(suspended, trip.id)).statusCode).toBe(401);
    expect(await t.db.tripRegistration.count({ where: { tripId: trip.id } })).toBe(0);
  });
});
