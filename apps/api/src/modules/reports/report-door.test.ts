import { CARPOOL_TEXTS as M, REPORT_TEXTS } from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';

// Issue 26: every report, from the form or from a carpool cancellation, goes through one door
// (the member's budget, one OPEN report per reporter, member and section), race-free.

let t: TestApp;
let w: ReturnType<typeof carpoolWorld>;
let profileMotif: number;
let carpoolMotif: number;
let cancelMotif: number;
beforeAll(async () => {
  // The rounds below are the worst case of the report door; the carpool flood budgets (which
  // would stop them at the third round, see carpool/flood.test.ts) are opened wide here.
  t = await createTestApp({
    env: { RATE_LIMIT_CARPOOL_PAIR: '100/1h', RATE_LIMIT_CARPOOL_CANCEL: '100/1h' },
  });
  w = carpoolWorld(t);
  const motif = (section: string) =>
    t.db.reason.findFirstOrThrow({
      where: { kind: 'SIGNALEMENT', section, NOT: { label: 'Autre' } },
    });
  profileMotif = (await motif('profil')).id;
  carpoolMotif = (await motif('covoiturage')).id;
  cancelMotif = (await w.reason('ANNULATION')).id;
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof w.member>>;

const openReports = (reporterId: number, reportedUserId?: number) =>
  t.db.report.count({ where: { reporterId, reportedUserId, status: 'OPEN' } });

const report = (from: Member, to: { id: number }, extra: object = {}) =>
  w.api(from, 'POST', '/user-signalement', { to: to.id, motifId: profileMotif, ...extra });

/** The passenger cancels the relation `relationId` and asks to report the driver. */
const cancelWithReport = (passenger: Member, matchId: number, relationId: number) =>
  w.cancel(passenger, matchId, cancelMotif, {
    userToUserMatchId: relationId,
    avecSignalement: true,
    signalementMotifId: carpoolMotif,
  });

describe('cancel-with-report goes through the reports service', () => {
  it('after a never-accepted request files none, and the cancellation still goes through', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 4);
    const searcher = await w.searcher(match.id);
    for (let round = 0; round < 10; round++) {
      const sent = await w.request(searcher, driver, match.id);
      expect(sent.statusCode).toBe(201);
      const relation = sent.json().relation.id as number;
      const cancelled = await cancelWithReport(searcher, match.id, relation);
      expect([cancelled.statusCode, cancelled.json().message]).toEqual([200, M.actionDone]);
      const row = await t.db.carpoolRelation.findUniqueOrThrow({ where: { id: relation } });
      expect(row.statusId).toBe(5);
    }
    expect(await openReports(searcher.id, driver.id)).toBe(0);
  });

  it('10 request/cancel-with-report rounds of a confirmed carpool: at most 1 open report', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 4);
    const searcher = await w.searcher(match.id);
    const answers: string[] = [];
    for (let round = 0; round < 10; round++) {
      const sent = await w.request(searcher, driver, match.id);
      expect(sent.statusCode).toBe(201);
      // Every other round the driver accepts: a pending request after a confirmed carpool
      // may be reported too (they have ridden together), but still only once.
      if (round % 2 === 0) {
        expect((await w.answer(driver, 'confirm', searcher, match.id)).statusCode).toBe(200);
      }
      const cancelled = await cancelWithReport(searcher, match.id, sent.json().relation.id);
      expect(cancelled.statusCode).toBe(200);
      answers.push(cancelled.json().message);
    }
    // The reporter is told each time that the report is with the moderators.
    expect(new Set(answers)).toEqual(new Set([M.actionWithReportDone]));
    expect(await openReports(searcher.id, driver.id)).toBe(1);
    expect(await w.seats(driver, match.id)).toBe(4);

    // Once a moderator has handled it, the next cancel-with-report is a new case.
    await t.db.report.updateMany({
      where: { reporterId: searcher.id },
      data: { status: 'REVIEWED' },
    });
    const sent = await w.request(searcher, driver, match.id);
    expect(
      (await cancelWithReport(searcher, match.id, sent.json().relation.id)).json().message,
    ).toBe(M.actionWithReportDone);
    expect(await openReports(searcher.id, driver.id)).toBe(1);
  });

  it('shares the member’s report budget; when spent, the cancellation goes through unreported', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 4);
    const searcher = await w.searcher(match.id);
    for (let i = 0; i < 19; i++) {
      expect((await report(searcher, await w.member())).statusCode).toBe(200);
    }
    const sent = await w.request(searcher, driver, match.id);
    await w.answer(driver, 'confirm', searcher, match.id);
    const reported = await cancelWithReport(searcher, match.id, sent.json().relation.id);
    expect(reported.json().message).toBe(M.actionWithReportDone);
    expect(await openReports(searcher.id, driver.id)).toBe(1);

    // The 20th report was the cancellation's: the form is now refused.
    const refused = await report(searcher, await w.member());
    expect([refused.statusCode, refused.json().message]).toEqual([429, REPORT_TEXTS.tooMany]);

    // A new driver, a confirmed carpool, a cancel-with-report over budget: cancelled, no report.
    const other = await w.driver(match.id, 3);
    const again = await w.request(searcher, other, match.id);
    await w.answer(other, 'confirm', searcher, match.id);
    const cancelled = await cancelWithReport(searcher, match.id, again.json().relation.id);
    expect([cancelled.statusCode, cancelled.json().message]).toEqual([200, M.actionDone]);
    expect(await w.seats(other, match.id)).toBe(3);
    expect(await openReports(searcher.id, other.id)).toBe(0);
  });
});

