import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { carpoolWorld } from '../helpers/carpool.js';
import { createMatch, createUser, uniqueSeason } from '../helpers/factories.js';
import { apiRouteKeys } from '../helpers/routes.js';
import { createTrip } from '../helpers/trip-notify.js';

/**
 * The "another member" column of the route-guard matrix (route-guards.test.ts holds the
 * anonymous, role and suspended columns). Every route of the API's own route table is in
 * SCOPE below, and a route missing there fails this file, so a new route forces the question
 * "what if a member names someone else's row?":
 *
 * - public   the same answer for every caller, or what the product shows every member by
 *            design (profiles, leaderboards, the map): checked for private fields by cells;
 * - self     acts on the caller's own rows only: the target comes from the session, and the
 *            ids it takes name public things (a match, a transport), never a member's row;
 * - address  reaching another member is the route's purpose (send a message, ask for a seat,
 *            report, join with a code); that feature's rules are tested in its module;
 * - token    the secret of a mailed link or cookie is the authorization;
 * - staff    acting on others' content is the role's job: role columns in route-guards, and
 *            authorization-matrix.test.ts (another editor's news: 403); a coach trip's
 *            organiser routes (its antenna's organisers, MODERATEUR+): another antenna's
 *            organiser and a plain member get 403 in modules/trips/organizers.test.ts;
 * - cell     a scenario below: a signed-in member, Eve, sends a VALID request naming the
 *            resource of other members; the exact status, nothing of theirs in the answer,
 *            nothing changed, and (where the route allows it) the owner's same request works.
 */
type Scope = 'public' | 'self' | 'address' | 'token' | 'staff' | 'cell';

