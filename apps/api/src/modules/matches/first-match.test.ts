import type { Match } from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import {
  createClub,
  createMatch,
  createUser,
  unusedRealSeason,
} from '../../../test/helpers/factories.js';

/**
 * Which match the home page leads with (GET /matchs/next, first item): the last match played
 * for a day after its score came in ('MATCH TERMINÉ'), else the next one. Scores go through the
 * operators' API, as in production. Its own file: its own database holds no stale match of
 * another test that would be live at these clocks and lead instead.
 */
describe('the home page’s first match', () => {
  let t: TestApp;
  let moderator: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    moderator = await createUser(t.db, { role: 'MODERATEUR' });
  });
  afterAll(() => t.close());

  it('keeps the home page’s first match when an old match’s score is corrected', async () => {
    const { season: s, year: y } = await unusedRealSeason(t.db);
    const [home, away] = [(await createClub(t.db)).id, (await createClub(t.db)).id];
    const at = (date: string) => new Date(`${y}-${date}Z`);
    const round = (matchday: number, kickoff: string) =>
      createMatch(t.db, {
        season: s,
        matchday,
        kickoffAt: at(kickoff),
        homeClubId: home,
        awayClubId: away,
      });
    const old = await round(1, '08-15T19:00:00');
    const last = await round(2, '08-29T19:00:00');
    const next = await round(3, '09-12T19:00:00');
    const score = async (id: number, buts_dom: number, buts_ext: number) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/matchs/${id}/score`,
        headers: await bearer(t.app, moderator, t.clock),
        payload: { buts_dom, buts_ext },
      });
      expect(res.statusCode).toBe(200);
    };
    const homePage = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/matchs/next' })).json() as Match[];
    /** On its own database (not the embedded run's shared one), the lead is known exactly. */
    const ownDb = inject('dbMode') === 'pg';

    t.clock.set(at('08-15T21:00:00'));
    await score(old.id, 1, 0);
    t.clock.set(at('08-29T21:00:00'));
    await score(last.id, 2, 2);

    // The morning after: the last match played leads, 'MATCH TERMINÉ'.
    t.clock.set(at('08-30T09:00:00'));
    const before = (await homePage())[0]!;
    if (ownDb) expect(before).toMatchObject({ id: last.id, ordre: 0, is_finish: true });

    await score(old.id, 3, 0);
    // A correction in two steps (cleared, then entered again) counts as one too.
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/matchs/${old.id}/score`,
      headers: await bearer(t.app, moderator, t.clock),
    });
    expect(cleared.statusCode).toBe(200);
    await score(old.id, 3, 1);
    const after = await homePage();
    expect(after[0]).toEqual(before);
    expect(after.some((m) => m.id === old.id)).toBe(false);

    // A day after the last score the next match leads; correcting either old one changes nothing.
    t.clock.set(at('08-31T09:00:00'));
    const later = (await homePage())[0]!;
    if (ownDb) expect(later).toMatchObject({ id: next.id, ordre: 1, is_finish: false });
    await score(last.id, 2, 3);
    await score(old.id, 0, 0);
    expect((await homePage())[0]).toEqual(later);
    const stored = await t.db.match.findUniqueOrThrow({ where: { id: last.id } });
    // The correction kept the time the score first came in.
    expect(stored.finishedAt).toEqual(at('08-29T21:00:00'));
  });
});