describe('reports sent at once', () => {
  it('32 parallel reports → at most the budget (20)', async () => {
    const from = await w.member();
    const targets = await Promise.all(Array.from({ length: 32 }, () => w.member()));
    const answers = await Promise.all(targets.map((to) => report(from, to)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(12);
    expect(await t.db.report.count({ where: { reporterId: from.id } })).toBe(20);
  });

  it('10 identical parallel reports → 1: one answered as sent, the others as already open', async () => {
    const [from, to] = [await w.member(), await w.member()];
    const answers = await Promise.all(Array.from({ length: 10 }, () => report(from, to)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    const messages = answers.map((res) => res.json().message as string).sort();
    expect(messages).toEqual(
      [...Array(9).fill(REPORT_TEXTS.alreadyOpen), REPORT_TEXTS.sent].sort(),
    );
    expect(await openReports(from.id, to.id)).toBe(1);
  });

  it('one OPEN report per member and section, whatever the motif', async () => {
    const [from, to] = [await w.member(), await w.member()];
    const other = await t.db.reason.findFirstOrThrow({
      where: {
        kind: 'SIGNALEMENT',
        section: 'profil',
        id: { not: profileMotif },
        label: { not: 'Autre' },
      },
    });
    const message = await t.db.reason.findFirstOrThrow({
      where: { kind: 'SIGNALEMENT', section: 'message', NOT: { label: 'Autre' } },
    });
    const answers = await Promise.all([
      report(from, to),
      report(from, to, { motifId: other.id }),
      report(from, to, { motifId: message.id, section: 'message' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const stored = await t.db.report.findMany({ where: { reporterId: from.id } });
    expect(stored.map((r) => r.section).sort()).toEqual(['message', 'profil']);
  });
});

describe('RATE_LIMIT_REPORTS', () => {
  it('sets the per-member budget and its window', async () => {
    const tuned = await createTestApp({ env: { RATE_LIMIT_REPORTS: '3/10m' } });
    try {
      const tw = carpoolWorld(tuned);
      const from = await tw.member();
      const send = async () =>
        (
          await tw.api(from, 'POST', '/user-signalement', {
            to: (await tw.member()).id,
            motifId: profileMotif,
          })
        ).statusCode;
      tuned.clock.set('2032-03-01T10:00:00Z');
      expect([await send(), await send(), await send(), await send()]).toEqual([
        200, 200, 200, 429,
      ]);
      tuned.clock.set('2032-03-01T10:10:01Z');
      expect(await send()).toBe(200);
    } finally {
      tuned.clock.reset();
      await tuned.close();
    }
  });
});
