import { methodOf, pathOf, PREDICTION_TEXTS, TRIP_TEXTS, type Role } from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE, UNAUTHENTICATED_MESSAGE } from '../../src/plugins/auth.js';
import { freshIp } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { createUser } from '../helpers/factories.js';
import { apiRouteKeys } from '../helpers/routes.js';

/**
 * The guard of EVERY route the API serves, read from its own route table (`app.routeTable`):
 * a route without a row here fails this file. Each cell sends the route an empty request (no
 * body, every path parameter 999999999: no such row) as one caller, and expects an exact
 * status:
 *
 * - 401 / 403: the guard refused, before the body was even parsed (guards run onRequest), so
 *   an anonymous caller learns nothing from validation messages;
 * - 400 / 404 / 415: the guard let the caller through and validation (or the missing row)
 *   answered: the caller is allowed;
 * - 200 / 204: a route that needs no input answered.
 *
 * Callers: anon (no token), user (UTILISATEUR), red (REDACTEUR), mod (MODERATEUR), admin
 * (ADMIN), susp (an ADMIN suspended after their token was issued: anything but 401 on a
 * guarded route means the status check is missing). Each cell gets a fresh member, so a cell
 * that ends a session (logout, deletion) cannot change another.
 *
 * The "another member" column needs valid requests naming real rows of other members, so it
 * has its own file, generated from the same route table: another-member.test.ts (and, for
 * another editor's news, authorization-matrix.test.ts).
 */
const CALLERS = ['anon', 'user', 'red', 'mod', 'admin', 'susp'] as const;
type Caller = (typeof CALLERS)[number];
type Row = readonly [number, number, number, number, number, number];
const ROLE: Record<Exclude<Caller, 'anon'>, Role> = {
  user: 'UTILISATEUR',
  red: 'REDACTEUR',
  mod: 'MODERATEUR',
  admin: 'ADMIN',
  susp: 'ADMIN',
};

