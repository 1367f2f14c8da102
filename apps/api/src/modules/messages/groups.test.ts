import { GROUP_TEXTS as G, MESSAGING_TEXTS as M } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';

const t = useTestApp();
const w = carpoolWorld(t);
const m = moderationWorld(t);

type Member = Awaited<ReturnType<typeof w.member>>;
type Group = {
  id: number;
  kind: string;
  match: { id: number; domicile: string; exterieur: string; date: string };
  members: { id: number; username: string; driver: boolean }[];
  unread: number;
};

const groups = async (u: Member) => (await w.api(u, 'GET', '/messages/groupes')).json() as Group[];
const read = (u: Member, id: number, offset = 0) =>
  w.api(u, 'GET', `/messages/groupes/${id}?offset=${offset}`);
const post = (u: Member, id: number, content: string) =>
  w.api(u, 'POST', `/messages/groupes/${id}`, { content });
const unread = async (u: Member) =>
  (await w.api(u, 'GET', '/messages/unread-count')).json().count as number;

/** A driver with `places` seats and `n` one-person searchers whose requests they confirm. */
async function car(places: number, n: number) {
  const match = await w.match();
  const driver = await w.driver(match.id, places);
  const passengers: Member[] = [];
  for (let i = 0; i < n; i++) {
    const p = await w.searcher(match.id, 1);
    expect((await w.request(p, driver, match.id)).statusCode).toBe(201);
    passengers.push(p);
  }
  const confirm = async (p: Member) =>
    expect((await w.answer(driver, 'confirm', p, match.id)).statusCode).toBe(200);
  return { match, driver, passengers, confirm };
}

const cancel = async (who: Member, matchId: number) => {
  const reason = await w.reason('ANNULATION');
  const res = await w.api(who, 'POST', '/user-to-user-match/annuler-covoiturage', {
    matchId,
    motifId: reason.id,
  });
  expect(res.statusCode).toBe(200);
};
const exclude = async (driver: Member, passenger: Member, matchId: number) => {
  const reason = await w.reason('EXCLUSION');
  const res = await w.api(driver, 'POST', '/user-to-user-match/exclure-covoiturage', {
    matchId,
    passagerId: passenger.id,
    motifId: reason.id,
  });
  expect(res.statusCode).toBe(200);
};

