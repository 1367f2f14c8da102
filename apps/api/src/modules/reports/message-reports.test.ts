import { describe, expect, it } from 'vitest';
import { BAD_TEXT_MESSAGE, REPORT_TEXTS } from '@munegu/shared';
import { ACCOUNT_BUDGET_DEFAULTS } from '../../config/rate-budgets.js';
import { useTestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';
import { createMatch, createUser, uniqueSeason } from '../../../test/helpers/factories.js';

const t = useTestApp();
const w = moderationWorld(t);

type User = Awaited<ReturnType<typeof createUser>>;

async function post(from: User, url: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: await bearer(t.app, from, t.clock),
    payload,
  });
}

/** `from` writes to `to` through the real route; the stored message's id. */
async function privateMessage(from: User, to: User, content: string): Promise<number> {
  const res = await post(from, '/messages/send', { toUserId: to.id, content });
  expect(res.statusCode).toBe(200);
  return (
    await t.db.message.findFirstOrThrow({
      where: { senderId: from.id, receiverId: to.id, content },
    })
  ).id;
}

/** `a` writes first and `b` accepts: both may then write. */
async function talk(a: User, b: User) {
  const first = await privateMessage(a, b, 'Salut, tu viens samedi ?');
  const { conversationId } = await t.db.message.findUniqueOrThrow({ where: { id: first } });
  expect((await post(b, `/messages/accept/${conversationId}`, {})).statusCode).toBe(200);
}

/** A car's group thread holding `members`, where `sender` wrote `content`. */
async function groupMessage(members: User[], sender: User, content: string) {
  const match = await createMatch(t.db, {
    kickoffAt: new Date('2031-05-01T18:00:00Z'),
    season: uniqueSeason(),
    matchday: 1,
  });
  const joinedAt = new Date('2031-04-01T10:00:00Z');
  const group = await t.db.messageGroup.create({
    data: {
      kind: 'covoiturage',
      matchId: match.id,
      driverId: members[0]!.id,
      members: { createMany: { data: members.map((m) => ({ userId: m.id, joinedAt })) } },
    },
  });
  const message = await t.db.groupMessage.create({
    data: { groupId: group.id, senderId: sender.id, content },
  });
  return { groupId: group.id, id: message.id };
}

const motifOf = async () =>
  (await t.db.reason.findFirstOrThrow({
    where: { kind: 'SIGNALEMENT', section: 'message', NOT: { label: 'Autre' } },
  }))!;

/** `reporter` reports the message `ids` points at, written by `to`, with a message motif. */
async function reportMessage(
  reporter: User,
  to: { id: number },
  ids: { messageId: number } | { groupMessageId: number },
) {
  const motif = await motifOf();
  return post(reporter, '/user-signalement', {
    to: to.id,
    motifId: motif.id,
    section: 'message',
    ...ids,
  });
}

const reportsAbout = (reportedUserId: number) =>
  t.db.report.findMany({ where: { reportedUserId }, orderBy: { id: 'asc' } });

/**
 * The report about `reported` a moderator reads on that member's file (not the queue's first
 * page: the embedded tier shares one database with every other file's reports).
 */
