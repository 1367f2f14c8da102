import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { LeaderboardResponse } from '@munegu/shared';
import {
  createMember,
  deleteAccount,
  freshIp,
  linkToken,
  login,
  outboxFor,
  signIn,
  refresh,
} from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import {
  createMatch,
  createPrediction,
  createUser,
  uniqueEmail,
  uniqueRealSeason,
  uniqueSeason,
} from '../../../test/helpers/factories.js';
import { loadConfig } from '../../config/env.js';
import { EMAIL_TOKEN_TTL_MS } from '../email-tokens/email-tokens.service.js';
import { domainEvents, type DomainEventHandler } from '../../events/domain-events.js';
import { privacyRepository } from './privacy.repository.js';
import { privacyService } from './privacy.service.js';

const t = useTestApp();

/**
 * A member with a conversation, carpools (one the other member cancelled, reporting them),
 * ratings given and received, a prediction, a contact message, a car's group thread, a coach
 * registration, mini-leagues and a device for push.
 */
async function memberWithHistory() {
  const user = await createMember(t.db);
  const other = await createMember(t.db);
  const match = await createMatch(t.db, {
    kickoffAt: new Date('2026-09-01T19:00:00Z'),
    season: uniqueSeason(),
    matchday: 3,
    finishedAt: new Date('2026-09-01T21:00:00Z'),
  });
  const conversation = await t.db.conversation.create({
    data: {
      user1Id: user.id,
      user2Id: other.id,
      pairKey: `${user.id}:${other.id}`,
      accepted: true,
    },
  });
  await t.db.message.create({
    data: {
      conversationId: conversation.id,
      senderId: user.id,
      receiverId: other.id,
      content: 'Salut, on part à 18h ?',
    },
  });
  await t.db.message.create({
    data: {
      conversationId: conversation.id,
      senderId: other.id,
      receiverId: user.id,
      content: 'Parfait !',
    },
  });
  const carpool = (statusId: number) =>
    t.db.carpoolRelation.create({
      data: {
        matchId: match.id,
        user1Id: other.id,
        user2Id: user.id,
        statusId,
        driverId: other.id,
        passengerId: user.id,
        departureDepartment: '06',
      },
    });
  const relation = await carpool(3);
  await t.db.carpoolRating.createMany({
    data: [
      { relationId: relation.id, raterId: user.id, ratedId: other.id, stars: 4.5 },
      { relationId: relation.id, raterId: other.id, ratedId: user.id, stars: 2 },
    ],
  });
  const cancelled = await carpool(5);
  const reasonId = (await t.db.reason.findFirstOrThrow({ where: { kind: 'ANNULATION' } })).id;
  await t.db.carpoolStatusChange.createMany({
    data: [
      { relationId: cancelled.id, fromStatusId: null, toStatusId: 2, byUserId: user.id },
      { relationId: cancelled.id, fromStatusId: 2, toStatusId: 3, byUserId: other.id },
      {
        relationId: cancelled.id,
        fromStatusId: 3,
        toStatusId: 5,
        byUserId: other.id,
        reasonId,
        customReason: null,
        withReport: true,
      },
    ],
  });
  const joinedAt = new Date('2026-08-30T10:00:00Z');
  const car = await t.db.messageGroup.create({
    data: {
      kind: 'covoiturage',
      matchId: match.id,
      driverId: other.id,
      members: {
        create: [
          { userId: user.id, joinedAt },
          { userId: other.id, joinedAt },
        ],
      },
    },
  });
  await t.db.groupMessage.createMany({
    data: [
      { groupId: car.id, senderId: user.id, content: 'Je serai au parking à 18h.' },
      { groupId: car.id, senderId: other.id, content: 'Noté, à tout à l’heure.' },
    ],
  });
  const trip = await t.db.trip.create({
    data: {
      matchId: match.id,
      antennaId: (await t.db.antenna.findFirstOrThrow()).id,
      departurePlace: 'Parking du Louis II',
      departureAt: new Date('2026-09-01T15:00:00Z'),
      seats: 50,
    },
  });
  await t.db.tripRegistration.create({
    data: {
      tripId: trip.id,
      userId: user.id,
      seatCount: 2,
      status: 'CONFIRME',
      phone: '0611223344',
    },
  });
  const league = (name: string, ownerId: number) =>
    t.db.miniLeague.create({
      data: {
        name,
        ownerId,
        inviteCode: `${name.slice(0, 4)}${ownerId}`.toUpperCase(),
        members: { create: [{ userId: ownerId }] },
      },
    });
  await league('Les Rouges', user.id);
  const joined = await league('Les Blancs', other.id);
  await t.db.miniLeagueMember.create({ data: { leagueId: joined.id, userId: user.id } });
  await t.db.pushSubscription.create({
    data: {
      endpoint: `https://push.example.net/send/${user.id}-secret-path`,
      p256dh: 'BPublicKeyOfTheBrowser',
      auth: 'authsecret',
      userId: user.id,
      familyId: '00000000-0000-4000-8000-000000000001',
    },
  });
  await t.db.pushPreference.create({ data: { userId: user.id, predictions: false } });
  await t.db.prediction.create({
    data: { userId: user.id, matchId: match.id, homeScore: 2, awayScore: 1 },
  });
  await t.db.contactMessage.create({
    data: {
      firstName: 'Test',
      lastName: 'MEMBRE',
      email: user.email,
      subject: 'Autre',
      message: 'Une question sur le site.',
      userId: user.id,
    },
  });
  const antenna = await t.db.antenna.findFirstOrThrow();
  await t.db.userAntenna.create({ data: { userId: user.id, antennaId: antenna.id } });
  return { user, other, conversation, relation };
}