describe('group threads of carpools', () => {
  it('a confirmed carpool opens the car’s group, and a second passenger joins on confirm', async () => {
    const { match, driver, passengers, confirm } = await car(4, 2);
    const [a, b] = passengers as [Member, Member];
    // Pending requests open nothing.
    expect(await groups(driver)).toEqual([]);

    await confirm(a);
    const [group] = await groups(driver);
    expect(group).toMatchObject({
      kind: 'covoiturage',
      match: { id: match.id, date: match.kickoffAt.toISOString() },
      unread: 0,
    });
    expect(group!.members.map((x) => [x.id, x.driver])).toEqual([
      [driver.id, true],
      [a.id, false],
    ]);
    expect((await groups(a)).map((g) => g.id)).toEqual([group!.id]);
    // b is not in it yet: the group is not theirs to see.
    expect(await groups(b)).toEqual([]);
    expect((await read(b, group!.id)).statusCode).toBe(404);
    expect((await post(b, group!.id, 'Coucou')).statusCode).toBe(404);

    // The carpool's view leads to the thread for those in it.
    const mine = async (u: Member) =>
      (
        await w.api(u, 'GET', `/user-to-user-match/mon-covoiturage-confirme?match_id=${match.id}`)
      ).json() as { groupe_id: number | null } | null;
    expect((await mine(driver))?.groupe_id).toBe(group!.id);
    expect((await mine(a))?.groupe_id).toBe(group!.id);

    await confirm(b);
    const [again] = await groups(b);
    expect(again!.id).toBe(group!.id);
    expect((await mine(b))?.groupe_id).toBe(group!.id);
    expect(again!.members.map((x) => x.id)).toEqual([driver.id, a.id, b.id]);

    const sent = await post(a, group!.id, '  RDV 7h devant le Louis II  ');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      groupId: group!.id,
      senderId: a.id,
      senderName: a.username,
      content: 'RDV 7h devant le Louis II',
      fromMe: true,
    });
    const seen = (await read(b, group!.id)).json();
    expect(seen).toMatchObject([
      {
        senderId: a.id,
        senderName: a.username,
        content: 'RDV 7h devant le Louis II',
        fromMe: false,
      },
    ]);
  });

  it('cancel and exclude take the passenger out: 403 from then on, the others still talk', async () => {
    const { match, driver, passengers, confirm } = await car(4, 3);
    const [a, b, c] = passengers as [Member, Member, Member];
    for (const p of passengers) await confirm(p);
    const id = (await groups(driver))[0]!.id;
    expect((await post(a, id, 'Je serai là')).statusCode).toBe(201);

    await cancel(a, match.id);
    expect((await read(a, id)).statusCode).toBe(403);
    expect((await read(a, id)).json().message).toBe(G.notMember);
    expect((await post(a, id, 'Encore moi')).statusCode).toBe(403);
    expect(await groups(a)).toEqual([]);

    await exclude(driver, b, match.id);
    expect((await read(b, id)).statusCode).toBe(403);
    expect((await post(b, id, 'Pourquoi ?')).statusCode).toBe(403);
    expect((await w.api(b, 'PATCH', `/messages/groupes/${id}/mark-read`)).statusCode).toBe(403);

    // The driver and c still talk; the list shows only the current members.
    expect((await post(driver, id, 'On part à 7h')).statusCode).toBe(201);
    expect((await post(c, id, 'Parfait')).statusCode).toBe(201);
    expect((await read(c, id)).json().map((x: { content: string }) => x.content)).toEqual([
      'Je serai là',
      'On part à 7h',
      'Parfait',
    ]);
    expect((await groups(c))[0]!.members.map((x) => x.id)).toEqual([driver.id, c.id]);
    // Nothing a removed member wrote after leaving was stored.
    expect(await t.db.groupMessage.count({ where: { groupId: id } })).toBe(3);

    // Confirmed again later (a new request): back in the same group.
    expect((await w.request(a, driver, match.id)).statusCode).toBe(201);
    await confirm(a);
    expect((await read(a, id)).statusCode).toBe(200);
  });

  it('the driver leaves with the last passenger and comes back with the next', async () => {
    const { match, driver, passengers, confirm } = await car(3, 2);
    const [a, b] = passengers as [Member, Member];
    await confirm(a);
    const id = (await groups(driver))[0]!.id;
    expect((await post(driver, id, 'Bienvenue')).statusCode).toBe(201);
    await cancel(a, match.id);
    expect(await groups(driver)).toEqual([]);
    expect((await read(driver, id)).statusCode).toBe(403);

    await confirm(b);
    expect((await groups(driver)).map((g) => g.id)).toEqual([id]);
    expect((await read(b, id)).json().map((x: { content: string }) => x.content)).toEqual([
      'Bienvenue',
    ]);
  });

  it('a suspended member leaves their groups', async () => {
    const { driver, passengers, confirm } = await car(3, 2);
    const [a, b] = passengers as [Member, Member];
    await confirm(a);
    await confirm(b);
    const id = (await groups(driver))[0]!.id;
    const moderator = await m.member('MODERATEUR');
    const res = await m.call(moderator, 'POST', `/users/${driver.id}/suspend`, {
      reason: 'Comportement inacceptable envers les autres membres.',
      days: 7,
    });
    expect(res.statusCode).toBe(200);
    const left = await t.db.messageGroupMember.findMany({
      where: { groupId: id, leftAt: null },
      select: { userId: true },
    });
    // The suspension withdrew the driver's carpools: nobody is left in the car.
    expect(left).toEqual([]);
    expect((await read(a, id)).statusCode).toBe(403);
  });

  it('the same text rules as private messages', async () => {
    const { driver, passengers, confirm } = await car(2, 1);
    await confirm(passengers[0]!);
    const id = (await groups(driver))[0]!.id;
    for (const content of ['   ', 'x'.repeat(1001), 'Regarde <b>ça</b>', 'javascript:alert(1)']) {
      const res = await post(driver, id, content);
      expect([res.statusCode, res.json().message]).toEqual([400, M.invalidContent]);
    }
    expect((await post(driver, id, 'x'.repeat(1000))).statusCode).toBe(201);
    expect((await w.api(null, 'GET', `/messages/groupes/${id}`)).statusCode).toBe(401);
    expect(
      (await w.api(null, 'POST', `/messages/groupes/${id}`, { content: 'a' })).statusCode,
    ).toBe(401);
    expect((await read(driver, 999_999)).statusCode).toBe(404);
  });

  it('counts unread group messages in the messages badge until the group is read', async () => {
    const { driver, passengers, confirm } = await car(3, 2);
    const [a, b] = passengers as [Member, Member];
    await confirm(a);
    const id = (await groups(driver))[0]!.id;
    await post(a, id, 'Un');
    await post(a, id, 'Deux');
    // b joins after those two: they are history for b, not unread.
    await confirm(b);
    await post(driver, id, 'Trois');
    expect(await unread(driver)).toBe(2);
    expect((await groups(driver))[0]!.unread).toBe(2);
    expect(await unread(a)).toBe(1);
    expect(await unread(b)).toBe(1);
    // Private messages and group messages share the badge.
    const other = await w.member();
    await w.api(other, 'POST', '/messages/send', { toUserId: driver.id, content: 'Salut' });
    expect(await unread(driver)).toBe(3);

    const done = await w.api(driver, 'PATCH', `/messages/groupes/${id}/mark-read`);
    expect(done.json()).toEqual({ message: G.markedRead });
    expect(await unread(driver)).toBe(1);
    expect((await groups(driver))[0]!.unread).toBe(0);
  });

  it('pages the thread newest first, 20 at a time, oldest first within a page', async () => {
    const { driver, passengers, confirm } = await car(2, 1);
    await confirm(passengers[0]!);
    const id = (await groups(driver))[0]!.id;
    for (let i = 1; i <= 25; i++) {
      t.clock.advance(1000);
      await post(driver, id, `Message ${i}`);
    }
    const first = (await read(passengers[0]!, id)).json() as { content: string }[];
    expect(first).toHaveLength(20);
    expect(first[0]!.content).toBe('Message 6');
    expect(first[19]!.content).toBe('Message 25');
    const older = (await read(passengers[0]!, id, 20)).json() as { content: string }[];
    expect(older.map((x) => x.content)).toEqual([1, 2, 3, 4, 5].map((i) => `Message ${i}`));
  });

  it('a budget per sender stands in for blocking: past it, 429 in French, nothing stored', async () => {
    const { driver, passengers, confirm } = await car(2, 1);
    const passenger = passengers[0]!;
    await confirm(passenger);
    const id = (await groups(driver))[0]!.id;
    const { max } = t.config.accountBudgets.groupMessage;
    t.clock.advance(1000); // after the passenger joined: the messages are unread for them
    for (let i = 1; i <= max; i++)
      expect((await post(driver, id, `Message ${i}`)).statusCode).toBe(201);

    const refused = await post(driver, id, 'Encore un');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Tu as écrit beaucoup de messages dans les groupes\. Réessaie dans \d+ (minute|heure)s?\.$/,
    );
    expect(await unread(passenger)).toBe(max);
    const newest = (await read(passenger, id)).json() as { content: string }[];
    expect(newest.at(-1)!.content).toBe(`Message ${max}`);
    // The budget is the sender's: the others still talk.
    expect((await post(passenger, id, 'Calme-toi !')).statusCode).toBe(201);
  });

  it('stores a message sent again with its clientId once, without a budget or a push more', async () => {
    const { driver, passengers, confirm } = await car(3, 2);
    const [a, b] = passengers as [Member, Member];
    await confirm(a);
    await confirm(b);
    const id = (await groups(driver))[0]!.id;
    const { max } = t.config.accountBudgets.groupMessage;
    t.clock.advance(1000); // after b joined: the message is unread for b
    const body = { content: 'Rendez-vous au péage', clientId: crypto.randomUUID() };
    const attempts = await Promise.all(
      Array.from({ length: 3 }, () => w.api(a, 'POST', `/messages/groupes/${id}`, body)),
    );
    const again = await w.api(a, 'POST', `/messages/groupes/${id}`, body);
    expect(attempts.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const stored = attempts[0]!.json() as { id: number; contenu: string };
    for (const r of [...attempts, again]) expect(r.json()).toEqual(stored);
    const thread = (await read(driver, id)).json() as { id: number }[];
    expect(thread.map((x) => x.id)).toEqual([stored.id]);
    expect(await unread(b)).toBe(1);
    // A repeat after the message was stored takes nothing from the sender's budget.
    const mine = { content: 'J’apporte le drapeau', clientId: crypto.randomUUID() };
    for (let i = 0; i < 4; i++)
      expect((await w.api(b, 'POST', `/messages/groupes/${id}`, mine)).statusCode).toBe(201);
    for (let i = 2; i <= max; i++) expect((await post(b, id, `Message ${i}`)).statusCode).toBe(201);
    expect((await post(b, id, 'Un de trop')).statusCode).toBe(429);

    // The same key in another group of the sender's is refused; a malformed one too.
    const other = await car(2, 1);
    await other.confirm(other.passengers[0]!);
    const otherId = (await groups(other.driver))[0]!.id;
    await t.db.messageGroupMember.create({
      data: { groupId: otherId, userId: a.id, joinedAt: t.clock.now() },
    });
    const elsewhere = await w.api(a, 'POST', `/messages/groupes/${otherId}`, body);
    const malformed = await w.api(a, 'POST', `/messages/groupes/${otherId}`, {
      content: 'Salut',
      clientId: 'pas-un-uuid',
    });
    for (const refused of [elsewhere, malformed]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(M.invalidClientId);
    }
    expect((await read(other.driver, otherId)).json()).toEqual([]);
  });
});
