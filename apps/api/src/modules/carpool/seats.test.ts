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
