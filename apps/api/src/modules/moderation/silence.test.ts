import {
  endpoints,
  methodOf,
  pathOf,
  type ClientToServerEvents,
  type EndpointSpec,
  type SendMessageAck,
  type ServerToClientEvents,
} from '@munegu/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount, outboxFor } from '../../../test/helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';
import { openTab, until as eventually } from '../../../test/helpers/sockets.js';

/**
 * Silence (issue 29): a silenced member reads everything but every write that reaches another
 * member is refused with the end date and the reason, over HTTP and over the socket, until a
 * moderator lifts it or its end passes. Real app on PostgreSQL.
 */
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let w: ReturnType<typeof moderationWorld>;
let c: ReturnType<typeof carpoolWorld>;
let url: string;
const clients: Client[] = [];
beforeAll(async () => {
  t = await createTestApp();
  w = moderationWorld(t);
  c = carpoolWorld(t);
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of clients) s.disconnect();
  await t.close();
});
afterEach(() => t.clock.reset());

const REASON = 'Insultes répétées dans les messages';
/** 2031-07-10 08:30 UTC + 4 days = 14 July, 10:30 in Monaco. */
const NOW = '2031-07-10T08:30:00Z';
const SILENCED =
  'Tu ne peux plus écrire aux autres membres jusqu’au 14 juillet 2031 à 10:30 : Insultes répétées dans les messages.';

