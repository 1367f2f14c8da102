import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';

const t = useTestApp({ env: { CARPOOL_LIST_LIMIT: '10' } });
const w = carpoolWorld(t);

describe('a crowded department on the MuneguMap', () => {
  it('lists the first members of each kind, and always the caller and their relations', async () => {
    const match = await w.match();
    const drivers = [];
    for (let i = 0; i < 14; i++) drivers.push(await w.driver(match.id, 1 + (i % 4), '83'));
    const searchers = [];
    for (let i = 0; i < 13; i++) searchers.push(await w.searcher(match.id, 1, '83'));
    // The caller asks the driver with the fewest seats, who is beyond the cap.
    const me = searchers[12]!;
    const smallest = drivers.filter((_, i) => i % 4 === 0).at(-1)!;
    expect((await w.request(me, smallest, match.id)).statusCode).toBe(201);

    const res = await w.api(
      me,
      'GET',
      `/users/supporters-par-departement-detail?match_id=${match.id}&departement=83`,
    );
    const rows = res.json()['83'] as {
      id: number;
      transport: string | null;
      places_dispo: number | null;
      relation: unknown;
    }[];
    const cars = rows.filter((r) => r.transport === 'VOITURE');
    const searching = rows.filter((r) => r.transport === null);
    // 10 cars with the most seats, plus the related driver; 10 searches plus the caller.
    expect(cars.length).toBe(11);
    expect(cars.filter((c) => c.id !== smallest.id).every((c) => (c.places_dispo ?? 0) >= 2)).toBe(
      true,
    );
    expect(rows.find((r) => r.id === smallest.id)?.relation).toMatchObject({
      statut: 2,
      initiator: true,
    });
    expect(searching.length).toBe(11);
    expect(searching.some((r) => r.id === me.id)).toBe(true);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);

    // The department's count is exact: 27 answers.
    const counts = (
      await w.api(me, 'GET', `/users/departements-disponibles?match_id=${match.id}`)
    ).json();
    expect(counts.departements.find((d: { code: string }) => d.code === '83').supporters).toBe(
      '27',
    );
  });

  it('keeps the counts right when answers move or go', async () => {
    const match = await w.match();
    const a = await w.searcher(match.id, 1, '13');
    const viewer = await w.searcher(match.id, 1, '13');
    await w.searcher(match.id, 1, '13');
    const count = async (code: string) =>
      (await w.api(viewer, 'GET', `/users/departements-disponibles?match_id=${match.id}`))
        .json()
        .departements.find((d: { code: string }) => d.code === code)?.supporters;
    expect(await count('13')).toBe('3');
    // From a search in 13 to a car in 04: one less in 13, one in 04.
    await w.api(a, 'POST', '/user-transport', {
      transport_id: 1,
      match_id: match.id,
      departement_depart: '04',
    });
    expect(await count('13')).toBe('<3');
    expect(await count('04')).toBe('<3');
    await w.api(a, 'DELETE', `/users/delete-presence-match?match_id=${match.id}`);
    expect(await count('04')).toBeUndefined();
    const stored = await t.db.matchDepartmentCount.findMany({ where: { matchId: match.id } });
    expect(Object.fromEntries(stored.map((c) => [c.department, c.supporters]))).toEqual({
      '13': 2,
      '04': 0,
    });
  });

  it('counts only the members it lists: a suspended or banned member leaves both, and comes back', async () => {
    const match = await w.match();
    const viewer = await w.searcher(match.id, 1, '83');
    const suspended = await w.driver(match.id, 3, '83');
    const banned = await w.searcher(match.id, 1, '83');
    for (let i = 0; i < 3; i++) await w.searcher(match.id, 1, '83');
    const seen = async () => {
      const counts = (
        await w.api(viewer, 'GET', `/users/departements-disponibles?match_id=${match.id}`)
      ).json();
      const list = (
        await w.api(
          viewer,
          'GET',
          `/users/supporters-par-departement-detail?match_id=${match.id}&departement=83`,
        )
      ).json()['83'] as unknown[];
      return [
        counts.departements.find((d: { code: string }) => d.code === '83')?.supporters,
        list.length,
      ];
    };
    expect(await seen()).toEqual(['6', 6]);
    const until = new Date(t.clock.now().getTime() + 7 * 86_400_000);
    await t.db.user.update({
      where: { id: suspended.id },
      data: { status: 'SUSPENDED', suspendedUntil: until },
    });
    await t.db.user.update({
      where: { id: banned.id },
      data: { status: 'SUSPENDED', suspendedUntil: null },
    });
    expect(await seen()).toEqual(['4', 4]);
    await t.db.user.update({
      where: { id: suspended.id },
      data: { status: 'ACTIVE', suspendedUntil: null },
    });
    expect(await seen()).toEqual(['5', 5]);
  });
});
