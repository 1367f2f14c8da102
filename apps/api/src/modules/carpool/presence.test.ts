import fc from 'fast-check';
import { CARPOOL_TEXTS as M } from '@munegu/shared';
import { describe, expect, inject, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';
import { domainEvents } from '../../events/domain-events.js';
import { shownCount } from './map.service.js';

// The app's bus, so a test can hold a withdrawal inside its transaction (see below).
const bus = domainEvents();
let whileWithdrawing: (() => Promise<unknown>) | null = null;
bus.on('presenceWithdrawn', () => whileWithdrawing?.());
const t = useTestApp({ events: bus });
const w = carpoolWorld(t);

const info = async (u: { id: number }, matchId: number) =>
  (await w.api(u as never, 'GET', `/users/infos-utilisateur?match_id=${matchId}`)).json();

describe('the presence form (spec section 4)', () => {
  it('keeps one answer per match: a transport or a search, and the infos follow', async () => {
    const match = await w.match();
    const u = await w.member();
    expect(await info(u, match.id)).toBeNull();
    const bus = await w.api(u, 'POST', '/user-transport', {
      transport_id: 2,
      antenne_id: null,
      match_id: match.id,
      departement_depart: 'FR-83',
    });
    expect(bus.json()).toEqual({ message: M.presenceSaved });
    expect(await info(u, match.id)).toMatchObject({
      type: 'transport',
      transport: 'BUS',
      antenne: null,
      departement_depart: '83',
      has_relation: false,
    });
    await w.api(u, 'POST', '/user-recherche', {
      nb_pers: 3,
      match_id: match.id,
      departement_depart: '83',
    });
    expect(await info(u, match.id)).toMatchObject({ type: 'recherche', nb_pers: 3 });
    expect(await t.db.presence.count({ where: { userId: u.id, matchId: match.id } })).toBe(0);
    const answered = await w.api(u, 'GET', `/users/has-already-answered?match_id=${match.id}`);
    expect(answered.json()).toEqual({ answered: true });
  });

  it('takes only the member’s own antennas and known departments', async () => {
    const match = await w.match();
    const u = await w.member();
    const antenna = await t.db.antenna.findFirstOrThrow();
    const foreign = await w.api(u, 'POST', '/user-transport', {
      transport_id: 2,
      antenne_id: antenna.id,
      match_id: match.id,
      departement_depart: '06',
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([400, M.unknownAntenna]);
    await t.db.userAntenna.create({ data: { userId: u.id, antennaId: antenna.id } });
    const own = await w.api(u, 'POST', '/user-transport', {
      transport_id: 2,
      antenne_id: antenna.id,
      match_id: match.id,
      departement_depart: '06',
    });
    expect(own.statusCode).toBe(200);
    for (const departement_depart of ['99', 'XX', '<b>']) {
      const res = await w.api(u, 'POST', '/user-transport', {
        transport_id: 3,
        match_id: match.id,
        departement_depart,
      });
      expect(res.statusCode).toBe(400);
    }
    const unknownMatch = await w.api(u, 'POST', '/user-transport', {
      transport_id: 3,
      match_id: 987_654,
      departement_depart: '06',
    });
    expect([unknownMatch.statusCode, unknownMatch.json().message]).toEqual([404, M.unknownMatch]);
  });

  it('withdrawing cancels pending relations; a confirmed carpool freezes the answer', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const a = await w.searcher(match.id, 1);
    const b = await w.searcher(match.id, 1);
    const pending = (await w.request(a, driver, match.id)).json().relation;
    await w.request(b, driver, match.id);
    await w.answer(driver, 'confirm', b, match.id);

    // A driver who keeps offering seats keeps the requests addressed to them.
    await w.api(driver, 'POST', '/user-transport/modifier-places-dispo', {
      match_id: match.id,
      places_dispo: 2,
    });
    const again = await w.api(b, 'POST', '/user-recherche', {
      nb_pers: 2,
      match_id: match.id,
      departement_depart: '06',
    });
    expect([again.statusCode, again.json().message]).toEqual([409, M.alreadyConfirmed]);
    const del = await w.api(b, 'DELETE', `/users/delete-presence-match?match_id=${match.id}`);
    expect([del.statusCode, del.json().message]).toEqual([409, M.deleteWithConfirmed]);

    const withdraw = await w.api(a, 'DELETE', `/users/delete-presence-match?match_id=${match.id}`);
    expect(withdraw.json()).toEqual({ message: M.presenceDeleted });
    expect(
      (await t.db.carpoolRelation.findUniqueOrThrow({ where: { id: pending.id } })).statusId,
    ).toBe(5);
    expect(await info(a, match.id)).toBeNull();
    const bell = (await w.api(driver, 'GET', '/user-notification/me')).json();
    expect(bell[0]).toMatchObject({ statut: { id: 5 }, sender: { id: a.id } });
    expect(await info(b, match.id)).toMatchObject({ has_relation: true, has_confirmed: true });
  });
});

describe('an answer changed while a carpool is being accepted', () => {
  type Member = Awaited<ReturnType<typeof w.member>>;
  type Side = 'searcher' | 'driver';
  const changes: Record<string, (u: Member, matchId: number) => ReturnType<typeof w.api>> = {
    'takes the train': (u, match_id) =>
      w.api(u, 'POST', '/user-transport', { transport_id: 3, match_id, departement_depart: '06' }),
    'searches for two': (u, match_id) =>
      w.api(u, 'POST', '/user-recherche', { nb_pers: 2, match_id, departement_depart: '06' }),
    withdraws: (u, matchId) =>
      w.api(u, 'DELETE', `/users/delete-presence-match?match_id=${matchId}`),
  };

  /**
   * A driver with 2 seats and a searcher for 1, with a pending relation that the other side
   * accepts: the searcher's request (the driver accepts) when `changing` is the searcher, the
   * driver's proposal (the searcher accepts) when it is the driver.
   */
  async function pending(changing: Side) {
    const match = await w.match();
    const driver = await w.driver(match.id, 2);
    const passenger = await w.searcher(match.id, 1);
    const [member, other] = changing === 'searcher' ? [passenger, driver] : [driver, passenger];
    await (changing === 'searcher' ? w.request : w.propose)(member, other, match.id);
    return {
      match,
      driver,
      passenger,
      member,
      accept: () => w.answer(other, 'confirm', member, match.id),
    };
  }

  /**
   * A confirmed carpool keeps both answers it stands on: the passenger's search for the group
   * it took, the driver's car with seats. Whether there is one.
   */
  const expectWhole = async (driver: Member, passenger: Member, matchId: number) => {
    const [mine, theirs] = [await info(passenger, matchId), await info(driver, matchId)];
    if (!mine?.has_confirmed) return false;
    expect(mine).toMatchObject({ type: 'recherche', nb_pers: 1 });
    expect(theirs).toMatchObject({ type: 'transport', covoiturage: true, has_confirmed: true });
    return true;
  };

  // PostgreSQL tier only: the accept runs while the withdrawal's transaction is open, which
  // the embedded database's single session cannot do.
  it.skipIf(inject('dbMode') === 'embedded')(
    'a withdrawal whose check ran before an accept committed is refused',
    async () => {
      for (const side of ['searcher', 'driver'] as const) {
        const { match, driver, passenger, member, accept } = await pending(side);
        // The accept runs, and commits, inside the withdrawal's transaction: after the check
        // made before it, which therefore saw no carpool.
        let accepted: Awaited<ReturnType<typeof w.api>> | null = null;
        whileWithdrawing = async () => {
          whileWithdrawing = null;
          accepted = await accept();
        };
        const withdrawn = await changes.withdraws!(member, match.id);
        expect(accepted!.statusCode, side).toBe(200);
        expect([withdrawn.statusCode, withdrawn.json().message], side).toEqual([
          409,
          M.deleteWithConfirmed,
        ]);
        expect(await expectWhole(driver, passenger, match.id), side).toBe(true);
      }
    },
  );

  // Both at once, a few rounds: whichever commits first, each request gets an answer (never
  // a 500, such as a deadlock), and exactly one of them wins.
  for (const [name, change] of Object.entries(changes)) {
    for (const side of ['searcher', 'driver'] as const) {
      it(`the ${side} ${name} while the other accepts`, async () => {
        for (let round = 0; round < 3; round++) {
          const { match, driver, passenger, member, accept } = await pending(side);
          const [accepted, changed] = await Promise.all([accept(), change(member, match.id)]);
          expect([200, 409]).toContain(accepted.statusCode);
          expect([200, 409]).toContain(changed.statusCode);
          const whole = await expectWhole(driver, passenger, match.id);
          expect([accepted.statusCode, changed.statusCode]).toEqual(
            whole ? [200, 409] : [409, 200],
          );
        }
      });
    }
  }
});

describe('the MuneguMap', () => {
  it('opens only with a presence, a search or a relation', async () => {
    const match = await w.match();
    const u = await w.member();
    for (const url of [
      `/users/departements-disponibles?match_id=${match.id}`,
      `/users/supporters-par-departement-detail?match_id=${match.id}`,
      `/users/supporters-par-departement-detail?match_id=${match.id}&departement=06`,
    ]) {
      const res = await w.api(u, 'GET', url);
      expect([res.statusCode, res.json().message]).toEqual([403, M.mapClosed]);
    }
  });

  it('lists a department with each member’s relation to the caller', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3, '13');
    const rider = await w.searcher(match.id, 2, '13');
    const riding = await w.searcher(match.id, 1, '13');
    await w.request(riding, driver, match.id);
    await w.answer(driver, 'confirm', riding, match.id);
    await w.request(rider, driver, match.id);
    const list = (
      await w.api(driver, 'GET', `/users/supporters-par-departement-detail?match_id=${match.id}`)
    ).json();
    expect(Object.keys(list)).toEqual(['13']);
    const rows = list['13'] as { id: number; relation: unknown; transport: string | null }[];
    // The searcher already riding with the driver is in the carpool, not in the list.
    expect(rows.map((r) => r.id).sort()).toEqual([driver.id, rider.id].sort());
    expect(rows.find((r) => r.id === rider.id)).toMatchObject({
      transport: null,
      nb_pers: 2,
      relation: { statut: 2, initiator: false, nbPers: 2 },
    });
    expect(rows.find((r) => r.id === driver.id)).toMatchObject({
      transport: 'VOITURE',
      covoiturage: true,
      places_dispo: 2,
    });
  });

  it('never shows 1 or 2 supporters for a department (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 3, maxLength: 3 }),
        async (counts) => {
          const match = await w.match();
          const me = await w.driver(match.id, 1, '75');
          const depts = ['01', '2A', '974'];
          for (const [i, n] of counts.entries()) {
            for (let k = 0; k < n; k++) {
              const u = await w.member();
              await t.db.presence.create({
                data: {
                  userId: u.id,
                  matchId: match.id,
                  transportTypeId: 3,
                  departureDepartment: depts[i]!,
                },
              });
            }
          }
          const res = await w.api(
            me,
            'GET',
            `/users/departements-disponibles?match_id=${match.id}`,
          );
          const shown = res.json().departements as { code: string; supporters: string }[];
          for (const [i, n] of counts.entries()) {
            const row = shown.find((d) => d.code === depts[i]);
            if (n === 0) expect(row).toBeUndefined();
            else expect(row!.supporters).toBe(n < 3 ? '<3' : String(n));
          }
          expect(shown.find((d) => d.code === '75')!.supporters).toBe('<3');
          expect(shown.some((d) => d.supporters === '1' || d.supporters === '2')).toBe(false);
        },
      ),
      { numRuns: 8 },
    );
    fc.assert(
      fc.property(fc.nat(100_000), (n) => {
        const s = shownCount(n);
        return n < 3 ? s === '<3' : s === String(n) && s !== '1' && s !== '2';
      }),
    );
  }, 60_000);

  it('suggests drivers from departments on the way when none offers seats at home', async () => {
    const match = await w.match(); // stadium in 06 (test clubs)
    const me = await w.searcher(match.id, 1, '83');
    const onTheWay = await w.driver(match.id, 2, '13');
    await w.driver(match.id, 2, '74'); // Haute-Savoie: the Var is far off its way to Nice
    const res = (
      await w.api(me, 'GET', `/users/departements-disponibles?match_id=${match.id}`)
    ).json();
    expect(res.suggestions.map((s: { id: number }) => s.id)).toEqual([onTheWay.id]);
    expect(res.suggestions[0].detour_km).toBeLessThan(60);

    await w.driver(match.id, 1, '83');
    const local = (
      await w.api(me, 'GET', `/users/departements-disponibles?match_id=${match.id}`)
    ).json();
    expect(local.suggestions).toEqual([]);
  });
});

