import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FAST_JOBS, type TestApp } from '../../../test/helpers/app.js';
import { moveKickoff } from '../../../test/helpers/admin.js';
import { bearer } from '../../../test/helpers/auth.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';
import { createMatch, createUser, uniqueRealSeason } from '../../../test/helpers/factories.js';
import { runJob } from '../../../test/helpers/jobs.js';
import { KICKOFF_ANNOUNCEMENTS } from '../../jobs/matches.jobs.js';
import { formatParisLong } from '../../lib/paris-time.js';

/**
 * A moved kickoff reaches the match's travellers once, KICKOFF_ANNOUNCE_DELAY_MINUTES (10 by
 * default) after its last move, and only if it differs from what they last heard: an operator
 * correcting a time three times does not mail them three times. Through the operators' routes,
 * the scheduled run sent through pg-boss, and the carpool members' bells and mail outbox.
 */
let t: TestApp;
let w: ReturnType<typeof carpoolWorld>;
const MINUTE = 60_000;
beforeAll(async () => {
  t = await createTestApp({ jobs: FAST_JOBS });
  w = carpoolWorld(t);
});
afterAll(() => t.close());
afterEach(() => t.clock.reset());

/** A match of a fresh season in the future, with a driver and a confirmed passenger. */
async function carpoolMatch(matchday = 4) {
  const { season, year } = uniqueRealSeason();
  const match = await createMatch(t.db, {
    kickoffAt: new Date(`${year + 1}-01-10T19:00:00Z`), // 20:00 in Paris
    season,
    matchday,
  });
  const driver = await w.driver(match.id, 3);
  const passenger = await w.searcher(match.id, 1);
  await w.request(passenger, driver, match.id);
  await w.answer(driver, 'confirm', passenger, match.id);
  const move = async (kickoff: string) => {
    const res = await moveKickoff(t, match, { season, journee: matchday }, kickoff);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { annonce_horaire: string | null; date: string };
  };
  return { match, season, year, driver, passenger, move, day: `${year + 1}-01-10` };
}

const horaires = async (u: { id: number }) =>
  (await w.api(u as never, 'GET', '/user-notification/me'))
    .json()
    .filter((n: { type_notification: string }) => n.type_notification === 'HORAIRE');

/** The kickoff mails queued for `u` (their carpool's request and answer mails aside). */
const mails = async (u: { id: number }) => {
  const { email } = await t.db.user.findUniqueOrThrow({ where: { id: u.id } });
  const queued = await t.db.mailOutbox.findMany({ where: { to: email } });
  return queued.filter((m) => m.subject.includes('nouvel horaire de match'));
};

