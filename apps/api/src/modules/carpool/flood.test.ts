// Issue 26: one determined member must not flood another through carpool rounds (mail and bell
// bombing), nor reach a member who blocked them in messaging.
import { CARPOOL_TEXTS as M } from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARPOOL_MAIL_DIGESTS } from '../../jobs/carpool.jobs.js';
import { createTestApp, FAST_JOBS, type TestApp } from '../../../test/helpers/app.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';

let t: TestApp;
let w: ReturnType<typeof carpoolWorld>;
beforeAll(async () => {
  // Jobs on: the scheduled run sends the mails the window held back.
  t = await createTestApp({ jobs: FAST_JOBS });
  w = carpoolWorld(t);
});
afterAll(async () => t.close());

type Member = Awaited<ReturnType<typeof w.member>>;

const mails = async (user: Member) =>
  t.db.mailOutbox.findMany({
    where: { to: user.email, kind: 'carpool-notification' },
    orderBy: { createdAt: 'asc' },
  });
const stopTokens = (user: Member) =>
  t.db.emailToken.count({ where: { userId: user.id, purpose: 'STOP_NOTIF_APPLI' } });
const bell = async (user: Member) =>
  (await w.api(user, 'GET', '/user-notification/me')).json() as {
    statut: { id: number } | null;
    sender: { id: number } | null;
  }[];

async function cancelPending(driver: Member, matchId: number) {
  const reason = await w.reason('ANNULATION');
  const [rel] = (
    await t.db.carpoolRelation.findMany({
      where: { driverId: driver.id, matchId, statusId: { in: [1, 2] } },
    })
  ).slice(-1);
  if (!rel) return null;
  return w.cancel(driver, matchId, reason.id, { userToUserMatchId: rel.id });
}

describe('carpool rounds between two members', () => {
  it('20 propose/cancel rounds: a few proposals, at most 5 mails, one stop link, the bell up to date', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);

    const answers: number[] = [];
    let refusal: { message: string; ttl?: number } | null = null;
    for (let round = 0; round < 20; round++) {
      const res = await w.propose(driver, searcher, match.id);
      answers.push(res.statusCode);
      if (res.statusCode === 429) refusal = res.json();
      if (res.statusCode === 201) {
        const cancelled = await cancelPending(driver, match.id);
        expect(cancelled?.statusCode).toBe(200);
      }
    }
    const accepted = answers.filter((s) => s === 201).length;
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(accepted).toBeLessThanOrEqual(3);
    expect(answers.filter((s) => s !== 201).every((s) => s === 429)).toBe(true);
    // The refusal is French and says when to try again.
    expect(refusal?.message).toMatch(/^Tu as déjà beaucoup sollicité ce membre .* Réessaie dans/);
    expect(refusal?.ttl).toBeGreaterThan(0);

    expect((await mails(searcher)).length).toBeLessThanOrEqual(5);
    expect(await stopTokens(searcher)).toBe(1);
    // The bell lists every event, newest first: the last one was the cancellation.
    const rows = (await bell(searcher)).filter((n) => n.sender?.id === driver.id);
    expect(rows).toHaveLength(accepted * 2);
    expect(rows[0]!.statut?.id).toBe(5);
  });

  it('mails once per window; what the window held back goes out at its end, in one mail', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);

    expect((await w.propose(driver, searcher, match.id)).statusCode).toBe(201);
    expect((await cancelPending(driver, match.id))?.statusCode).toBe(200);
    expect((await w.propose(driver, searcher, match.id)).statusCode).toBe(201);
    let sent = await mails(searcher);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('vous a proposé un covoiturage');

    // A run inside the window sends nothing.
    await t.app.boss!.send(CARPOOL_MAIL_DIGESTS, {});
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mails(searcher)).toHaveLength(1);

    // Past the 15-minute window, the scheduled run mails the two held-back events at once.
    t.clock.advance(16 * 60_000);
    try {
      await t.app.boss!.send(CARPOOL_MAIL_DIGESTS, {});
      await expect.poll(async () => (await mails(searcher)).length, { timeout: 15_000 }).toBe(2);
      sent = await mails(searcher);
      expect(sent[1]!.subject).toContain('2 nouvelles de covoiturage');
      expect(sent[1]!.text).toContain('a annulé le covoiturage');
      expect(sent[1]!.text).toContain('vous a proposé un covoiturage');
      // Every mail carries the same stop link.
      const link = (text: string) => /\/stop-notif\/([\w-]+)/.exec(text)?.[1];
      expect(link(sent[1]!.text)).toBe(link(sent[0]!.text));
      expect(await stopTokens(searcher)).toBe(1);

      // A further run finds nothing left: each event is mailed once.
      await t.app.boss!.send(CARPOOL_MAIL_DIGESTS, {});
      await new Promise((r) => setTimeout(r, 1500));
      expect(await mails(searcher)).toHaveLength(2);
    } finally {
      t.clock.reset();
    }
  });

  it('counts per account: the sender’s whole budget, not only per recipient', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 15);
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) {
      const searcher = await w.searcher(match.id, 1);
      codes.push((await w.propose(driver, searcher, match.id)).statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 201)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
  });
});

describe('a member blocked in messaging', () => {
  async function block(blocker: Member, blocked: Member) {
    const sent = await w.api(blocker, 'POST', '/messages/send', {
      toUserId: blocked.id,
      content: 'Bonjour',
    });
    expect(sent.statusCode).toBe(200);
    const id = sent.json().conversationId as number;
    const res = await w.api(blocker, 'PATCH', `/messages/conversation/${id}/block`);
    expect(res.statusCode).toBeLessThan(300);
  }

  it('cannot propose nor request, and the refusal reads like an unavailable member', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);
    await block(searcher, driver);

    const proposal = await w.propose(driver, searcher, match.id);
    expect([proposal.statusCode, proposal.json().message]).toEqual([404, M.memberUnavailable]);
    // The blocker cannot use the block to reach the blocked member either.
    const request = await w.request(searcher, driver, match.id);
    expect(request.statusCode).toBe(404);

    expect((await bell(searcher)).filter((n) => n.sender?.id === driver.id)).toHaveLength(0);
    expect(await mails(searcher)).toHaveLength(0);
    expect(await t.db.carpoolRelation.count({ where: { matchId: match.id } })).toBe(0);
  });

  it('reaches nobody with an event on a carpool that started before the block', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);
    expect((await w.propose(driver, searcher, match.id)).statusCode).toBe(201);
    const before = (await mails(searcher)).length;
    await block(searcher, driver);

    expect((await cancelPending(driver, match.id))?.statusCode).toBe(200);
    const rows = (await bell(searcher)).filter((n) => n.sender?.id === driver.id);
    expect(rows.map((n) => n.statut?.id)).toEqual([1]);
    expect(await mails(searcher)).toHaveLength(before);
  });
});