describe('ratings once the match is finished', () => {
  it('passengers rate the driver, the driver rates each passenger, once; averages are real', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 4);
    const a = await w.searcher(match.id, 1);
    const b = await w.searcher(match.id, 2);
    const ra = (await w.request(a, driver, match.id)).json().relation;
    const rb = (await w.request(b, driver, match.id)).json().relation;
    await w.answer(driver, 'confirm', a, match.id);
    await w.answer(driver, 'confirm', b, match.id);
    const rate = (u: { id: number }, items: object[]) =>
      w.api(u as never, 'POST', '/user-notation-covoiturage/bulk', items);

    const early = await rate(a, [{ note: 4, userId: driver.id, userToUserMatchId: ra.id }]);
    expect([early.statusCode, early.json().message]).toEqual([400, M.ratingNotFinished]);
    await t.db.match.update({
      where: { id: match.id },
      data: { finishedAt: new Date(), homeGoals: 1, awayGoals: 0 },
    });

    for (const note of [0, 5.5, 3.3, '4']) {
      const bad = await rate(a, [{ note, userId: driver.id, userToUserMatchId: ra.id }]);
      expect(bad.statusCode, String(note)).toBe(400);
    }
    const wrongPerson = await rate(a, [{ note: 4, userId: b.id, userToUserMatchId: rb.id }]);
    expect(wrongPerson.statusCode).toBe(403);
    const incomplete = await rate(driver, [{ note: 4, userId: a.id, userToUserMatchId: ra.id }]);
    expect([incomplete.statusCode, incomplete.json().message]).toEqual([400, M.ratingIncomplete]);

    expect(
      (await rate(a, [{ note: 4, userId: driver.id, userToUserMatchId: ra.id }])).json(),
    ).toEqual({
      message: M.ratingSaved,
    });
    expect(
      (await rate(b, [{ note: 4.5, userId: driver.id, userToUserMatchId: rb.id }])).statusCode,
    ).toBe(200);
    const twice = await rate(a, [{ note: 1, userId: driver.id, userToUserMatchId: ra.id }]);
    expect([twice.statusCode, twice.json().message]).toEqual([400, M.ratingAlreadyDone]);
    const driverRates = await rate(driver, [
      { note: 5, userId: a.id, userToUserMatchId: ra.id },
      { note: 0.5, userId: b.id, userToUserMatchId: rb.id },
    ]);
    expect(driverRates.statusCode).toBe(200);

    const note = async (id: number) =>
      Number((await t.db.user.findUniqueOrThrow({ where: { id } })).carpoolRating);
    expect(await note(driver.id)).toBe(4.25);
    expect(await note(b.id)).toBe(0.5);
    expect(await info(a, match.id)).toMatchObject({ note_submitted: true });
    expect(await info(driver, match.id)).toMatchObject({ note_submitted: true });
  });
});