// prettier-ignore
const MATRIX: Readonly<Record<string, Row>> = {
  //                                                     anon user red  mod  admin susp
  'DELETE /actualite/:id':                                [401, 403, 404, 404, 404, 401],
  'DELETE /admin/matchs/:id':                             [401, 403, 403, 404, 404, 401],
  'DELETE /admin/matchs/:id/score':                       [401, 403, 403, 404, 404, 401],
  'DELETE /administration/antennes/:id':                  [401, 403, 403, 403, 404, 401],
  'DELETE /administration/categories-actualite/:id':      [401, 403, 403, 403, 404, 401],
  'DELETE /administration/membres/:id/titres/:titleId':   [401, 403, 403, 403, 404, 401],
  'DELETE /administration/motifs/:id':                    [401, 403, 403, 403, 404, 401],
  'DELETE /administration/titres/:id':                    [401, 403, 403, 403, 404, 401],
  'DELETE /administration/transports/:id':                [401, 403, 403, 403, 404, 401],
  'DELETE /concours/:id':                                 [401, 403, 404, 404, 404, 401],
  'DELETE /deplacements/:id':                             [401, 404, 404, 404, 404, 401],
  'DELETE /deplacements/:id/inscriptions/me':             [401, 404, 404, 404, 404, 401],
  'DELETE /mini-leagues/:id/members/me':                  [401, 404, 404, 404, 404, 401],
  'DELETE /push/subscriptions':                           [401, 400, 400, 400, 400, 401],
  'DELETE /users/delete-presence-match':                  [401, 400, 400, 400, 400, 401],
  'DELETE /users/profile-picture':                        [401, 200, 200, 200, 200, 401],
  'GET /actualite':                                       [200, 200, 200, 200, 200, 200],
  'GET /actualite/exists':                                [401, 403, 400, 400, 400, 401],
  'GET /admin/clubs':                                     [401, 403, 403, 200, 200, 401],
  'GET /admin/matchs':                                    [401, 403, 403, 200, 200, 401],
  'GET /administration/antennes':                         [401, 403, 403, 403, 200, 401],
  'GET /administration/antennes/:id/organisateurs':       [401, 403, 403, 403, 404, 401],
  'GET /administration/categories-actualite':             [401, 403, 403, 403, 200, 401],
  'GET /administration/clubs':                            [401, 403, 403, 403, 200, 401],
  'GET /administration/membres':                          [401, 403, 403, 403, 400, 401],
  'GET /administration/membres/:id':                      [401, 403, 403, 403, 404, 401],
  'GET /administration/motifs':                           [401, 403, 403, 403, 200, 401],
  'GET /administration/titres':                           [401, 403, 403, 403, 200, 401],
  'GET /administration/transports':                       [401, 403, 403, 403, 200, 401],
  'GET /antennes':                                        [200, 200, 200, 200, 200, 200],
  'GET /categorie-actualite':                             [200, 200, 200, 200, 200, 200],
  'GET /classement-ligue1':                               [200, 200, 200, 200, 200, 200],
  'GET /club/:id':                                        [404, 404, 404, 404, 404, 404],
  'GET /concours':                                        [200, 200, 200, 200, 200, 200],
  'GET /departements':                                    [200, 200, 200, 200, 200, 200],
  'GET /deplacements':                                    [401, 400, 400, 400, 400, 401],
  'GET /deplacements/:id/inscrits':                       [401, 404, 404, 404, 404, 401],
  'GET /deplacements/:id/inscrits.csv':                   [401, 404, 404, 404, 404, 401],
  'GET /deplacements/organisation':                       [401, 403, 403, 200, 200, 401],
  'GET /health':                                          [200, 200, 200, 200, 200, 200],
  'GET /matchs/:id':                                      [404, 404, 404, 404, 404, 404],
  'GET /matchs/:id/calendar.ics':                         [404, 404, 404, 404, 404, 404],
  'GET /matchs/anciens':                                  [200, 200, 200, 200, 200, 200],
  'GET /matchs/next':                                     [200, 200, 200, 200, 200, 200],
  'GET /matchs/prochain':                                 [404, 404, 404, 404, 404, 404],
  'GET /messages/conversation/:id/load-more':             [401, 404, 404, 404, 404, 401],
  'GET /messages/conversation/:userId':                   [401, 404, 404, 404, 404, 401],
  'GET /messages/conversations':                          [401, 200, 200, 200, 200, 401],
  'GET /messages/groupes':                                [401, 200, 200, 200, 200, 401],
  'GET /messages/groupes/:id':                            [401, 404, 404, 404, 404, 401],
  'GET /messages/unread-count':                           [401, 200, 200, 200, 200, 401],
  'GET /mini-leagues':                                    [401, 200, 200, 200, 200, 401],
  'GET /mini-leagues/:id':                                [401, 404, 404, 404, 404, 401],
  'GET /moderation/audit':                                [401, 403, 403, 200, 200, 401],
  'GET /moderation/queue':                                [401, 403, 403, 200, 200, 401],
  'GET /moderation/reports':                              [401, 403, 403, 200, 200, 401],
  'GET /moderation/reports/count':                        [401, 403, 403, 200, 200, 401],
  'GET /moderation/users':                                [401, 403, 403, 400, 400, 401],
  'GET /moderation/users/:id':                            [401, 403, 403, 404, 404, 401],
  'GET /moderation/users/suspended':                      [401, 403, 403, 200, 200, 401],
  'GET /motifs-annulation':                               [200, 200, 200, 200, 200, 200],
  'GET /motifs-exclusion':                                [200, 200, 200, 200, 200, 200],
  'GET /motifs-signalement/:section':                     [400, 400, 400, 400, 400, 400],
  'GET /notification-covoiturage/:id':                    [401, 404, 404, 404, 404, 401],
  'GET /push/preferences':                                [401, 200, 200, 200, 200, 401],
  'GET /push/public-key':                                 [401, 200, 200, 200, 200, 401],
  'GET /site':                                            [200, 200, 200, 200, 200, 200],
  'GET /site/partner':                                    [200, 200, 200, 200, 200, 200],
  'GET /transport':                                       [200, 200, 200, 200, 200, 200],
  'GET /user-notification/me':                            [401, 200, 200, 200, 200, 401],
  'GET /user-pronostic-match/:userId/:matchId':           [401, 403, 403, 403, 403, 401],
  'GET /user-pronostic-match/points/prochain':            [401, 200, 200, 200, 200, 401],
  'GET /user-recherche/me':                               [401, 400, 400, 400, 400, 401],
  'GET /user-to-user-match/confirmes':                    [401, 400, 400, 400, 400, 401],
  'GET /user-to-user-match/is-confirmed':                 [401, 400, 400, 400, 400, 401],
  'GET /user-to-user-match/mes-relations':                [401, 400, 400, 400, 400, 401],
  'GET /user-to-user-match/mon-covoiturage-confirme':     [401, 400, 400, 400, 400, 401],
  'GET /user-transport/me':                               [401, 400, 400, 400, 400, 401],
  'GET /users/avatar/:file':                              [404, 404, 404, 404, 404, 404],
  'GET /users/by-username/:username':                     [404, 404, 404, 404, 404, 404],
  'GET /users/check-reset-token/:token':                  [200, 200, 200, 200, 200, 200],
  'GET /users/check-token':                               [400, 400, 400, 400, 400, 400],
  'GET /users/check-username':                            [400, 400, 400, 400, 400, 400],
  'GET /users/classement-pronos':                         [200, 200, 200, 200, 200, 200],
  'GET /users/classement-pronos/journee/:journee':        [400, 400, 400, 400, 400, 400],
  'GET /users/confirm-delete/:token':                     [404, 404, 404, 404, 404, 404],
  'GET /users/confirm-email/:token':                      [404, 404, 404, 404, 404, 404],
  'GET /users/departement':                               [401, 200, 200, 200, 200, 401],
  'GET /users/departements-disponibles':                  [401, 400, 400, 400, 400, 401],
  'GET /users/has-already-answered':                      [401, 400, 400, 400, 400, 401],
  'GET /users/infos-utilisateur':                         [401, 400, 400, 400, 400, 401],
  'GET /users/me':                                        [401, 200, 200, 200, 200, 401],
  'GET /users/me-personal':                               [401, 200, 200, 200, 200, 401],
  'GET /users/me/export':                                 [401, 200, 200, 200, 200, 401],
  'GET /users/search':                                    [401, 400, 400, 400, 400, 401],
  'GET /users/supporters-par-departement-detail':         [401, 400, 400, 400, 400, 401],
  'PATCH /deplacements/:id/inscrits/:userId':             [401, 400, 400, 400, 400, 401],
  'PATCH /messages/conversation/:id/block':               [401, 404, 404, 404, 404, 401],
  'PATCH /messages/conversation/:id/mark-read':           [401, 404, 404, 404, 404, 401],
  'PATCH /messages/conversation/:id/unblock':             [401, 404, 404, 404, 404, 401],
  'PATCH /messages/groupes/:id/mark-read':                [401, 404, 404, 404, 404, 401],
  'PATCH /users/me':                                      [401, 400, 400, 400, 400, 401],
  'PATCH /users/me/email':                                [401, 400, 400, 400, 400, 401],
  'PATCH /users/me/notifications':                        [401, 400, 400, 400, 400, 401],
  'PATCH /users/me/parametres':                           [401, 400, 400, 400, 400, 401],
  'PATCH /users/me/password':                             [401, 400, 400, 400, 400, 401],
  'PATCH /users/me/request-delete':                       [401, 200, 200, 200, 200, 401],
  'POST /actualite':                                      [401, 403, 400, 400, 400, 401],
  'POST /actualite/proxy-tweet':                          [401, 403, 400, 400, 400, 401],
  'POST /admin/clubs':                                    [401, 403, 403, 400, 400, 401],
  'POST /admin/clubs/:id/logo':                           [401, 403, 403, 400, 400, 401],
  'POST /admin/import/classement':                        [401, 403, 403, 400, 400, 401],
  'POST /admin/import/matchs':                            [401, 403, 403, 400, 400, 401],
  'POST /admin/matchs':                                   [401, 403, 403, 400, 400, 401],
  'POST /administration/antennes':                        [401, 403, 403, 403, 400, 401],
  'POST /administration/categories-actualite':            [401, 403, 403, 403, 400, 401],
  'POST /administration/membres/:id/titres':              [401, 403, 403, 403, 400, 401],
  'POST /administration/motifs':                          [401, 403, 403, 403, 400, 401],
  'POST /administration/titres':                          [401, 403, 403, 403, 400, 401],
  'POST /administration/transports':                      [401, 403, 403, 403, 400, 401],
  'POST /auth/login':                                     [400, 400, 400, 400, 400, 400],
  'POST /auth/logout':                                    [204, 204, 204, 204, 204, 204],
  'POST /auth/refresh':                                   [401, 401, 401, 401, 401, 401],
  'POST /auth/resend-confirmation':                       [400, 400, 400, 400, 400, 400],
  'POST /concours':                                       [401, 403, 400, 400, 400, 401],
  'POST /concours/image':                                 [401, 403, 400, 400, 400, 401],
  'POST /contact':                                        [400, 400, 400, 400, 400, 400],
  'POST /deplacements':                                   [401, 400, 400, 400, 400, 401],
  'POST /deplacements/:id/annonces':                      [401, 400, 400, 400, 400, 401],
  'POST /deplacements/:id/inscriptions':                  [401, 400, 400, 400, 400, 401],
  'POST /messages/accept/:conversationId':                [401, 404, 404, 404, 404, 401],
  'POST /messages/groupes/:id':                           [401, 400, 400, 400, 400, 401],
  'POST /messages/send':                                  [401, 400, 400, 400, 400, 401],
  'POST /mini-leagues':                                   [401, 400, 400, 400, 400, 401],
  'POST /mini-leagues/join':                              [401, 400, 400, 400, 400, 401],
  'POST /moderation/reports/:id/ban':                     [401, 403, 403, 400, 400, 401],
  'POST /moderation/reports/:id/dismiss':                 [401, 403, 403, 400, 400, 401],
  'POST /moderation/reports/:id/suspend':                 [401, 403, 403, 400, 400, 401],
  'POST /moderation/reports/:id/warn':                    [401, 403, 403, 400, 400, 401],
  'POST /moderation/users/:id/ban':                       [401, 403, 403, 400, 400, 401],
  'POST /moderation/users/:id/lift':                      [401, 403, 403, 400, 400, 401],
  'POST /moderation/users/:id/silence':                   [401, 403, 403, 400, 400, 401],
  'POST /moderation/users/:id/suspend':                   [401, 403, 403, 400, 400, 401],
  'POST /moderation/users/:id/warn':                      [401, 403, 403, 400, 400, 401],
  'POST /push/subscriptions':                             [401, 400, 400, 400, 400, 401],
  'POST /user-annulation/motif-libelle':                  [401, 400, 400, 400, 400, 401],
  'POST /user-exclusion/motif-libelle':                   [401, 400, 400, 400, 400, 401],
  'POST /user-notation-covoiturage/bulk':                 [401, 400, 400, 400, 400, 401],
  'POST /user-notification/delete':                       [401, 400, 400, 400, 400, 401],
  'POST /user-notification/read':                         [401, 400, 400, 400, 400, 401],
  'POST /user-pronostic-match':                           [401, 400, 400, 400, 400, 401],
  'POST /user-pronostic-match/mes-pronos':                [400, 400, 400, 400, 400, 400],
  'POST /user-recherche':                                 [401, 400, 400, 400, 400, 401],
  'POST /user-signalement':                               [401, 400, 400, 400, 400, 401],
  'POST /user-to-user-match':                             [401, 400, 400, 400, 400, 401],
  'POST /user-to-user-match/annuler-covoiturage':         [401, 400, 400, 400, 400, 401],
  'POST /user-to-user-match/confirm-covoiturage':         [401, 400, 400, 400, 400, 401],
  'POST /user-to-user-match/exclure-covoiturage':         [401, 400, 400, 400, 400, 401],
  'POST /user-to-user-match/refus-covoiturage':           [401, 400, 400, 400, 400, 401],
  'POST /user-transport':                                 [401, 400, 400, 400, 400, 401],
  'POST /user-transport/modifier-places-dispo':           [401, 400, 400, 400, 400, 401],
  'POST /users':                                          [400, 400, 400, 400, 400, 400],
  'POST /users/my-covoiturage':                           [400, 400, 400, 400, 400, 400],
  'POST /users/request-password-reset':                   [400, 400, 400, 400, 400, 400],
  'POST /users/reset-password':                           [400, 400, 400, 400, 400, 400],
  'POST /users/stop-notif':                               [400, 400, 400, 400, 400, 400],
  'POST /users/upload-profile-picture':                   [401, 400, 400, 400, 400, 401],
  'PUT /actualite/:id':                                   [401, 403, 400, 400, 400, 401],
  'PUT /admin/classement':                                [401, 403, 403, 400, 400, 401],
  'PUT /admin/clubs/:id':                                 [401, 403, 403, 400, 400, 401],
  'PUT /admin/matchs/:id':                                [401, 403, 403, 400, 400, 401],
  'PUT /admin/matchs/:id/score':                          [401, 403, 403, 400, 400, 401],
  'PUT /administration/antennes/:id':                     [401, 403, 403, 403, 400, 401],
  'PUT /administration/antennes/:id/organisateurs':       [401, 403, 403, 403, 400, 401],
  'PUT /administration/categories-actualite/:id':         [401, 403, 403, 403, 400, 401],
  'PUT /administration/clubs/:id/live-feed':              [401, 403, 403, 403, 400, 401],
  'PUT /administration/membres/:id/poste':                [401, 403, 403, 403, 400, 401],
  'PUT /administration/membres/:id/role':                 [401, 403, 403, 403, 400, 401],
  'PUT /administration/motifs/:id':                       [401, 403, 403, 403, 400, 401],
  'PUT /administration/motifs/ordre':                     [401, 403, 403, 403, 400, 401],
  'PUT /administration/partner':                          [401, 403, 403, 403, 400, 401],
  'PUT /administration/titres/:id':                       [401, 403, 403, 403, 400, 401],
  'PUT /administration/transports/:id':                   [401, 403, 403, 403, 400, 401],
  'PUT /concours/:id':                                    [401, 403, 400, 400, 400, 401],
  'PUT /deplacements/:id':                                [401, 400, 400, 400, 400, 401],
  'PUT /push/preferences':                                [401, 400, 400, 400, 400, 401],
};