describe('GET /api/users/me/export', () => {
  it('downloads every personal datum of the caller and no secret', async () => {
    const { user, other } = await memberWithHistory();
    await signIn(t, user.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: await bearer(t.app, user, t.clock),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="munegu-donnees-${user.username}.json"`,
    );
    const data = res.json();
    expect(data.compte).toMatchObject({ id: user.id, email: user.email, pseudo: user.username });
    expect(data.antennes).toHaveLength(1);
    expect(data.messages.map((m: { content: string }) => m.content)).toEqual([
      'Salut, on part à 18h ?',
      'Parfait !',
    ]);
    expect(data.conversations[0].user2.pseudo).toBe(other.username);
    expect(data.covoiturages).toHaveLength(2);
    expect(data.notesDonnees[0].note).toBe('4.5');
    // Who rated the member, and whether the other member's cancellation reported them, is
    // told nowhere in the product: the file keeps the member's own acts only in full.
    expect(data.notesRecues).toEqual([{ note: '2' }]);
    const changes = data.covoiturages.flatMap((c: { changes: object[] }) => c.changes);
    expect(changes).toHaveLength(3);
    expect(changes.find((c: { byUserId: number }) => c.byUserId === user.id)).toMatchObject({
      toStatusId: 2,
      withReport: false,
    });
    for (const change of changes.filter((c: { byUserId: number }) => c.byUserId === other.id))
      expect(change).not.toHaveProperty('withReport');
    // What the member wrote elsewhere: the car's thread, the coach, the leagues, push.
    expect(data.groupes).toMatchObject([{ group: { kind: 'covoiturage' }, leftAt: null }]);
    expect(data.messagesGroupes.map((m: { content: string }) => m.content)).toEqual([
      'Je serai au parking à 18h.',
    ]);
    expect(data.deplacements).toMatchObject([
      { nbPlaces: 2, statut: 'CONFIRME', telephone: '0611223344' },
    ]);
    expect(data.ligues.map((l: { nom: string }) => l.nom)).toEqual(['Les Rouges']);
    expect(data.liguesRejointes.map((l: { ligue: { nom: string } }) => l.ligue.nom).sort()).toEqual(
      ['Les Blancs', 'Les Rouges'],
    );
    expect(data.appareilsPush).toMatchObject([{ service: 'https://push.example.net' }]);
    expect(data.preferencesPush).toMatchObject({ messages: true, pronostics: false });
    expect(res.body).not.toMatch(/secret-path|authsecret|Noté, à tout/);
    expect(data.pronostics[0]).toMatchObject({ scoreDom: 2, scoreExt: 1 });
    expect(data.contacts).toHaveLength(1);
    expect(data.sessions[0]).toMatchObject({ userAgent: 'vitest' });
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toMatch(/passwordHash|tokenHash/);
  });
});

describe('account deletion', () => {
  it('anonymises the account once confirmed and keeps other members’ data', async () => {
    const { user, other, conversation, relation } = await memberWithHistory();
    const { cookie } = await signIn(t, user.email);
    const auth = await bearer(t.app, user, t.clock);
    const ask = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/request-delete',
      headers: auth,
      remoteAddress: freshIp(),
    });
    expect(ask.json()).toEqual({ message: 'Un lien de confirmation vous a été envoyé par mail.' });
    const token = await linkToken(t.db, user.email, 'deletion-confirmed');

    // The page checks the link first, which uses nothing: it still deletes afterwards.
    const check = (value: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/users/check-token?token=${value}&type=delete`,
        remoteAddress: freshIp(),
      });
    expect((await check(token)).json()).toEqual({ valid: true });
    expect((await check(token)).json()).toEqual({ valid: true });
    expect((await check('abc')).json()).toEqual({ valid: false });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe('ACTIVE');

    const res = await t.app.inject({ method: 'GET', url: `/api/users/confirm-delete/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
    expect((await check(token)).json()).toEqual({ valid: false });

    const gone = await t.db.user.findUniqueOrThrow({
      where: { id: user.id },
      include: { antennas: true },
    });
    expect(gone.username).toBe(`Supprime_${user.id}`);
    expect(gone).toMatchObject({
      status: 'DELETED',
      email: `deleted-${user.id}@invalid`,
      lastName: 'SUPPRIME',
      appMailOptIn: false,
      promoMailOptIn: false,
      description: null,
      avatarFile: null,
    });
    expect(gone.antennas).toHaveLength(0);
    expect(gone.deletedAt).not.toBeNull();
    expect((await login(t, user.email)).statusCode).toBe(401);
    expect((await refresh(t, cookie)).statusCode).toBe(401);
    const api = await t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: auth });
    expect(api.statusCode).toBe(401);

    expect(await t.db.conversation.findUnique({ where: { id: conversation.id } })).not.toBeNull();
    expect(await t.db.message.count({ where: { conversationId: conversation.id } })).toBe(2);
    expect(await t.db.carpoolRelation.findUnique({ where: { id: relation.id } })).toMatchObject({
      driverId: other.id,
      passengerId: user.id,
    });
    const audit = await t.db.auditLog.findFirst({
      where: { action: 'user.anonymise', targetId: String(user.id) },
    });
    expect(audit?.data).toEqual({ reason: 'request' });

    const twice = await t.app.inject({ method: 'GET', url: `/api/users/confirm-delete/${token}` });
    expect(twice.statusCode).toBe(404);
  });

  it('refuses an expired or unknown link', async () => {
    const user = await createMember(t.db);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/request-delete',
      headers: await bearer(t.app, user, t.clock),
      remoteAddress: freshIp(),
    });
    const token = await linkToken(t.db, user.email, 'deletion-confirmed');
    t.clock.advance(EMAIL_TOKEN_TTL_MS.CONFIRM_DELETE + 1000);
    const late = await t.app.inject({ method: 'GET', url: `/api/users/confirm-delete/${token}` });
    t.clock.reset();
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe('Lien invalide ou expiré.');
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe('ACTIVE');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/users/confirm-delete/abc' });
    expect(unknown.statusCode).toBe(404);
  });

  it('erases the contact messages the member wrote and keeps other people’s', async () => {
    const user = await createMember(t.db);
    const auth = await bearer(t.app, user, t.clock);
    const write = (
      prenom: string,
      nom: string,
      email: string,
      headers: Record<string, string> = auth,
    ) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers,
        payload: { prenom, nom, email, objet: 'Autre', message: 'Une question sur le site.' },
        remoteAddress: freshIp(),
      });
    expect((await write('Josiane', 'Balasko', user.email)).statusCode).toBe(200);
    const visitor = uniqueEmail('visiteur');
    expect((await write('Visiteur', 'Autre', visitor, {})).statusCode).toBe(200);
    // Signed in, under another address (a work one, or before an address change): linked by
    // the account, not by the address.
    expect((await write('Josiane', 'Balasko', uniqueEmail('ancienne'))).statusCode).toBe(200);
    const mine = {
      OR: [
        { userId: user.id },
        { email: { equals: user.email, mode: 'insensitive' as const } },
        { lastName: 'Balasko' },
      ],
    };
    const exported = await t.app.inject({ url: '/api/users/me/export', headers: auth });
    expect(exported.json().contacts).toHaveLength(2);
    // The address as the member typed it, in capitals this time.
    expect((await write('Josiane', 'Balasko', user.email.toUpperCase())).statusCode).toBe(200);

    await deleteAccount(t, user);

    expect(await t.db.contactMessage.count({ where: mine })).toBe(0);
    expect(await t.db.contactMessage.count({ where: { email: visitor } })).toBe(1);
  });
});

describe('inactivity', () => {
  // Dates far in the future, so a job run on the real clock by another app never picks them.
  const NOW = new Date('2031-06-15T03:00:00Z');
  const dataDir = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/munegu-privacy-test' }).dataDir;
  const avatarDir = path.join(dataDir, 'uploads', 'avatar');
  const removals: Array<[number, string]> = [];
  const errors: unknown[] = [];
  // The bus as app.ts wires it, with this test's listeners in place of carpool and predictions.
  const privacy = (
    onMemberRemoved: DomainEventHandler<'memberRemoved'> = ({ userId, cause }) =>
      void removals.push([userId, cause]),
  ) => {
    const events = domainEvents();
    events.on('memberRemoved', onMemberRemoved);
    events.on('accountsRemoved', () => void rankingRebuilds++);
    return privacyService({
      repo: privacyRepository(t.db),
      emailTokens: null as never,
      mail: t.app.mail,
      clock: t.clock,
      avatarDir,
      publicUrl: 'http://localhost:3000',
      associationName: 'Munegu',
      log: { warn: () => {}, error: (obj: unknown) => void errors.push(obj) },
      sessions: { endConnections: () => {} },
      events,
    });
  };
  let rankingRebuilds = 0;

  it('warns after 11 months, anonymises after 12 months and 30 days of warning', async () => {
    const idle = await createMember(t.db);
    const active = await createMember(t.db);
    // Signed up under an address nobody ever confirmed: no mailbox to warn, kept a year too.
    const unconfirmed = await createUser(t.db, { status: 'PENDING' });
    const newcomer = await createUser(t.db, { status: 'PENDING' });
    await t.db.user.update({
      where: { id: idle.id },
      data: { lastActivityAt: new Date('2030-07-01T10:00:00Z'), avatarFile: `${idle.id}.webp` },
    });
    await t.db.user.update({
      where: { id: unconfirmed.id },
      data: { lastActivityAt: new Date('2030-07-01T10:00:00Z') },
    });
    await t.db.user.update({
      where: { id: newcomer.id },
      data: { lastActivityAt: new Date('2031-07-10T10:00:00Z') },
    });
    await t.db.user.update({
      where: { id: active.id },
      data: { lastActivityAt: new Date('2031-05-01T10:00:00Z') },
    });
    // Every other account on the database was active on the last day this test sets: the
    // embedded tier shares one database across files, and otherwise each run would warn, then
    // anonymise, every member the earlier files created (thousands of rows, past the timeout).
    await t.db.user.updateMany({
      where: { id: { notIn: [idle.id, active.id, unconfirmed.id, newcomer.id] } },
      data: { lastActivityAt: new Date('2031-07-15T03:00:00Z') },
    });
    mkdirSync(avatarDir, { recursive: true });
    writeFileSync(path.join(avatarDir, `${idle.id}.webp`), 'x');

    t.clock.set(NOW);
    await privacy().runInactivity();
    const warned = await t.db.user.findUniqueOrThrow({ where: { id: idle.id } });
    expect(warned.inactivityWarnedAt?.toISOString()).toBe(NOW.toISOString());
    const [mail] = await outboxFor(t.db, idle.email);
    expect(mail!.kind).toBe('inactivity-warning');
    expect(mail!.text).toContain('ton compte sera supprimé dans un mois faute de connexion');
    expect(await outboxFor(t.db, active.email)).toHaveLength(0);
    // Never confirmed: no mailbox to warn.
    expect(await outboxFor(t.db, unconfirmed.email)).toHaveLength(0);

    // A second run the same day sends nothing more; 12 months idle but warned < 30 days: kept.
    t.clock.set('2031-07-02T03:00:00Z');
    await privacy().runInactivity();
    expect(await outboxFor(t.db, idle.email)).toHaveLength(1);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: idle.id } })).status).toBe('ACTIVE');

    t.clock.set('2031-07-15T03:00:00Z');
    const rebuildsBefore = rankingRebuilds;
    await privacy().runInactivity();
    // The prediction ranking is rebuilt once for the purge (at least one account left).
    expect(rankingRebuilds).toBe(rebuildsBefore + 1);
    const gone = await t.db.user.findUniqueOrThrow({ where: { id: idle.id } });
    expect(gone).toMatchObject({
      status: 'DELETED',
      username: `Supprime_${idle.id}`,
      avatarFile: null,
    });
    expect(existsSync(path.join(avatarDir, `${idle.id}.webp`))).toBe(false);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: active.id } })).status).toBe('ACTIVE');
    // Idle past a year and never confirmed: gone unwarned; a recent sign-up stays pending.
    expect(await t.db.user.findUniqueOrThrow({ where: { id: unconfirmed.id } })).toMatchObject({
      status: 'DELETED',
      username: `Supprime_${unconfirmed.id}`,
    });
    expect(await outboxFor(t.db, unconfirmed.email)).toHaveLength(0);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: newcomer.id } })).status).toBe(
      'PENDING',
    );
    // The carpool side hears of the purged account only (its upcoming carpools are cancelled).
    expect(removals.filter(([id]) => id === idle.id || id === active.id)).toEqual([
      [idle.id, 'deletion'],
    ]);
    t.clock.reset();
  });

  it('a failure on the carpool side is logged and the account stays deleted', async () => {
    const idle = await createMember(t.db);
    await t.db.user.update({
      where: { id: idle.id },
      data: {
        lastActivityAt: new Date('2030-06-01T10:00:00Z'),
        inactivityWarnedAt: new Date('2031-05-01T03:00:00Z'),
      },
    });
    t.clock.set(NOW);
    const failing = async () => {
      throw new Error('carpool down');
    };
    const errorsBefore = errors.length;
    expect((await privacy(failing).runInactivity()).deleted).toBeGreaterThanOrEqual(1);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: idle.id } })).status).toBe('DELETED');
    expect(errors.slice(errorsBefore)).toContainEqual(
      expect.objectContaining({ userId: idle.id, cause: 'deletion' }),
    );
    t.clock.reset();
  });

  it('a login after the warning cancels it', async () => {
    const user = await createMember(t.db);
    await t.db.user.update({
      where: { id: user.id },
      data: { lastActivityAt: new Date('2030-06-01T10:00:00Z') },
    });
    t.clock.set(NOW);
    await privacy().runInactivity();
    expect(
      (await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).inactivityWarnedAt,
    ).not.toBeNull();
    await signIn(t, user.email);
    t.clock.set('2031-08-01T03:00:00Z');
    await privacy().runInactivity();
    const kept = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(kept.status).toBe('ACTIVE');
    expect(kept.inactivityWarnedAt).toBeNull();
    t.clock.reset();
  });
});

// PostgreSQL tier only: the prediction ranking is per current season, which other test files'
// matches would blur on the shared embedded database.
describe.skipIf(inject('dbMode') === 'embedded')('deletion and the prediction ranking', () => {
  it('takes an anonymised member out of the ranking at once', async () => {
    const { season, year } = uniqueRealSeason();
    const kickoff = new Date(`${year}-09-05T19:00:00Z`);
    const match = await createMatch(t.db, { season, matchday: 1, kickoffAt: kickoff });
    const [first, second] = [await createMember(t.db), await createMember(t.db)];
    await createPrediction(t.db, {
      userId: first.id,
      matchId: match.id,
      homeScore: 2,
      awayScore: 1,
    });
    await createPrediction(t.db, {
      userId: second.id,
      matchId: match.id,
      homeScore: 1,
      awayScore: 0,
    });
    const admin = await createUser(t.db, { role: 'ADMIN' });
    t.clock.set(new Date(kickoff.getTime() + 3 * 3_600_000));
    const scored = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/matchs/${match.id}/score`,
      headers: await bearer(t.app, admin, t.clock),
      payload: { buts_dom: 2, buts_ext: 1 },
    });
    expect(scored.statusCode, scored.body).toBe(200);
    const rankOf = async (id: number) =>
      (await t.db.user.findUniqueOrThrow({ where: { id } })).predictionRank;
    expect([await rankOf(first.id), await rankOf(second.id)]).toEqual([1, 2]);
    const rankedTotal = async () =>
      ((await t.app.inject({ url: '/api/users/classement-pronos' })).json() as LeaderboardResponse)
        .total;
    expect(await rankedTotal()).toBe(2);

    await deleteAccount(t, first);
    expect([await rankOf(first.id), await rankOf(second.id)]).toEqual([null, 1]);
    // The leaderboard's total (kept by triggers, not counted per request) follows at once.
    expect(await rankedTotal()).toBe(1);
    t.clock.reset();
  });
});