// prettier-ignore
const SCOPE: Readonly<Record<string, Scope>> = {
  'DELETE /actualite/:id': 'staff',
  'DELETE /admin/matchs/:id': 'staff',
  'DELETE /admin/matchs/:id/score': 'staff',
  'DELETE /administration/antennes/:id': 'staff',
  'DELETE /administration/categories-actualite/:id': 'staff',
  'DELETE /administration/membres/:id/titres/:titleId': 'staff',
  'DELETE /administration/motifs/:id': 'staff',
  'DELETE /administration/titres/:id': 'staff',
  'DELETE /administration/transports/:id': 'staff',
  'DELETE /concours/:id': 'staff',
  'DELETE /deplacements/:id': 'staff',
  'DELETE /deplacements/:id/inscriptions/me': 'self',
  'DELETE /mini-leagues/:id/members/me': 'cell',
  'DELETE /push/subscriptions': 'cell',
  'DELETE /users/delete-presence-match': 'self',
  'DELETE /users/profile-picture': 'self',
  'GET /actualite': 'public',
  'GET /actualite/exists': 'staff',
  'GET /admin/clubs': 'staff',
  'GET /admin/matchs': 'staff',
  'GET /administration/antennes': 'staff',
  'GET /administration/antennes/:id/organisateurs': 'staff',
  'GET /administration/categories-actualite': 'staff',
  'GET /administration/clubs': 'staff',
  'GET /administration/membres': 'staff',
  'GET /administration/membres/:id': 'staff',
  'GET /administration/motifs': 'staff',
  'GET /administration/titres': 'staff',
  'GET /administration/transports': 'staff',
  'GET /antennes': 'public',
  'GET /categorie-actualite': 'public',
  'GET /classement-ligue1': 'public',
  'GET /club/:id': 'public',
  'GET /concours': 'public',
  'GET /departements': 'public',
  'GET /deplacements': 'public',
  'GET /deplacements/:id/inscrits': 'staff',
  'GET /deplacements/:id/inscrits.csv': 'staff',
  'GET /deplacements/organisation': 'self',
  'GET /health': 'public',
  'GET /matchs/:id': 'public',
  'GET /matchs/:id/calendar.ics': 'public',
  'GET /matchs/anciens': 'public',
  'GET /matchs/next': 'public',
  'GET /matchs/prochain': 'public',
  'GET /messages/conversation/:id/load-more': 'cell',
  'GET /messages/conversation/:userId': 'cell',
  'GET /messages/conversations': 'self',
  'GET /messages/groupes': 'self',
  'GET /messages/groupes/:id': 'cell',
  'GET /messages/unread-count': 'self',
  'GET /mini-leagues': 'self',
  'GET /mini-leagues/:id': 'cell',
  'GET /moderation/audit': 'staff',
  'GET /moderation/queue': 'staff',
  'GET /moderation/reports': 'staff',
  'GET /moderation/reports/count': 'staff',
  'GET /moderation/users': 'staff',
  'GET /moderation/users/:id': 'staff',
  'GET /moderation/users/suspended': 'staff',
  'GET /motifs-annulation': 'public',
  'GET /motifs-exclusion': 'public',
  'GET /motifs-signalement/:section': 'public',
  'GET /notification-covoiturage/:id': 'cell',
  'GET /push/preferences': 'self',
  'GET /push/public-key': 'public',
  'GET /site': 'public',
  'GET /site/partner': 'public',
  'GET /transport': 'public',
  'GET /user-notification/me': 'self',
  'GET /user-pronostic-match/:userId/:matchId': 'cell',
  'GET /user-pronostic-match/points/prochain': 'self',
  'GET /user-recherche/me': 'self',
  'GET /user-to-user-match/confirmes': 'self',
  'GET /user-to-user-match/is-confirmed': 'self',
  'GET /user-to-user-match/mes-relations': 'self',
  'GET /user-to-user-match/mon-covoiturage-confirme': 'self',
  'GET /user-transport/me': 'self',
  'GET /users/avatar/:file': 'public',
  'GET /users/by-username/:username': 'cell',
  'GET /users/check-reset-token/:token': 'token',
  'GET /users/check-token': 'token',
  'GET /users/check-username': 'public',
  'GET /users/classement-pronos': 'public',
  'GET /users/classement-pronos/journee/:journee': 'public',
  'GET /users/confirm-delete/:token': 'token',
  'GET /users/confirm-email/:token': 'token',
  'GET /users/departement': 'self',
  'GET /users/departements-disponibles': 'public',
  'GET /users/has-already-answered': 'self',
  'GET /users/infos-utilisateur': 'self',
  'GET /users/me': 'self',
  'GET /users/me-personal': 'self',
  'GET /users/me/export': 'self',
  'GET /users/search': 'cell',
  'GET /users/supporters-par-departement-detail': 'public',
  'PATCH /deplacements/:id/inscrits/:userId': 'staff',
  'PATCH /messages/conversation/:id/block': 'cell',
  'PATCH /messages/conversation/:id/mark-read': 'cell',
  'PATCH /messages/conversation/:id/unblock': 'cell',
  'PATCH /messages/groupes/:id/mark-read': 'cell',
  'PATCH /users/me': 'self',
  'PATCH /users/me/email': 'self',
  'PATCH /users/me/notifications': 'self',
  'PATCH /users/me/parametres': 'self',
  'PATCH /users/me/password': 'self',
  'PATCH /users/me/request-delete': 'self',
  'POST /actualite': 'staff',
  'POST /actualite/proxy-tweet': 'staff',
  'POST /admin/clubs': 'staff',
  'POST /admin/clubs/:id/logo': 'staff',
  'POST /admin/import/classement': 'staff',
  'POST /admin/import/matchs': 'staff',
  'POST /admin/matchs': 'staff',
  'POST /administration/antennes': 'staff',
  'POST /administration/categories-actualite': 'staff',
  'POST /administration/membres/:id/titres': 'staff',
  'POST /administration/motifs': 'staff',
  'POST /administration/titres': 'staff',
  'POST /administration/transports': 'staff',
  'POST /auth/login': 'public',
  'POST /auth/logout': 'self',
  'POST /auth/refresh': 'token',
  'POST /auth/resend-confirmation': 'address',
  'POST /concours': 'staff',
  'POST /concours/image': 'staff',
  'POST /contact': 'public',
  'POST /deplacements': 'staff',
  'POST /deplacements/:id/inscriptions': 'self',
  'POST /messages/accept/:conversationId': 'cell',
  'POST /messages/groupes/:id': 'cell',
  'POST /deplacements/:id/annonces': 'cell',
  'POST /messages/send': 'address',
  'POST /mini-leagues': 'self',
  'POST /mini-leagues/join': 'address',
  'POST /moderation/reports/:id/ban': 'staff',
  'POST /moderation/reports/:id/dismiss': 'staff',
  'POST /moderation/reports/:id/suspend': 'staff',
  'POST /moderation/reports/:id/warn': 'staff',
  'POST /moderation/users/:id/ban': 'staff',
  'POST /moderation/users/:id/lift': 'staff',
  'POST /moderation/users/:id/silence': 'staff',
  'POST /moderation/users/:id/suspend': 'staff',
  'POST /moderation/users/:id/warn': 'staff',
  'POST /push/subscriptions': 'self',
  'POST /user-annulation/motif-libelle': 'cell',
  'POST /user-exclusion/motif-libelle': 'cell',
  'POST /user-notation-covoiturage/bulk': 'cell',
  'POST /user-notification/delete': 'cell',
  'POST /user-notification/read': 'cell',
  'POST /user-pronostic-match': 'cell',
  'POST /user-pronostic-match/mes-pronos': 'cell',
  'POST /user-recherche': 'self',
  'POST /user-signalement': 'address',
  'POST /user-to-user-match': 'address',
  'POST /user-to-user-match/annuler-covoiturage': 'cell',
  'POST /user-to-user-match/confirm-covoiturage': 'cell',
  'POST /user-to-user-match/exclure-covoiturage': 'cell',
  'POST /user-to-user-match/refus-covoiturage': 'cell',
  'POST /user-transport': 'self',
  'POST /user-transport/modifier-places-dispo': 'self',
  'POST /users': 'public',
  'POST /users/my-covoiturage': 'public',
  'POST /users/request-password-reset': 'address',
  'POST /users/reset-password': 'token',
  'POST /users/stop-notif': 'token',
  'POST /users/upload-profile-picture': 'self',
  'PUT /actualite/:id': 'staff',
  'PUT /admin/classement': 'staff',
  'PUT /admin/clubs/:id': 'staff',
  'PUT /admin/matchs/:id': 'staff',
  'PUT /admin/matchs/:id/score': 'staff',
  'PUT /administration/antennes/:id': 'staff',
  'PUT /administration/antennes/:id/organisateurs': 'staff',
  'PUT /administration/categories-actualite/:id': 'staff',
  'PUT /administration/clubs/:id/live-feed': 'staff',
  'PUT /administration/membres/:id/poste': 'staff',
  'PUT /administration/membres/:id/role': 'staff',
  'PUT /administration/motifs/:id': 'staff',
  'PUT /administration/motifs/ordre': 'staff',
  'PUT /administration/partner': 'staff',
  'PUT /administration/titres/:id': 'staff',
  'PUT /administration/transports/:id': 'staff',
  'PUT /concours/:id': 'staff',
  'PUT /deplacements/:id': 'staff',
  'PUT /push/preferences': 'self',
};