/** Routes refusing in their own words rather than the auth plugin's. */
const OWN_MESSAGES: Record<string, string> = {
  // No refresh cookie: the session has to be opened again.
  '401 POST /auth/refresh': 'Session expirée, reconnecte-toi.',
  // Another member's prediction (999999999 is not the caller).
  '403 GET /user-pronostic-match/:userId/:matchId': PREDICTION_TEXTS.notYours,
  // A member who organises no antenna's coach trips.
  '403 GET /deplacements/organisation': TRIP_TEXTS.notOrganizer,
};

let t: TestApp;
let routes: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  routes = apiRouteKeys(t.app);
});
afterAll(() => t?.close());

async function headersOf(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'anon') return {};
  const user = await createUser(t.db, { role: ROLE[caller] });
  const header = await bearer(t.app, { id: user.id, role: ROLE[caller] }, t.clock);
  if (caller === 'susp')
    await t.db.user.update({
      where: { id: user.id },
      data: { status: 'SUSPENDED', suspendedUntil: new Date(Date.now() + 7 * 86_400_000) },
    });
  return header;
}

async function call(key: string, caller: Caller) {
  return t.app.inject({
    method: methodOf(key),
    url: `/api${pathOf(key).replace(/:[A-Za-z]+/g, '999999999')}`,
    headers: await headersOf(caller),
    remoteAddress: freshIp(),
  });
}

