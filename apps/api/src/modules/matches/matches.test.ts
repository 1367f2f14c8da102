import type { Match } from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createMatch, uniqueSeason } from '../../../test/helpers/factories.js';

describe('matches (read side)', () => {
  let t: TestApp;
  const season = uniqueSeason();
  const ids: Record<'live' | 'soon' | 'later' | 'finished', number> = {
    live: 0,
    soon: 0,
    later: 0,
    finished: 0,
  };

  beforeAll(async () => {
    t = await createTestApp();
    // Far in the future so no seeded match can come after ours.
    ids.later = (
      await createMatch(t.db, { season, matchday: 3, kickoffAt: new Date('2099-03-10T19:45:00Z') })
    ).id;
    ids.live = (
      await createMatch(t.db, { season, matchday: 1, kickoffAt: new Date('2099-03-01T20:00:00Z') })
    ).id;
    ids.soon = (
      await createMatch(t.db, { season, matchday: 2, kickoffAt: new Date('2099-03-05T17:00:00Z') })
    ).id;
    ids.finished = (
      await createMatch(t.db, {
        season,
        matchday: 4,
        kickoffAt: new Date('2099-02-20T20:00:00Z'),
        finishedAt: new Date('2099-02-20T22:00:00Z'),
      })
    ).id;
    t.clock.set('2099-03-01T20:30:00Z');
  });
  afterAll(() => t.close());

  it('lists unfinished matches by kickoff, with ordre and edit_pronostic from the clock', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/matchs/next' });
    expect(res.statusCode).toBe(200);
    // A just-finished match (ordre 0) may lead the list; the others count from 1.
    const all = (res.json() as Match[]).filter((m) => m.ordre > 0);
    expect(all.map((m) => m.ordre)).toEqual(all.map((_, i) => i + 1));
    const mine = all.filter((m) => Object.values(ids).includes(m.id));
    expect(mine.map((m) => m.id)).toEqual([ids.live, ids.soon, ids.later]);
    expect(mine.map((m) => m.edit_pronostic)).toEqual([false, true, true]);
    const soon = mine[1]!;
    expect(soon).toMatchObject({
      heure: '17:00',
      date: '2099-03-05T17:00:00.000Z',
      journee: 2,
      is_finish: false,
    });
    expect(soon.club_dom.logo).toMatch(/^\/clubs\/.+\.svg$/);
  });

  it('unlocks predictions again for a clock before kickoff', async () => {
    t.clock.set('2099-03-01T19:59:59Z');
    const res = await t.app.inject({ method: 'GET', url: `/api/matchs/${ids.live}` });
    expect(res.json()).toMatchObject({ id: ids.live, edit_pronostic: true, is_finish: false });
    t.clock.set('2099-03-01T20:30:00Z');
  });

  it('answers 404 in French for an unknown match, and 400 for a bad id', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/matchs/999999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Match introuvable.' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/matchs/abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('shows a finished match with its ordre 0', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/matchs/${ids.finished}` });
    expect(res.json()).toMatchObject({ is_finish: true, ordre: 0, edit_pronostic: false });
  });

  it('gives the ordre-1 match as /matchs/prochain', async () => {
    const next = (await t.app.inject({ method: 'GET', url: '/api/matchs/next' })).json() as Match[];
    const res = await t.app.inject({ method: 'GET', url: '/api/matchs/prochain' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(next.find((m) => m.ordre === 1));
  });

  it('keeps a just-finished match first for a day after its score, as MATCH TERMINÉ', async () => {
    const other = uniqueSeason();
    const done = await createMatch(t.db, {
      season: other,
      matchday: 1,
      // A year no other test file uses, so no other finished match competes for the lead.
      kickoffAt: new Date('2098-06-10T16:00:00Z'),
      finishedAt: new Date('2098-06-10T18:10:00Z'),
    });
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/matchs/next' }).then((r) => r.json() as Match[]);
    // Other files' stale matches may be live at this clock on the shared embedded database:
    // a live ordre-1 match always leads instead of the finished one.
    const expectLead = async () => {
      const all = await list();
      const nextIsLive = all.find((m) => m.ordre === 1)?.edit_pronostic === false;
      if (nextIsLive) expect(all[0]!.id).not.toBe(done.id);
      else expect(all[0]).toMatchObject({ id: done.id, ordre: 0, is_finish: true });
    };
    t.clock.set('2098-06-11T12:00:00Z');
    await expectLead();
    const prochain = await t.app.inject({ method: 'GET', url: '/api/matchs/prochain' });
    expect(prochain.json()).toMatchObject({ ordre: 1, is_finish: false });

    // Gone once the next match is live (ours kicks off 2099-03-01 20:00), and a day after the score.
    t.clock.set('2099-03-01T20:05:00Z');
    expect((await list()).some((m) => m.id === done.id)).toBe(false);
    t.clock.set('2098-06-11T18:11:00Z');
    expect((await list()).some((m) => m.id === done.id)).toBe(false);
    t.clock.set('2099-03-01T20:30:00Z');
    await t.db.match.delete({ where: { id: done.id } });
  });

  it('serves the league table rows in position order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/classement-ligue1' });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { position: number }[];
    expect(rows.map((r) => r.position)).toEqual(
      [...rows.map((r) => r.position)].sort((a, b) => a - b),
    );
  });
});
