import { CARPOOL_TEXTS as M } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';

const t = useTestApp();
const w = carpoolWorld(t);

describe('seats are never oversold', () => {
  it('50 simultaneous accepts on 3 seats confirm exactly 3 passengers (3 rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const match = await w.match();
      const driver = await w.driver(match.id, 3);
      const searchers = await Promise.all(
        Array.from({ length: 50 }, () => w.searcher(match.id, 1)),
      );
      for (const s of searchers)
        expect((await w.request(s, driver, match.id)).statusCode).toBe(201);

      const answers = await Promise.all(
        searchers.map((s) => w.answer(driver, 'confirm', s, match.id)),
      );
      const ok = answers.filter((r) => r.statusCode === 200).length;
      expect(ok).toBe(3);
      for (const r of answers.filter((a) => a.statusCode !== 200)) {
        expect(r.statusCode).toBe(409);
        expect(r.json().message).toBe('Aucune place disponible');
      }
      expect(await w.passengers(driver, match.id)).toBe(3);
      expect(await w.seats(driver, match.id)).toBe(0);
    }
  }, 120_000);

  it('a searcher accepting two drivers at once rides with only one of them', async () => {
    for (let round = 0; round < 3; round++) {
      const match = await w.match();
      const searcher = await w.searcher(match.id, 2);
      const drivers = await Promise.all([w.driver(match.id, 4), w.driver(match.id, 4)]);
      for (const d of drivers)
        expect((await w.propose(d, searcher, match.id)).statusCode).toBe(201);
      const answers = await Promise.all(
        drivers.map((d) => w.answer(searcher, 'confirm', d, match.id)),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const seats = await Promise.all(drivers.map((d) => w.seats(d, match.id)));
      expect(seats.sort()).toEqual([2, 4]);
    }
  });

  it('a searcher who changes their group size cannot be accepted at the old size', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);
    const search = (people: number) =>
      w.api(searcher, 'POST', '/user-recherche', {
        nb_pers: people,
        match_id: match.id,
        departement_depart: '06',
      });
    const freeSeats = async () =>
      (await w.api(driver, 'GET', `/users/infos-utilisateur?match_id=${match.id}`)).json()
        .places_dispo;
    expect((await w.request(searcher, driver, match.id)).statusCode).toBe(201);

    // The request was for 1 seat: a bigger group withdraws it, as a new search would.
    expect((await search(4)).statusCode).toBe(200);
    const accept = await w.answer(driver, 'confirm', searcher, match.id);
    expect([accept.statusCode, accept.json().message]).toEqual([409, M.notPending]);
    expect(await freeSeats()).toBe(3);
    const bell = (await w.api(driver, 'GET', '/user-notification/me')).json();
    expect(bell[0]).toMatchObject({ statut: { id: 5 }, sender: { id: searcher.id } });

    // Asked again at its real size, the group of 4 no longer fits the car of 3.
    const again = await w.request(searcher, driver, match.id);
    expect([again.statusCode, again.json().message]).toEqual([409, M.notEnoughPlacesTooltip]);
    const pair = await w.searcher(match.id, 2);
    await w.request(pair, driver, match.id);
    expect((await w.answer(driver, 'confirm', pair, match.id)).statusCode).toBe(200);
    expect(await freeSeats()).toBe(1);
  });

  it('a request whose group size no longer matches the search is refused, seats untouched', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);
    await w.request(searcher, driver, match.id);
    // A pending request left behind by an older version, which let the size change under it.
    await t.db.rideSearch.updateMany({
      where: { userId: searcher.id, matchId: match.id },
      data: { groupSize: 4 },
    });
    const accept = await w.answer(driver, 'confirm', searcher, match.id);
    expect([accept.statusCode, accept.json().message]).toEqual([409, M.notPending]);
    expect(await w.seats(driver, match.id)).toBe(3);
    expect(await w.passengers(driver, match.id)).toBe(0);
  });

  it('cancel and exclude give seats back; the places editor never touches taken seats', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 2);
    const a = await w.searcher(match.id, 2);
    await w.request(a, driver, match.id);
    await w.answer(driver, 'confirm', a, match.id);
    expect(await w.seats(driver, match.id)).toBe(0);

    const set = (places: unknown) =>
      w.api(driver, 'POST', '/user-transport/modifier-places-dispo', {
        match_id: match.id,
        places_dispo: places,
      });
    expect((await set(-1)).statusCode).toBe(400);
    expect((await set(16)).statusCode).toBe(400);
    expect((await set(1.5)).statusCode).toBe(400);
    expect((await set(3)).statusCode).toBe(200);
    expect(await w.seats(driver, match.id)).toBe(3);
    expect(await w.passengers(driver, match.id)).toBe(1);

    // Only a driver offering seats has an editor.
    expect(
      (
        await w.api(a, 'POST', '/user-transport/modifier-places-dispo', {
          match_id: match.id,
          places_dispo: 2,
        })
      ).statusCode,
    ).toBe(409);

    const reason = await w.reason('ANNULATION');
    const concurrent = await Promise.all([
      w.cancel(a, match.id, reason.id),
      w.cancel(driver, match.id, reason.id),
    ]);
    // Both may report success only if they cancelled the same relation once: seats come
    // back exactly once.
    expect(concurrent.some((r) => r.statusCode === 200)).toBe(true);
    expect(await w.seats(driver, match.id)).toBe(5);
  });
});