describe('route guards', () => {
  it('has a row of 6 cells for every route the API serves, and no other', () => {
    expect(routes.length).toBeGreaterThan(120);
    if (process.env.PRINT_GUARDS) return;
    expect(Object.keys(MATRIX).sort()).toEqual(routes);
    for (const row of Object.values(MATRIX)) expect(row).toHaveLength(CALLERS.length);
  });

  it.runIf(process.env.PRINT_GUARDS)('prints the observed statuses', async () => {
    const lines: string[] = [];
    for (const key of routes) {
      const row: number[] = [];
      for (const caller of CALLERS) row.push((await call(key, caller)).statusCode);
      lines.push(`  ${`'${key}':`.padEnd(56)}[${row.map((s) => String(s).padEnd(4)).join(', ')}],`);
    }
    console.log(lines.join('\n'));
  });

  it.each(CALLERS.map((caller, column) => ({ caller, column })))(
    'answers every route as $caller with the status of its cell',
    async ({ caller, column }) => {
      if (process.env.PRINT_GUARDS) return;
      for (const key of routes) {
        const expected = MATRIX[key]?.[column];
        const res = await call(key, caller);
        expect(res.statusCode, `${key} as ${caller}: ${res.body.slice(0, 300)}`).toBe(expected);
        expect(res.statusCode, key).toBeLessThan(500);
        const own = OWN_MESSAGES[`${expected} ${key}`];
        if (expected === 401) expect(res.json().message, key).toBe(own ?? UNAUTHENTICATED_MESSAGE);
        if (expected === 403) expect(res.json().message, key).toBe(own ?? FORBIDDEN_MESSAGE);
      }
    },
  );
});