const listed = async (matchId: number, season: string) => {
  const admin = await createUser(t.db, { role: 'ADMIN' });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/matchs?season=${season}`,
    headers: await bearer(t.app, { id: admin.id, role: 'ADMIN' }, t.clock),
  });
  return (res.json() as { id: number; annonce_horaire: string | null }[]).find(
    (m) => m.id === matchId,
  )!;
};

const run = () => runJob(t.app, KICKOFF_ANNOUNCEMENTS);

describe('a moved kickoff, announced once it stops moving', { timeout: 60_000 }, () => {
  it('tells each traveller once, the last kickoff, ten minutes after the last correction', async () => {
    const { match, season, year, driver, passenger, move, day } = await carpoolMatch();
    const start = new Date();
    t.clock.set(start);
    await move(`${day}T21:00`);
    t.clock.advance(2 * MINUTE);
    await move(`${day}T21:15`);
    t.clock.advance(2 * MINUTE);
    const last = await move(`${day}T21:45`);
    // The operator learns when it goes out, in the answer and on the list.
    const due = new Date(start.getTime() + 14 * MINUTE).toISOString();
    expect(last.annonce_horaire).toBe(due);
    expect((await listed(match.id, season)).annonce_horaire).toBe(due);

    // Nine minutes after the last move: nobody has heard anything yet.
    t.clock.advance(9 * MINUTE);
    await run();
    for (const u of [driver, passenger]) expect(await horaires(u)).toEqual([]);

    t.clock.advance(2 * MINUTE);
    await run();
    for (const u of [driver, passenger]) {
      const told = await horaires(u);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        match_id: match.id,
        kickoff: `${year + 1}-01-10T20:45:00.000Z`,
      });
      const [mail] = await mails(u);
      expect(mail!.subject).toContain(formatParisLong(new Date(`${year + 1}-01-10T20:45:00Z`)));
      expect(await mails(u)).toHaveLength(1);
    }
    expect((await listed(match.id, season)).annonce_horaire).toBeNull();

    // A later run, or a second instance's, tells nobody again.
    t.clock.advance(20 * MINUTE);
    await run();
    for (const u of [driver, passenger]) expect(await horaires(u)).toHaveLength(1);
  });

  it('tells nobody of a kickoff moved and put back before the delay ran out', async () => {
    const { match, season, driver, passenger, move, day } = await carpoolMatch();
    t.clock.set(new Date());
    await move(`${day}T18:00`);
    t.clock.advance(3 * MINUTE);
    const back = await move(`${day}T20:00`);
    // The operator is not told of an announcement that will say nothing.
    expect(back.annonce_horaire).toBeNull();
    t.clock.advance(11 * MINUTE);
    await run();
    for (const u of [driver, passenger]) {
      expect(await horaires(u)).toEqual([]);
      expect(await mails(u)).toEqual([]);
    }
    expect((await listed(match.id, season)).annonce_horaire).toBeNull();
  });

  it('compares with what was last announced, not with the previous move', async () => {
    const { driver, move, day, year } = await carpoolMatch();
    t.clock.set(new Date());
    await move(`${day}T21:00`);
    t.clock.advance(11 * MINUTE);
    await run();
    // Announced 21:00; then moved away and back to 21:00: nothing new to say.
    await move(`${day}T22:00`);
    t.clock.advance(MINUTE);
    await move(`${day}T21:00`);
    t.clock.advance(11 * MINUTE);
    await run();
    const told = await horaires(driver);
    expect(told).toHaveLength(1);
    expect(told[0].kickoff).toBe(`${year + 1}-01-10T20:00:00.000Z`);
  });

  it('holds a kickoff an import moved the same way', async () => {
    const { match, season, passenger, day } = await carpoolMatch(9);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    t.clock.set(new Date());
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/matchs',
      headers: await bearer(t.app, { id: admin.id, role: 'ADMIN' }, t.clock),
      payload: {
        rows: [
          {
            season,
            journee: 9,
            kickoff: `${day}T17:30`,
            club_dom: match.homeClubId,
            club_ext: match.awayClubId,
            hashtag: match.hashtag,
          },
        ],
      },
    });
    expect(imported.json()).toMatchObject({ applied: true, valid: 1 });
    await run();
    expect(await horaires(passenger)).toEqual([]);
    t.clock.advance(11 * MINUTE);
    await run();
    expect(await horaires(passenger)).toHaveLength(1);
  });

  it('lets a move announced at once (the delay set to 0 since) supersede a held one', async () => {
    const { driver, move, day, match, season } = await carpoolMatch(11);
    t.clock.set(new Date());
    await move(`${day}T21:00`);
    // The operators redeploy with KICKOFF_ANNOUNCE_DELAY_MINUTES=0 while it is held.
    const now = await createTestApp({
      database: t.database,
      env: { KICKOFF_ANNOUNCE_DELAY_MINUTES: '0' },
    });
    try {
      const res = await moveKickoff(now, match, { season, journee: 11 }, `${day}T21:30`);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await now.close();
    }
    expect(await horaires(driver)).toHaveLength(1);
    t.clock.advance(11 * MINUTE);
    await run();
    expect(await horaires(driver)).toHaveLength(1);
  });

  it('tells nobody once the match was played before the delay ran out', async () => {
    const { match, driver, move, day } = await carpoolMatch();
    t.clock.set(new Date());
    await move(`${day}T21:00`);
    await t.db.match.update({
      where: { id: match.id },
      data: { homeGoals: 1, awayGoals: 0, finishedAt: t.clock.now() },
    });
    t.clock.advance(11 * MINUTE);
    await run();
    expect(await horaires(driver)).toEqual([]);
  });
});