let t: TestApp;
let w: ReturnType<typeof carpoolWorld>;
type User = Awaited<ReturnType<typeof createUser>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
let routes: string[] = [];
let alice: User;
let bob: User;
let eve: User;
let conversationId: number;

const as = async (who: User, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: await bearer(t.app, { id: who.id, role: 'UTILISATEUR' }, t.clock),
    ...(payload ? { payload } : {}),
  });

/** A refusal: the exact status, a French message, and none of `secrets` in the body. */
function refused(res: { statusCode: number; body: string }, status: number, ...secrets: string[]) {
  expect(res.statusCode, res.body).toBe(status);
  expect(JSON.parse(res.body).message).toMatch(/[a-zéè]/);
  for (const secret of secrets) expect(res.body).not.toContain(secret);
}

/** A match a week ahead where `driver` carries `passenger` (relation in status `status`). */
async function carpool(status: 'pending' | 'confirmed') {
  const match = await w.match();
  const driver = await w.driver(match.id, 3);
  const passenger = await w.searcher(match.id, 1);
  const relation = (await w.request(passenger, driver, match.id)).json().relation as { id: number };
  if (status === 'confirmed') await w.answer(driver, 'confirm', passenger, match.id);
  return { match, driver, passenger, relation };
}
/** The group thread of a confirmed car (driver + passenger), with one message in it. */
async function carGroup() {
  const { driver, passenger } = await carpool('confirmed');
  const [group] = (await as(driver, 'GET', '/messages/groupes')).json() as { id: number }[];
  const sent = await as(driver, 'POST', `/messages/groupes/${group!.id}`, {
    content: 'Rendez-vous au péage',
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return { id: group!.id, driver, passenger };
}

/**
 * The reason `author` gave for ending the car `c`, read at `path`: Eve gets a 404 that does not
 * leak it, `reader` (the other side of the relation) reads it.
 */
async function reasonLabelFor(
  path: string,
  c: Awaited<ReturnType<typeof carpool>>,
  author: User,
  reader: User,
  label: string,
) {
  const body = {
    userIdTriggeredBy: author.id,
    matchId: c.match.id,
    userToUserMatchId: c.relation.id,
  };
  refused(await as(eve, 'POST', path, body), 404, label);
  expect((await as(reader, 'POST', path, body)).json()).toEqual({ libelle: label });
}

const relationStatus = async (id: number) =>
  (await t.db.carpoolRelation.findUniqueOrThrow({ where: { id } })).statusId;

const CELLS: Record<string, () => Promise<void>> = {
  'GET /messages/groupes/:id': async () => {
    const group = await carGroup();
    refused(await as(eve, 'GET', `/messages/groupes/${group.id}`), 404, 'Rendez-vous au péage');
    expect((await as(group.passenger, 'GET', `/messages/groupes/${group.id}`)).body).toContain(
      'Rendez-vous au péage',
    );
  },
  'POST /messages/groupes/:id': async () => {
    const group = await carGroup();
    refused(await as(eve, 'POST', `/messages/groupes/${group.id}`, { content: 'Coucou' }), 404);
    expect(await t.db.groupMessage.count({ where: { groupId: group.id } })).toBe(1);
  },
  'POST /deplacements/:id/annonces': async () => {
    // Another antenna's trip: only its organisers (and MODERATEUR+) announce.
    const trip = await createTrip(t.db, new Date(t.clock.now().getTime() + 7 * 86_400_000));
    refused(await as(eve, 'POST', `/deplacements/${trip.id}/annonces`, { content: 'Coucou' }), 403);
    expect(await t.db.groupMessage.count({ where: { group: { tripId: trip.id } } })).toBe(0);
  },
  'PATCH /messages/groupes/:id/mark-read': async () => {
    const group = await carGroup();
    refused(await as(eve, 'PATCH', `/messages/groupes/${group.id}/mark-read`), 404);
    const unread = await as(group.passenger, 'GET', '/messages/groupes');
    expect(unread.json()[0]).toMatchObject({ id: group.id, unread: 1 });
  },
  'GET /messages/conversation/:id/load-more': async () => {
    refused(
      await as(eve, 'GET', `/messages/conversation/${conversationId}/load-more`),
      404,
      'Bonjour Bob',
    );
    expect(
      (await as(bob, 'GET', `/messages/conversation/${conversationId}/load-more`)).body,
    ).toContain('Bonjour Bob');
  },
  'GET /messages/conversation/:userId': async () => {
    // Eve's own conversation with Alice (none yet): nothing of Alice and Bob's.
    const res = await as(eve, 'GET', `/messages/conversation/${alice.id}`);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('Bonjour Bob');
  },
  'POST /messages/accept/:conversationId': async () => {
    refused(await as(eve, 'POST', `/messages/accept/${conversationId}`), 404);
    const row = await t.db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
    expect(row).toMatchObject({ accepted: false });
  },
  'PATCH /messages/conversation/:id/mark-read': async () => {
    refused(await as(eve, 'PATCH', `/messages/conversation/${conversationId}/mark-read`), 404);
    expect(await t.db.message.count({ where: { conversationId, readAt: { not: null } } })).toBe(0);
  },
  'PATCH /messages/conversation/:id/block': async () => {
    const before = await t.db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
    refused(await as(eve, 'PATCH', `/messages/conversation/${conversationId}/block`), 404);
    expect(await t.db.conversation.findUniqueOrThrow({ where: { id: conversationId } })).toEqual(
      before,
    );
  },
  'PATCH /messages/conversation/:id/unblock': async () => {
    refused(await as(eve, 'PATCH', `/messages/conversation/${conversationId}/unblock`), 404);
  },

  'GET /mini-leagues/:id': async () => {
    const id = await miniLeague('Les Rouge et Blanc');
    refused(await as(eve, 'GET', `/mini-leagues/${id}`), 404, 'Les Rouge et Blanc');
    expect((await as(alice, 'GET', `/mini-leagues/${id}`)).statusCode).toBe(200);
  },
  'DELETE /mini-leagues/:id/members/me': async () => {
    const id = await miniLeague('Les Diables Rouges');
    const members = () => t.db.miniLeagueMember.count({ where: { leagueId: id } });
    const before = await members();
    refused(await as(eve, 'DELETE', `/mini-leagues/${id}/members/me`), 404);
    expect(await members()).toBe(before);
  },

  'GET /notification-covoiturage/:id': async () => {
    const note = await notification();
    refused(await as(eve, 'GET', `/notification-covoiturage/${note.id}`), 404);
  },
  'POST /user-notification/read': async () => {
    const note = await notification();
    refused(await as(eve, 'POST', '/user-notification/read', { notifId: note.id }), 404);
    expect(
      (await t.db.notification.findUniqueOrThrow({ where: { id: note.id } })).readAt,
    ).toBeNull();
    expect(
      (await as(alice, 'POST', '/user-notification/read', { notifId: note.id })).statusCode,
    ).toBe(200);
  },
  'POST /user-notification/delete': async () => {
    const note = await notification();
    refused(await as(eve, 'POST', '/user-notification/delete', { notifId: note.id }), 404);
    const after = await t.db.notification.findUniqueOrThrow({ where: { id: note.id } });
    expect(after.deletedAt).toBeNull();
  },

  'GET /user-pronostic-match/:userId/:matchId': async () => {
    const match = await futureMatchWithAlicesPrediction();
    refused(await as(eve, 'GET', `/user-pronostic-match/${alice.id}/${match.id}`), 403);
    expect(
      (await as(alice, 'GET', `/user-pronostic-match/${alice.id}/${match.id}`)).statusCode,
    ).toBe(200);
  },
  'POST /user-pronostic-match': async () => {
    // The body names the member: Eve cannot predict in Alice's name, nor overwrite hers.
    const match = await futureMatchWithAlicesPrediction();
    const forged = { userId: alice.id, match_id: match.id, score_club_dom: 0, score_club_ext: 3 };
    refused(await as(eve, 'POST', '/user-pronostic-match', forged), 403);
    const stored = await t.db.prediction.findMany({ where: { matchId: match.id } });
    expect(stored.map((p) => [p.userId, p.homeScore, p.awayScore])).toEqual([[alice.id, 7, 5]]);
  },
  'POST /user-pronostic-match/mes-pronos': async () => {
    // A member's page lists their SCORED predictions of the current season; the one Alice
    // made for the coming match of that season stays hers until kickoff.
    const season = uniqueSeason();
    const now = t.clock.now().getTime();
    const played = await createMatch(t.db, {
      // The latest kickoff so far makes its season the current one (matches.repository),
      // also in the embedded run where every file shares one database.
      kickoffAt: new Date(now - 2_000),
      finishedAt: new Date(now - 1_000),
      season,
      matchday: 1,
    });
    await t.db.match.update({ where: { id: played.id }, data: { homeGoals: 2, awayGoals: 1 } });
    await t.db.prediction.create({
      data: { userId: alice.id, matchId: played.id, homeScore: 2, awayScore: 1, points: 5 },
    });
    const coming = await futureMatchWithAlicesPrediction(season, 2);
    const res = await as(eve, 'POST', '/user-pronostic-match/mes-pronos', {
      publicId: alice.username,
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = (res.json().pronos as { match_id: number }[]).map((p) => p.match_id);
    expect(listed).toEqual([played.id]);
    expect(listed).not.toContain(coming.id);
  },

  'DELETE /push/subscriptions': async () => {
    const endpoint = `https://push.example/${randomUUID()}`;
    await t.db.pushSubscription.create({
      data: {
        endpoint,
        p256dh: 'p'.repeat(87),
        auth: 'a'.repeat(22),
        userId: alice.id,
        familyId: randomUUID(),
      },
    });
    // The same 404 as an unknown endpoint: the answer never tells whether it is registered.
    refused(await as(eve, 'DELETE', '/push/subscriptions', { endpoint }), 404);
    expect(await t.db.pushSubscription.count({ where: { endpoint, userId: alice.id } })).toBe(1);
    expect((await as(alice, 'DELETE', '/push/subscriptions', { endpoint })).statusCode).toBe(200);
  },

  'POST /user-to-user-match/confirm-covoiturage': async () => {
    const c = await carpool('pending');
    const body = { user1_id: c.passenger.id, user2_id: c.driver.id, match_id: c.match.id };
    refused(await as(eve, 'POST', '/user-to-user-match/confirm-covoiturage', body), 403);
    expect(await relationStatus(c.relation.id)).toBe(2);
    expect(await w.seats(c.driver, c.match.id)).toBe(3);
  },
  'POST /user-to-user-match/refus-covoiturage': async () => {
    const c = await carpool('pending');
    const body = { user1_id: c.passenger.id, user2_id: c.driver.id, match_id: c.match.id };
    refused(await as(eve, 'POST', '/user-to-user-match/refus-covoiturage', body), 403);
    expect(await relationStatus(c.relation.id)).toBe(2);
  },
  'POST /user-to-user-match/annuler-covoiturage': async () => {
    const c = await carpool('confirmed');
    const motif = await w.reason('ANNULATION');
    refused(await w.cancel(eve, c.match.id, motif.id, { userToUserMatchId: c.relation.id }), 404);
    expect(await relationStatus(c.relation.id)).toBe(3);
    expect(await w.seats(c.driver, c.match.id)).toBe(2);
  },
  'POST /user-to-user-match/exclure-covoiturage': async () => {
    const c = await carpool('confirmed');
    const motif = await w.reason('EXCLUSION');
    refused(await w.exclude(eve, c.passenger.id, c.match.id, motif.id), 404);
    expect(await relationStatus(c.relation.id)).toBe(3);
  },
  'POST /user-annulation/motif-libelle': async () => {
    const c = await carpool('confirmed');
    const motif = await w.reason('ANNULATION');
    const cancel = await w.cancel(c.passenger, c.match.id, motif.id, {
      userToUserMatchId: c.relation.id,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await reasonLabelFor('/user-annulation/motif-libelle', c, c.passenger, c.driver, motif.label);
  },
  'POST /user-exclusion/motif-libelle': async () => {
    const c = await carpool('confirmed');
    const motif = await w.reason('EXCLUSION');
    const exclude = await w.exclude(c.driver, c.passenger.id, c.match.id, motif.id);
    expect(exclude.statusCode, exclude.body).toBe(200);
    await reasonLabelFor('/user-exclusion/motif-libelle', c, c.driver, c.passenger, motif.label);
  },
  'POST /user-notation-covoiturage/bulk': async () => {
    const c = await carpool('confirmed');
    await t.db.match.update({ where: { id: c.match.id }, data: { finishedAt: t.clock.now() } });
    const rating = [{ note: 0.5, userId: c.driver.id, userToUserMatchId: c.relation.id }];
    refused(await as(eve, 'POST', '/user-notation-covoiturage/bulk', rating), 403);
    expect(await t.db.carpoolRating.count({ where: { relationId: c.relation.id } })).toBe(0);
    expect(
      (await as(c.passenger, 'POST', '/user-notation-covoiturage/bulk', rating)).statusCode,
    ).toBe(200);
  },

  'GET /users/by-username/:username': async () => {
    const res = await as(eve, 'GET', `/users/by-username/${alice.username}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(alice.username);
    expect(res.body).not.toContain(alice.email);
    expect(res.body).not.toContain('1990-05-12');
    expect(res.body).not.toContain('argon2');
  },
  'GET /users/search': async () => {
    const res = await as(eve, 'GET', `/users/search?q=${alice.username}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(alice.username);
    expect(res.body).not.toContain(alice.email);
    expect(res.body).not.toContain('1990-05-12');
  },
};

async function miniLeague(name: string): Promise<number> {
  const created = await as(alice, 'POST', '/mini-leagues', { name });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

const notification = () =>
  t.db.notification.create({ data: { recipientId: alice.id, senderId: bob.id, type: 'COVOIT' } });

async function futureMatchWithAlicesPrediction(season = uniqueSeason(), journee = 1) {
  const match = await createMatch(t.db, {
    kickoffAt: new Date(t.clock.now().getTime() + 3 * 86_400_000),
    season,
    matchday: journee,
  });
  const saved = await as(alice, 'POST', '/user-pronostic-match', {
    userId: alice.id,
    match_id: match.id,
    score_club_dom: 7,
    score_club_ext: 5,
  });
  expect(saved.statusCode, saved.body).toBeLessThan(300);
  return match;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  w = carpoolWorld(t);
  [alice, bob, eve] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
  const sent = await as(alice, 'POST', '/messages/send', {
    toUserId: bob.id,
    content: 'Bonjour Bob',
  });
  expect(sent.statusCode, sent.body).toBe(200);
  conversationId = sent.json().conversationId;
  routes = apiRouteKeys(t.app);
});
afterAll(() => t?.close());

describe('another member’s resources', () => {
  it('every route the API serves has its scope, and every "cell" its scenario', () => {
    expect(routes.length).toBeGreaterThan(120);
    expect(Object.keys(SCOPE).sort()).toEqual(routes);
    const cells = Object.entries(SCOPE)
      .filter(([, scope]) => scope === 'cell')
      .map(([key]) => key);
    expect(Object.keys(CELLS).sort()).toEqual(cells.sort());
  });

  it.each(Object.keys(CELLS))('%s', async (key) => {
    await CELLS[key]!();
  });
});
