import type { MiniLeagueDetail, MiniLeagueSummary } from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { deleteAccount } from '../../../test/helpers/accounts.js';
import { createUser } from '../../../test/helpers/factories.js';
import { miniLeaguesRepository } from './mini-leagues.repository.js';
import { competitionRanks, miniLeaguesService } from './mini-leagues.service.js';

type Member = Awaited<ReturnType<typeof createUser>>;

describe('mini-leagues', () => {
  let t: TestApp;
  let owner: Member, friend: Member, rival: Member, outsider: Member;
  const call = async (user: Member | null, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api${url}`,
      headers: user ? await bearer(t.app, user, t.clock) : {},
      payload,
    });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.db);
    friend = await createUser(t.db);
    rival = await createUser(t.db);
    outsider = await createUser(t.db);
    // Cached season totals as the scoring service leaves them.
    await t.db.user.update({
      where: { id: owner.id },
      data: { predictionPoints: 8, predictionRank: 2 },
    });
    await t.db.user.update({
      where: { id: friend.id },
      data: { predictionPoints: 8, predictionRank: 2 },
    });
    await t.db.user.update({
      where: { id: rival.id },
      data: { predictionPoints: 11, predictionRank: 1 },
    });
  });
  afterAll(() => t.close());

  it('ranks with shared places (1, 2, 2, 4)', () => {
    expect(competitionRanks([9, 5, 5, 1])).toEqual([1, 2, 2, 4]);
    expect(competitionRanks([])).toEqual([]);
  });

  it('creates a league with a code, lets others join, and ranks its members', async () => {
    expect((await call(null, 'POST', '/mini-leagues', { name: 'Les potes' })).statusCode).toBe(401);
    const created = await call(owner, 'POST', '/mini-leagues', { name: 'Les potes' });
    expect(created.statusCode).toBe(201);
    const league = created.json() as MiniLeagueSummary;
    expect(league.invite_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(league).toMatchObject({ name: 'Les potes', owner_id: owner.id, members_count: 1 });

    const joined = await call(friend, 'POST', '/mini-leagues/join', {
      code: league.invite_code.toLowerCase(),
    });
    expect(joined.json()).toMatchObject({ id: league.id, members_count: 2 });
    await call(rival, 'POST', '/mini-leagues/join', { code: league.invite_code });
    const again = await call(rival, 'POST', '/mini-leagues/join', { code: league.invite_code });
    expect(again.statusCode).toBe(409);
    const wrong = await call(outsider, 'POST', '/mini-leagues/join', { code: 'ZZZZZZZZ' });
    expect(wrong.statusCode).toBe(404);

    const detail = (
      await call(friend, 'GET', `/mini-leagues/${league.id}`)
    ).json() as MiniLeagueDetail;
    expect(detail.members.map((m) => [m.id, m.rank, m.pts_prono])).toEqual([
      [rival.id, 1, 11],
      ...[owner, friend]
        .sort((x, y) => x.username.toLowerCase().localeCompare(y.username.toLowerCase()))
        .map((u) => [u.id, 2, 8]),
    ]);
    const mine = (await call(friend, 'GET', '/mini-leagues')).json() as MiniLeagueSummary[];
    expect(mine.map((l) => l.id)).toContain(league.id);
  });

  it('keeps a league private to its members and lets them leave', async () => {
    const league = (
      await call(owner, 'POST', '/mini-leagues', { name: 'Privée' })
    ).json() as MiniLeagueSummary;
    const peek = await call(outsider, 'GET', `/mini-leagues/${league.id}`);
    expect(peek.statusCode).toBe(404);
    expect(JSON.stringify(peek.json())).not.toContain(league.invite_code);
    expect((await call(outsider, 'GET', '/mini-leagues')).json()).toEqual([]);
    const left = await call(owner, 'DELETE', `/mini-leagues/${league.id}/members/me`);
    expect(left.json()).toEqual({ message: 'Tu as quitté la mini-ligue.' });
    // The last member leaving removes the league.
    expect(await t.db.miniLeague.count({ where: { id: league.id } })).toBe(0);
  });

  it('drops a deleted account from the league’s ranking and count', async () => {
    const [alice, gone] = [await createUser(t.db), await createUser(t.db)];
    const league = (
      await call(alice, 'POST', '/mini-leagues', { name: 'Avant le départ' })
    ).json() as MiniLeagueSummary;
    await call(gone, 'POST', '/mini-leagues/join', { code: league.invite_code });
    await deleteAccount(t, gone);

    const detail = (
      await call(alice, 'GET', `/mini-leagues/${league.id}`)
    ).json() as MiniLeagueDetail;
    expect(detail.members.map((m) => m.id)).toEqual([alice.id]);
    expect(detail.members_count).toBe(1);
    const [summary] = (await call(alice, 'GET', '/mini-leagues')).json() as MiniLeagueSummary[];
    expect(summary).toMatchObject({ id: league.id, members_count: 1 });
    // Alice leaving is the last member leaving: the league goes.
    await call(alice, 'DELETE', `/mini-leagues/${league.id}/members/me`);
    expect(await t.db.miniLeague.count({ where: { id: league.id } })).toBe(0);
  });

  it('answers a second simultaneous join of one member with « already member », not a 500', async () => {
    // A few rounds: the two requests must both pass the membership check before either joins.
    for (let round = 0; round < 5; round++) {
      const [alice, bob] = [await createUser(t.db), await createUser(t.db)];
      const league = (
        await call(alice, 'POST', '/mini-leagues', { name: 'Double clic' })
      ).json() as MiniLeagueSummary;
      const join = () => call(bob, 'POST', '/mini-leagues/join', { code: league.invite_code });
      const answers = await Promise.all([join(), join()]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((r) => r.statusCode === 409)!;
      expect(refused.json()).toMatchObject({ message: 'Tu fais déjà partie de cette mini-ligue.' });
      expect(
        await t.db.miniLeagueMember.count({ where: { leagueId: league.id, userId: bob.id } }),
      ).toBe(1);
    }
  });

  it('lets the last two members leave at once: both succeed and the league goes', async () => {
    // Both leaves count the members only once both have left, so both delete the league.
    const real = miniLeaguesRepository(t.db);
    let arrived = 0;
    let release!: () => void;
    const bothLeft = new Promise<void>((resolve) => (release = resolve));
    const service = miniLeaguesService({
      repo: {
        ...real,
        // (A plain promise where Prisma's is typed: the service only awaits it.)
        memberCount: (async (leagueId: number) => {
          if (++arrived === 2) release();
          await bothLeft;
          return real.memberCount(leagueId);
        }) as typeof real.memberCount,
      },
    });
    const [alice, bob] = [await createUser(t.db), await createUser(t.db)];
    const league = (
      await call(alice, 'POST', '/mini-leagues', { name: 'Départ groupé' })
    ).json() as MiniLeagueSummary;
    await call(bob, 'POST', '/mini-leagues/join', { code: league.invite_code });
    const answers = await Promise.all([alice, bob].map((m) => service.leave(m.id, league.id)));
    expect(answers).toEqual([
      { message: 'Tu as quitté la mini-ligue.' },
      { message: 'Tu as quitté la mini-ligue.' },
    ]);
    expect(await t.db.miniLeague.count({ where: { id: league.id } })).toBe(0);
  });

  it('refuses names with markup, in French', async () => {
    const res = await call(owner, 'POST', '/mini-leagues', { name: '<script>x</script>' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Le nom doit contenir entre 3 et 40 caractères, sans balise.',
    });
  });
});