type Member = Awaited<ReturnType<typeof w.member>>;
const as = async (
  who: Member | null,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api${path}`,
    headers: who ? await bearer(t.app, who, t.clock) : {},
    ...(payload ? { payload } : {}),
  });
const silence = (by: Member, who: Member, days = 4, reason = REASON) =>
  w.call(by, 'POST', `/users/${who.id}/silence`, { reason, days });
const refused = (res: { statusCode: number; json(): { message?: string } }) => [
  res.statusCode,
  res.json().message,
];

const tab = (who: Member) => openTab(t, url, clients, who);

/** An accepted conversation: a asked, b accepted. */
async function conversation(a: Member, b: Member) {
  const first = await as(a, 'POST', '/messages/send', { toUserId: b.id, content: 'Bonjour' });
  const id = first.json().conversationId as number;
  await as(b, 'POST', `/messages/accept/${id}`);
  return id;
}

async function reportPayload(to: Member) {
  const motif = await t.db.reason.findFirstOrThrow({
    where: { kind: 'SIGNALEMENT', section: 'profil' },
    orderBy: { position: 'asc' },
  });
  return { to: to.id, motifId: motif.id };
}

describe('POST /moderation/users/:id/silence', () => {
  it('never shortens the silence in force: a longer one replaces it, a shorter one is refused', async () => {
    t.clock.set('2031-07-10T08:30:00Z');
    const moderator = await w.member('MODERATEUR');
    const member = await w.member();
    expect((await silence(moderator, member, 7)).statusCode).toBe(200);
    const shorter = await silence(moderator, member, 2);
    expect([shorter.statusCode, shorter.json().message]).toEqual([
      409,
      'Ce membre est déjà réduit au silence jusqu’au 17 juillet 2031 à 10:30, plus longtemps que ce silence. Lève-le d’abord si tu veux le raccourcir.',
    ]);
    const until = async () =>
      (await t.db.user.findUniqueOrThrow({ where: { id: member.id } })).silencedUntil;
    expect(await until()).toEqual(new Date('2031-07-17T08:30:00Z'));
    expect((await silence(moderator, member, 10)).statusCode).toBe(200);
    expect(await until()).toEqual(new Date('2031-07-20T08:30:00Z'));
  });

  it('lets the member read but not write to others, until a moderator lifts it', async () => {
    t.clock.set(NOW);
    const moderator = await w.member('MODERATEUR');
    const member = await w.member();
    const other = await w.member();
    await conversation(member, other);
    // A match where the member looks for a ride, another where they drive.
    const [asPassenger, asDriver] = [await c.match(), await c.match(8)];
    const driver = await c.driver(asPassenger.id, 3);
    const searcher = await c.searcher(asDriver.id);
    const declared = [
      await c.api(member, 'POST', '/user-recherche', {
        nb_pers: 1,
        match_id: asPassenger.id,
        departement_depart: '06',
      }),
      await c.api(member, 'POST', '/user-transport', {
        transport_id: 1,
        match_id: asDriver.id,
        covoiturage: true,
        places_dispo: 2,
        departement_depart: '06',
      }),
    ];
    expect(declared.map((r) => r.statusCode)).toEqual([200, 200]);

    const res = await silence(moderator, member);
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { message: 'Membre réduit au silence.', silencedUntil: '2031-07-14T08:30:00.000Z' },
    ]);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({
      status: 'ACTIVE',
      silencedUntil: new Date('2031-07-14T08:30:00Z'),
      silenceReason: REASON,
      silencedByRole: 'MODERATEUR',
    });

    // Reading goes on as before.
    for (const path of [
      '/messages/conversations',
      `/messages/conversation/${other.id}`,
      '/actualite',
      '/matchs/next',
      `/users/by-username/${other.username}`,
      '/users/me',
    ])
      expect((await as(member, 'GET', path)).statusCode, path).toBe(200);

    // Every write to another member: 403 with the end and the reason; nothing stored.
    const messagesBefore = await t.db.message.count({ where: { senderId: member.id } });
    const writes = {
      message: () =>
        as(member, 'POST', '/messages/send', { toUserId: other.id, content: 'Encore moi' }),
      request: () => c.request(member, driver, asPassenger.id),
      proposal: () => c.propose(member, searcher, asDriver.id),
      report: async () => as(member, 'POST', '/user-signalement', await reportPayload(other)),
    };
    for (const [what, write] of Object.entries(writes))
      expect(refused(await write()), what).toEqual([403, SILENCED]);
    expect(await t.db.message.count({ where: { senderId: member.id } })).toBe(messagesBefore);
    expect(await t.db.carpoolRelation.count({ where: { user1Id: member.id } })).toBe(0);
    expect(await t.db.report.count({ where: { reporterId: member.id } })).toBe(0);

    const lift = await w.call(moderator, 'POST', `/users/${member.id}/lift`, {});
    expect([lift.statusCode, lift.json()]).toEqual([200, { message: 'Silence levé.' }]);
    expect((await writes.message()).statusCode).toBe(200);
    expect((await writes.request()).statusCode).toBe(201);
    expect((await writes.proposal()).statusCode).toBe(201);
    expect((await writes.report()).statusCode).toBe(200);
    expect(await w.auditOf('user', member.id)).toMatchObject([
      {
        action: 'moderation.user.silence',
        actorId: moderator.id,
        targetLabel: member.username,
        data: { reason: REASON, days: 4, until: '2031-07-14T08:30:00.000Z' },
      },
      { action: 'moderation.user.lift', actorId: moderator.id, data: { lifted: 'silence' } },
    ]);
    const [mail] = await outboxFor(t.db, member.email);
    expect(mail).toMatchObject({ kind: 'moderation-silence' });
    expect(mail!.text).toContain(REASON);
  });

  it('refuses the ratings of a silenced passenger until the lift', async () => {
    t.clock.set(NOW);
    const moderator = await w.member('MODERATEUR');
    const match = await c.match();
    const driver = await c.driver(match.id, 3);
    const passenger = await c.searcher(match.id);
    const relation = (await c.request(passenger, driver, match.id)).json().relation;
    await c.answer(driver, 'confirm', passenger, match.id);
    await t.db.match.update({
      where: { id: match.id },
      data: { finishedAt: t.clock.now(), homeGoals: 2, awayGoals: 0 },
    });
    await silence(moderator, passenger as Member);
    const rate = () =>
      c.api(passenger, 'POST', '/user-notation-covoiturage/bulk', [
        { note: 5, userId: driver.id, userToUserMatchId: relation.id },
      ]);
    expect(refused(await rate())).toEqual([403, SILENCED]);
    await w.call(moderator, 'POST', `/users/${passenger.id}/lift`, {});
    expect((await rate()).statusCode).toBe(200);
  });

  it('no longer blocks once its end date has passed, without anything running', async () => {
    t.clock.set(NOW);
    const moderator = await w.member('MODERATEUR');
    const [member, other] = [await w.member(), await w.member()];
    await conversation(member, other);
    await silence(moderator, member, 1);
    const send = () =>
      as(member, 'POST', '/messages/send', { toUserId: other.id, content: 'Me revoilà' });
    const ownSilence = async () => (await as(member, 'GET', '/users/me')).json().silence;
    t.clock.set('2031-07-11T08:29:59Z');
    expect((await send()).statusCode).toBe(403);
    expect(await ownSilence()).toEqual({ until: '2031-07-11T08:30:00.000Z', reason: REASON });
    t.clock.set('2031-07-11T08:30:00Z');
    expect((await send()).statusCode).toBe(200);
    expect(await ownSilence()).toBeNull();
    // Over: nothing left to lift, and no badge for staff.
    const lift = await w.call(moderator, 'POST', `/users/${member.id}/lift`, {});
    expect(refused(lift)).toEqual([409, 'Ce membre n’a aucune sanction en cours.']);
    const profile = await as(moderator, 'GET', `/users/by-username/${member.username}`);
    expect(profile.json()).not.toHaveProperty('silencedUntil');
  });

  it('refuses every endpoint marked as reaching members, whatever the body', async () => {
    t.clock.set(NOW);
    // A moderator silenced by an admin: their role opens every marked route, the silence shuts it.
    const admin = await w.member('ADMIN');
    const member = await w.member('MODERATEUR');
    await silence(admin, member);
    const marked = Object.entries(endpoints as Record<string, EndpointSpec>)
      .filter(([, spec]) => spec.reachesMembers)
      .map(([key]) => key);
    expect(marked.sort()).toEqual([
      'POST /actualite',
      'POST /concours',
      'POST /deplacements/:id/annonces',
      'POST /deplacements/:id/inscriptions',
      'POST /messages/groupes/:id',
      'POST /messages/send',
      'POST /moderation/reports/:id/ban',
      'POST /moderation/reports/:id/suspend',
      'POST /moderation/reports/:id/warn',
      'POST /moderation/users/:id/ban',
      'POST /moderation/users/:id/silence',
      'POST /moderation/users/:id/suspend',
      'POST /moderation/users/:id/warn',
      'POST /user-notation-covoiturage/bulk',
      'POST /user-signalement',
      'POST /user-to-user-match',
      'PUT /actualite/:id',
      'PUT /concours/:id',
    ]);
    for (const key of marked) {
      const path = pathOf(key).replace(':id', '1');
      const res = await as(member, methodOf(key) as 'POST' | 'PUT', path, { nimporte: 'quoi' });
      expect(refused(res), key).toEqual([403, SILENCED]);
    }
    // Anonymous callers still get 401 first.
    for (const key of marked) {
      const res = await as(
        null,
        methodOf(key) as 'POST' | 'PUT',
        pathOf(key).replace(':id', '1'),
        {},
      );
      expect(res.statusCode, key).toBe(401);
    }
  });

  it('refuses the socket’s sendMessage too, in an open conversation and a new one', async () => {
    t.clock.set(NOW);
    const moderator = await w.member('MODERATEUR');
    const [member, friend, stranger] = [await w.member(), await w.member(), await w.member()];
    await conversation(member, friend);
    const socket = await tab(member);
    const send = (toUserId: number): Promise<SendMessageAck> =>
      socket.timeout(3000).emitWithAck('sendMessage', { toUserId, content: 'Par la socket' });

    await silence(moderator, member);
    // The socket stays open: the member keeps reading live.
    expect(socket.connected).toBe(true);
    for (const to of [friend, stranger])
      expect(await send(to.id)).toEqual({ status: 403, code: 'FORBIDDEN', message: SILENCED });
    expect(await t.db.message.count({ where: { senderId: member.id } })).toBe(1);

    await w.call(moderator, 'POST', `/users/${member.id}/lift`, {});
    expect(await send(friend.id)).toMatchObject({ message: { content: 'Par la socket' } });
  });

  it('tells the member’s open tabs when a silence starts or is lifted, and nobody else', async () => {
    t.clock.set(NOW);
    const moderator = await w.member('MODERATEUR');
    const [member, other] = [await w.member(), await w.member()];
    const changesSeen = async (who: Member) => {
      const socket = await tab(who);
      let changes = 0;
      socket.on('accountChanged', () => void changes++);
      return () => changes;
    };
    const [memberTab, secondTab, otherTab] = [
      await changesSeen(member),
      await changesSeen(member),
      await changesSeen(other),
    ];

    await silence(moderator, member);
    await eventually(() => memberTab() === 1 && secondTab() === 1);
    await w.call(moderator, 'POST', `/users/${member.id}/lift`, {});
    await eventually(() => memberTab() === 2 && secondTab() === 2);
    // A new silence is told; a shorter one after it is refused (it would lighten it): not told.
    await silence(moderator, member, 3);
    const refusedShorter = await silence(moderator, member, 1);
    expect(refusedShorter.statusCode).toBe(409);
    await eventually(() => memberTab() === 3);
    await new Promise((r) => setTimeout(r, 100));
    expect([memberTab(), secondTab(), otherTab()]).toEqual([3, 3, 0]);
  });

  it('is for moderators, on members below them, under the rank rules of suspensions', async () => {
    t.clock.set(NOW);
    const [moderator, admin] = [await w.member('MODERATEUR'), await w.member('ADMIN')];
    const member = await w.member();
    expect((await silence(null as never, member)).statusCode).toBe(401);
    for (const role of ['UTILISATEUR', 'REDACTEUR'] as const)
      expect((await silence(await w.member(role), member)).statusCode).toBe(403);
    for (const target of [await w.member('MODERATEUR'), admin, moderator])
      expect((await silence(moderator, target)).statusCode).toBe(403);
    expect(refused(await silence(moderator, moderator))).toEqual([
      403,
      'Tu ne peux pas te sanctionner toi-même.',
    ]);
    for (const days of [0, 366, 2.5])
      expect(refused(await silence(moderator, member, days))).toEqual([
        400,
        'La durée doit être comprise entre 1 et 365 jours.',
      ]);
    expect(refused(await silence(moderator, member, 3, 'ok'))).toEqual([
      400,
      'La raison doit contenir entre 5 et 500 caractères.',
    ]);
    expect(
      (await w.call(moderator, 'POST', '/users/99999999/silence', { reason: REASON, days: 1 }))
        .statusCode,
    ).toBe(404);
    const deleted = await w.member('UTILISATEUR', { status: 'DELETED' });
    expect((await silence(moderator, deleted)).statusCode).toBe(409);
    expect(await w.auditOf('user', member.id)).toEqual([]);

    // An administrator silences a moderator; a moderator neither lifts nor shortens it.
    const peer = await w.member('MODERATEUR');
    expect((await silence(admin, peer, 30)).statusCode).toBe(200);
    const HIGHER =
      'Cette sanction a été prononcée par un membre de rang supérieur au tien : tu ne peux ni la lever ni la modifier.';
    expect((await silence(moderator, member)).statusCode).toBe(200);
    expect((await silence(admin, member, 10)).statusCode).toBe(200);
    expect(refused(await silence(moderator, member, 1))).toEqual([403, HIGHER]);
    expect(refused(await w.call(moderator, 'POST', `/users/${member.id}/lift`, {}))).toEqual([
      403,
      HIGHER,
    ]);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({
      silencedByRole: 'ADMIN',
      silencedUntil: new Date('2031-07-20T08:30:00Z'),
    });
    expect((await w.call(admin, 'POST', `/users/${member.id}/lift`, {})).statusCode).toBe(200);
  });

  it('shows staff a badge on the profile, the member their own silence, and nobody else', async () => {
    t.clock.set(NOW);
    const moderator = await w.member('MODERATEUR');
    const member = await w.member();
    await silence(moderator, member);
    const profile = async (who: Member | null) =>
      (await as(who, 'GET', `/users/by-username/${member.username}`)).json();
    expect(await profile(moderator)).toMatchObject({ silencedUntil: '2031-07-14T08:30:00.000Z' });
    expect(await profile(await w.member('ADMIN'))).toMatchObject({
      silencedUntil: '2031-07-14T08:30:00.000Z',
    });
    for (const viewer of [null, await w.member(), await w.member('REDACTEUR'), member])
      expect(await profile(viewer)).not.toHaveProperty('silencedUntil');
    // The member learns it from their own profile (the chats say it before anything is typed),
    // with the reason the moderator gave; nobody else's /users/me carries it.
    expect((await as(member, 'GET', '/users/me')).json().silence).toEqual({
      until: '2031-07-14T08:30:00.000Z',
      reason: REASON,
    });
    expect((await as(moderator, 'GET', '/users/me')).json().silence).toBeNull();
  });

  it('ends with the account: a deleted member leaves the sanctioned list, reason forgotten', async () => {
    t.clock.set(NOW);
    const moderator = await w.member('MODERATEUR');
    const member = await w.member();
    expect((await silence(moderator, member)).statusCode).toBe(200);
    const sanctioned = async () =>
      ((await w.call(moderator, 'GET', '/users/suspended')).json() as { id: number }[]).map(
        (m) => m.id,
      );
    expect(await sanctioned()).toContain(member.id);

    await deleteAccount(t, member);
    expect(await sanctioned()).not.toContain(member.id);
    // The moderator's reason was about a person the anonymisation erases: it goes with them.
    const file = (await w.call(moderator, 'GET', `/users/${member.id}`)).json();
    expect(file.member).toMatchObject({
      pseudo: `Supprime_${member.id}`,
      silencedUntil: null,
      silenceReason: null,
    });
    expect(await t.db.user.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({
      silencedUntil: null,
      silenceReason: null,
      silencedByRole: null,
      suspensionReason: null,
    });
  });

  it('is lifted with a suspension in one go', async () => {
    t.clock.set(NOW);
    const moderator = await w.member('MODERATEUR');
    const member = await w.member();
    await silence(moderator, member);
    await w.call(moderator, 'POST', `/users/${member.id}/suspend`, { reason: REASON, days: 2 });
    const lift = await w.call(moderator, 'POST', `/users/${member.id}/lift`, {
      reason: 'Levée après explications.',
    });
    expect([lift.statusCode, lift.json()]).toEqual([200, { message: 'Sanctions levées.' }]);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({
      status: 'ACTIVE',
      suspendedUntil: null,
      suspensionReason: null,
      silencedUntil: null,
      silenceReason: null,
    });
    expect((await w.auditOf('user', member.id)).slice(-2)).toMatchObject([
      { action: 'moderation.user.lift', data: { lifted: 'suspension' } },
      { action: 'moderation.user.lift', data: { lifted: 'silence' } },
    ]);
  });
});

describe('POST /moderation/users/:id/warn', () => {
  it('warns a member without a report: a mail with the reason and an audit row', async () => {
    const moderator = await w.member('MODERATEUR');
    const member = await w.member();
    expect(
      (await w.call(null, 'POST', `/users/${member.id}/warn`, { reason: REASON })).statusCode,
    ).toBe(401);
    expect(
      (await w.call(await w.member(), 'POST', `/users/${member.id}/warn`, { reason: REASON }))
        .statusCode,
    ).toBe(403);
    expect(
      (await w.call(moderator, 'POST', `/users/${moderator.id}/warn`, { reason: REASON }))
        .statusCode,
    ).toBe(403);
    const res = await w.call(moderator, 'POST', `/users/${member.id}/warn`, { reason: REASON });
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { message: 'Avertissement envoyé au membre.' },
    ]);
    const [mail] = await outboxFor(t.db, member.email);
    expect(mail).toMatchObject({
      kind: 'moderation-warning',
      subject: 'Munegu : avertissement de la modération',
    });
    expect(mail!.text).toContain(REASON);
    expect(await w.auditOf('user', member.id)).toMatchObject([
      {
        action: 'moderation.user.warn',
        actorId: moderator.id,
        targetLabel: member.username,
        data: { reason: REASON },
      },
    ]);
    // Nothing else changes for the member.
    expect(await t.db.user.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({
      status: 'ACTIVE',
      silencedUntil: null,
    });
  });
});