async function cardOf(reported: User) {
  const moderator = await w.member('MODERATEUR');
  const res = await w.call(moderator, 'GET', `/users/${reported.id}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { reportsAbout: { context: unknown }[] }).reportsAbout[0];
}

describe('reporting a message (POST /user-signalement with a message)', () => {
  it('brings a received private message to the moderators, text as written', async () => {
    const [reporter, writer] = [await createUser(t.db), await createUser(t.db)];
    await talk(reporter, writer);
    const id = await privateMessage(writer, reporter, 'Tu vas le regretter demain, crois-moi.');

    const res = await reportMessage(reporter, writer, { messageId: id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: REPORT_TEXTS.sent });
    expect(await reportsAbout(writer.id)).toMatchObject([
      { reporterId: reporter.id, section: 'message', contextType: 'message', contextId: id },
    ]);
    expect(await cardOf(writer)).toMatchObject({
      context: { type: 'message', id, messageText: 'Tu vas le regretter demain, crois-moi.' },
    });

    // A second message of the same member while the first report is open: told, not stored.
    const again = await privateMessage(writer, reporter, 'Encore un.');
    const twice = await reportMessage(reporter, writer, { messageId: again });
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual({ message: REPORT_TEXTS.alreadyOpenMessage });
    expect(await reportsAbout(writer.id)).toHaveLength(1);
  });

  it('refuses a message the reporter did not receive from that member, and stores nothing', async () => {
    const [reporter, writer, stranger] = [
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
    ];
    const toStranger = await privateMessage(writer, stranger, 'Pas pour toi.');
    await talk(reporter, writer);
    const mine = await privateMessage(reporter, writer, 'Mon propre message.');
    const received = await privateMessage(writer, reporter, 'Bien reçu.');
    for (const [to, messageId] of [
      [writer.id, toStranger], // someone else's conversation
      [writer.id, mine], // the reporter's own message, said to be the other's
      [stranger.id, received], // a message the named member did not write
      [writer.id, 2_000_000_000], // no such message
    ] as const) {
      const res = await reportMessage(reporter, { id: to }, { messageId });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(REPORT_TEXTS.unknownMessage);
    }
    // A message only makes sense in the message section.
    const profil = await t.db.reason.findFirstOrThrow({
      where: { kind: 'SIGNALEMENT', section: 'profil' },
    });
    const wrongSection = await post(reporter, '/user-signalement', {
      to: writer.id,
      motifId: profil.id,
      messageId: received,
    });
    expect(wrongSection.statusCode).toBe(400);
    expect(await reportsAbout(writer.id)).toEqual([]);
    expect(await reportsAbout(stranger.id)).toEqual([]);
  });

  it('brings a group-thread message to the moderators, from current members only', async () => {
    const [driver, writer, reporter, outsider, gone] = [
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
    ];
    const m = await groupMessage([driver, writer, reporter, gone], writer, 'Personne ne monte.');
    await t.db.messageGroupMember.update({
      where: { groupId_userId: { groupId: m.groupId, userId: gone.id } },
      data: { leftAt: new Date() },
    });
    const ids = { groupMessageId: m.id };

    for (const who of [outsider, gone]) {
      const res = await reportMessage(who, writer, ids);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(REPORT_TEXTS.unknownMessage);
    }
    expect((await reportMessage(reporter, driver, ids)).statusCode).toBe(404);

    const res = await reportMessage(reporter, writer, ids);
    expect(res.statusCode).toBe(200);
    expect(await reportsAbout(writer.id)).toMatchObject([
      { reporterId: reporter.id, contextType: 'group_message', contextId: m.id },
    ]);
    expect(await cardOf(writer)).toMatchObject({
      context: { type: 'group_message', id: m.id, messageText: 'Personne ne monte.' },
    });
  });
});

describe('a message report: callers, bad input and the budget', () => {
  it('answers 401 to an anonymous caller, and lets every role report what it received', async () => {
    const writer = await createUser(t.db);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/user-signalement',
      payload: { to: writer.id, motifId: 1, section: 'message', messageId: 1 },
    });
    expect(anonymous.statusCode).toBe(401);

    for (const role of ['UTILISATEUR', 'REDACTEUR', 'MODERATEUR', 'ADMIN'] as const) {
      const reporter = await createUser(t.db, { role });
      await talk(reporter, writer);
      const id = await privateMessage(writer, reporter, `Pour ${role}, avec mépris.`);
      const res = await reportMessage(reporter, writer, { messageId: id });
      expect([role, res.statusCode]).toEqual([role, 200]);
    }
  });

  it('refuses a wrong id in French, whatever its bytes, and stores nothing', async () => {
    const [reporter, writer] = [await createUser(t.db), await createUser(t.db)];
    await talk(reporter, writer);
    const id = await privateMessage(writer, reporter, 'Un message bien réel.');
    const motif = await motifOf();
    const base = { to: writer.id, motifId: motif.id, section: 'message' };
    const refused = async (messageId: unknown) => {
      const res = await post(reporter, '/user-signalement', { ...base, messageId });
      return [res.statusCode, res.json().message];
    };
    for (const messageId of ['abc', String(id), 1.5, -3, 0, '9'.repeat(400), true, {}, []])
      expect(await refused(messageId), JSON.stringify(messageId).slice(0, 20)).toEqual([
        400,
        REPORT_TEXTS.unknownMessage,
      ]);
    // A NUL byte is refused before any field is read, as on every route (bad-input.test.ts).
    expect(await refused(`${id}\u0000`)).toEqual([400, BAD_TEXT_MESSAGE]);
    // Both kinds of message at once: one report points at one message.
    const both = await post(reporter, '/user-signalement', {
      ...base,
      messageId: id,
      groupMessageId: id,
    });
    expect([both.statusCode, both.json().message]).toEqual([400, REPORT_TEXTS.unknownMessage]);
    expect(await reportsAbout(writer.id)).toEqual([]);
  });

  it('takes the reporter’s report budget, however the path is spelled', async () => {
    const max = Number(ACCOUNT_BUDGET_DEFAULTS.reports.split('/')[0]);
    const reporter = await createUser(t.db);
    const motif = await motifOf();
    const spellings = [
      '/api/user-signalement',
      '/%61pi/user-signalement',
      '/api/%75ser-signalement',
    ];
    const codes: number[] = [];
    for (let i = 0; i <= max; i++) {
      // Each writer's own message request: the reporter starts no conversation (their own
      // budget of new conversations is not what this test is about).
      const writer = await createUser(t.db);
      const messageId = await privateMessage(writer, reporter, `Insulte numéro ${i}.`);
      const res = await t.app.inject({
        method: 'POST',
        url: spellings[i % spellings.length]!,
        headers: await bearer(t.app, reporter, t.clock),
        payload: { to: writer.id, motifId: motif.id, section: 'message', messageId },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toBe(REPORT_TEXTS.tooMany);
    }
    expect(codes).toEqual([...Array(max).fill(200), 429]);
    expect(await t.db.report.count({ where: { reporterId: reporter.id } })).toBe(max);
  });
});
