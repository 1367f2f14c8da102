import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { methodOf, pathOf, type Role } from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The package's entry point only exports the merged `endpoints`: the three tables come from
// their own files, so the matrix is checked against exactly them.
import { administrationEndpoints } from '../../../../packages/shared/src/endpoints/administration.js';
import { communityEndpoints } from '../../../../packages/shared/src/endpoints/community.js';
import { moderationEndpoints } from '../../../../packages/shared/src/endpoints/moderation.js';
import { tripEndpoints } from '../../../../packages/shared/src/endpoints/trips.js';
import { TRIP_TEXTS } from '@munegu/shared';
import { FORBIDDEN_MESSAGE, UNAUTHENTICATED_MESSAGE } from '../../src/plugins/auth.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { createClub, createUser } from '../helpers/factories.js';
import { createTrip } from '../helpers/trip-notify.js';
import { makeImage, multipartFile } from '../helpers/images.js';
import { moderationWorld } from '../helpers/moderation.js';
import { localhostCertificate } from '../helpers/push-service.js';

/**
 * Who may call every content, moderation and administration route: one literal table, one
 * valid request per cell (fresh target rows where the action consumes them), so a status
 * reflects authorization and never validation.
 *
 * Callers (the table's columns, in this order):
 * - anon      no Authorization header;
 * - user      an ACTIVE UTILISATEUR;
 * - redOwn    an ACTIVE REDACTEUR, the author of the news item the request targets;
 * - redOther  another ACTIVE REDACTEUR, acting on redOwn's news item;
 * - mod       an ACTIVE MODERATEUR (acting on redOwn's news item);
 * - admin     an ACTIVE ADMIN (acting on redOwn's news item);
 * - susp      an ADMIN whose account is SUSPENDED after their token was issued: the highest
 *             role, so anything but 401 on a guarded route means the status check is missing.
 *
 * Contests record no author (prisma `Contest` has no author column): every REDACTEUR may edit
 * or delete every contest, so redOwn and redOther answer the same there.
 * Public reads (GET /actualite, GET /concours, GET /site, GET /site/partner) never read the token: they
 * answer 200 to everyone, the suspended member included (they see what anonymous visitors see).
 * POST /actualite/proxy-tweet reads a post from a fake provider on 127.0.0.1, so allowed
 * callers get a real 200.
 *
 * Routes covered: every key of `moderationEndpoints` and `administrationEndpoints`, and every
 * /actualite and /concours key of `communityEndpoints`. A new route there without a row here,
 * or a row without its 7 cells, fails this file.
 */

const CALLERS = ['anon', 'user', 'redOwn', 'redOther', 'mod', 'admin', 'susp'] as const;
type Caller = (typeof CALLERS)[number];
type Row = readonly [number, number, number, number, number, number, number];

// prettier-ignore
const MATRIX: Readonly<Record<string, Row>> = {
  //                                                     anon  user  redOwn redOther mod  admin susp
  // ── Content (communityEndpoints, /actualite and /concours) ──
  'GET /actualite':                                     [200,  200,  200,  200,     200, 200,  200],
  'GET /actualite/exists':                              [401,  403,  200,  200,     200, 200,  401],
  'POST /actualite/proxy-tweet':                        [401,  403,  200,  200,     200, 200,  401],
  'POST /actualite':                                    [401,  403,  201,  201,     201, 201,  401],
  'PUT /actualite/:id':                                 [401,  403,  200,  403,     200, 200,  401],
  'DELETE /actualite/:id':                              [401,  403,  200,  403,     200, 200,  401],
  'GET /concours':                                      [200,  200,  200,  200,     200, 200,  200],
  'POST /concours/image':                               [401,  403,  200,  200,     200, 200,  401],
  'POST /concours':                                     [401,  403,  201,  201,     201, 201,  401],
  'PUT /concours/:id':                                  [401,  403,  200,  200,     200, 200,  401],
  'DELETE /concours/:id':                               [401,  403,  200,  200,     200, 200,  401],
  // ── Moderation (moderationEndpoints): MODERATEUR and above ──
  'GET /moderation/reports':                            [401,  403,  403,  403,     200, 200,  401],
  'POST /moderation/reports/:id/dismiss':               [401,  403,  403,  403,     200, 200,  401],
  'POST /moderation/reports/:id/warn':                  [401,  403,  403,  403,     200, 200,  401],
  'POST /moderation/reports/:id/suspend':               [401,  403,  403,  403,     200, 200,  401],
  'POST /moderation/reports/:id/ban':                   [401,  403,  403,  403,     200, 200,  401],
  'GET /moderation/users/suspended':                    [401,  403,  403,  403,     200, 200,  401],
  'POST /moderation/users/:id/warn':                    [401,  403,  403,  403,     200, 200,  401],
  'POST /moderation/users/:id/silence':                 [401,  403,  403,  403,     200, 200,  401],
  'POST /moderation/users/:id/suspend':                 [401,  403,  403,  403,     200, 200,  401],
  'POST /moderation/users/:id/ban':                     [401,  403,  403,  403,     200, 200,  401],
  'POST /moderation/users/:id/lift':                    [401,  403,  403,  403,     200, 200,  401],
  'GET /moderation/audit':                              [401,  403,  403,  403,     200, 200,  401],
  'GET /moderation/queue':                              [401,  403,  403,  403,     200, 200,  401],
  'GET /moderation/reports/count':                      [401,  403,  403,  403,     200, 200,  401],
  'GET /moderation/users':                              [401,  403,  403,  403,     200, 200,  401],
  'GET /moderation/users/:id':                          [401,  403,  403,  403,     200, 200,  401],
  // ── Administration (administrationEndpoints): ADMIN only, except the public partner read ──
  'GET /site':                                          [200,  200,  200,  200,     200, 200,  200],
  'GET /site/partner':                                  [200,  200,  200,  200,     200, 200,  200],
  'GET /administration/membres':                        [401,  403,  403,  403,     403, 200,  401],
  'GET /administration/membres/:id':                    [401,  403,  403,  403,     403, 200,  401],
  'PUT /administration/membres/:id/role':               [401,  403,  403,  403,     403, 200,  401],
  'PUT /administration/membres/:id/poste':              [401,  403,  403,  403,     403, 200,  401],
  'POST /administration/membres/:id/titres':            [401,  403,  403,  403,     403, 200,  401],
  'DELETE /administration/membres/:id/titres/:titleId': [401,  403,  403,  403,     403, 200,  401],
  'GET /administration/titres':                         [401,  403,  403,  403,     403, 200,  401],
  'POST /administration/titres':                        [401,  403,  403,  403,     403, 201,  401],
  'PUT /administration/titres/:id':                     [401,  403,  403,  403,     403, 200,  401],
  'DELETE /administration/titres/:id':                  [401,  403,  403,  403,     403, 200,  401],
  'GET /administration/antennes':                       [401,  403,  403,  403,     403, 200,  401],
  'POST /administration/antennes':                      [401,  403,  403,  403,     403, 201,  401],
  'PUT /administration/antennes/:id':                   [401,  403,  403,  403,     403, 200,  401],
  'DELETE /administration/antennes/:id':                [401,  403,  403,  403,     403, 200,  401],
  'GET /administration/antennes/:id/organisateurs':     [401,  403,  403,  403,     403, 200,  401],
  'PUT /administration/antennes/:id/organisateurs':     [401,  403,  403,  403,     403, 200,  401],
  'GET /administration/transports':                     [401,  403,  403,  403,     403, 200,  401],
  'POST /administration/transports':                    [401,  403,  403,  403,     403, 201,  401],
  'PUT /administration/transports/:id':                 [401,  403,  403,  403,     403, 200,  401],
  'DELETE /administration/transports/:id':              [401,  403,  403,  403,     403, 200,  401],
  'GET /administration/motifs':                         [401,  403,  403,  403,     403, 200,  401],
  'POST /administration/motifs':                        [401,  403,  403,  403,     403, 201,  401],
  'PUT /administration/motifs/ordre':                   [401,  403,  403,  403,     403, 200,  401],
  'PUT /administration/motifs/:id':                     [401,  403,  403,  403,     403, 200,  401],
  'DELETE /administration/motifs/:id':                  [401,  403,  403,  403,     403, 200,  401],
  'GET /administration/categories-actualite':           [401,  403,  403,  403,     403, 200,  401],
  'POST /administration/categories-actualite':          [401,  403,  403,  403,     403, 201,  401],
  'PUT /administration/categories-actualite/:id':       [401,  403,  403,  403,     403, 200,  401],
  'DELETE /administration/categories-actualite/:id':    [401,  403,  403,  403,     403, 200,  401],
  'PUT /administration/partner':                        [401,  403,  403,  403,     403, 200,  401],
  'GET /administration/clubs':                          [401,  403,  403,  403,     403, 200,  401],
  'PUT /administration/clubs/:id/live-feed':            [401,  403,  403,  403,     403, 200,  401],
  // ── Coach trips (tripEndpoints): an antenna's organisers (own tests) and MODERATEUR+ ──
  'POST /deplacements/:id/annonces':                    [401,  403,  403,  403,     201, 201,  401],
};

/** Routes whose 403 says why in their own words (the trip's organisers only). */
const FORBIDDEN_TEXT: Readonly<Record<string, string>> = {
  'POST /deplacements/:id/annonces': TRIP_TEXTS.notOrganizer,
};

/** The routes the table must cover, read from the shared endpoint tables. */
const CONTENT_ROUTE = /^[A-Z]+ \/(actualite|concours)(\/|$)/;
const ROUTES: string[] = [
  ...Object.keys(communityEndpoints).filter((key) => CONTENT_ROUTE.test(key)),
  ...Object.keys(moderationEndpoints),
  ...Object.keys(administrationEndpoints),
  // The trips table's administration routes (an antenna's organisers); the organisers' own
  // rights on trips are checked in modules/trips/organizers.test.ts.
  ...Object.keys(tripEndpoints).filter(
    (key) => /^[A-Z]+ \/administration\//.test(key) || key === 'POST /deplacements/:id/annonces',
  ),
];

/** One valid request for a route: its concrete URL (under /api) and body. */
interface Request {
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
  /** Run after a refused call: the target row is as it was. */
  untouched?: () => Promise<void>;
}

let t: TestApp;
let fake: Server;
const users = {} as Record<Exclude<Caller, 'anon'>, { id: number; role: Role }>;
const headers = {} as Record<Caller, Record<string, string>>;
let newsImage: string;
let contestImage: string;
let categoryId: number;
let clubId: number;
let requests: Record<string, (caller: Caller) => Promise<Request>>;

let counter = 0;
/** Unique per call: labels, post ids. */
const tag = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
const postLink = () => `https://x.com/AS_Monaco/status/${Date.now()}${counter++}`;
const REASON = 'Propos insultants répétés envers un membre.';

/** Writes a WebP where an image store (uploads/news, uploads/contests) looks for its own files. */
async function storedImage(folder: 'news' | 'contests'): Promise<string> {
  const dir = path.join(t.config.dataDir, 'uploads', folder);
  const file = `${randomUUID()}.webp`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, file), await makeImage(64, 64, 'webp'));
  return `/uploads/${folder}/${file}`;
}

beforeAll(async () => {
  const png = await makeImage(800, 600, 'png');
  // A fake X syndication provider: every post id is a club post with one photo.
  const { key, cert } = localhostCertificate();
  fake = createServer({ key, cert }, (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const base = `https://localhost:${(fake.address() as AddressInfo).port}`;
    if (url.pathname === '/tweet-result')
      return res.setHeader('content-type', 'application/json').end(
        JSON.stringify({
          text: 'Victoire 2-0 !',
          user: { screen_name: 'AS_Monaco' },
          mediaDetails: [{ type: 'photo', media_url_https: `${base}/img/1.png` }],
        }),
      );
    if (url.pathname === '/img/1.png') return res.setHeader('content-type', 'image/png').end(png);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    env: {
      NEWS_PROVIDER_URL: `https://localhost:${(fake.address() as AddressInfo).port}`,
      NEWS_FETCH_HOSTS: 'localhost',
      NEWS_FETCH_PRIVATE_HOSTS: 'localhost',
      NEWS_FETCH_TIMEOUT_MS: '3000',
      // About 350 requests from one address: the general budget is not under test here.
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    newsFetch: { ca: cert },
  });

  const roles = {
    user: 'UTILISATEUR',
    redOwn: 'REDACTEUR',
    redOther: 'REDACTEUR',
    mod: 'MODERATEUR',
    admin: 'ADMIN',
    susp: 'ADMIN',
  } as const;
  headers.anon = {};
  for (const [caller, role] of Object.entries(roles) as [Exclude<Caller, 'anon'>, Role][]) {
    const user = await createUser(t.db, { role });
    users[caller] = { id: user.id, role };
    headers[caller] = await bearer(t.app, users[caller], t.clock);
  }
  // Suspended after the token was issued: the token and its login are still valid.
  await t.db.user.update({
    where: { id: users.susp.id },
    data: {
      status: 'SUSPENDED',
      suspendedUntil: new Date(t.clock.now().getTime() + 7 * 86_400_000),
    },
  });

  newsImage = await storedImage('news');
  contestImage = await storedImage('contests');
  categoryId = (await t.db.newsCategory.findFirstOrThrow({ where: { label: 'MATCH' } })).id;
  clubId = (await createClub(t.db)).id;
  const world = moderationWorld(t);
  const future = () => new Date(t.clock.now().getTime() + 86_400_000);

  /** A news item by redOwn: the author column of the table. */
  const newsItem = () =>
    t.db.news.create({
      data: {
        title: 'Avant',
        content: 'Texte',
        image: newsImage,
        categoryId,
        authorId: users.redOwn.id,
      },
    });
  const contest = () =>
    t.db.contest.create({
      data: { title: 'Avant', endsAt: future(), image: contestImage, xLink: 'https://x.com/a' },
    });
  const contestBody = () => ({
    titre: 'Le maillot',
    dateFin: future().toISOString(),
    image: contestImage,
    lienInsta: 'https://www.instagram.com/p/1',
  });
  /** An OPEN report about a fresh member, for each report action. */
  const openReport = async () => {
    const report = await world.report((await createUser(t.db)).id);
    return {
      id: report.id,
      untouched: async () =>
        expect((await t.db.report.findUniqueOrThrow({ where: { id: report.id } })).status).toBe(
          'OPEN',
        ),
    };
  };
  const userStatus = async (id: number, status: string) =>
    expect((await t.db.user.findUniqueOrThrow({ where: { id } })).status).toBe(status);
  const title = () =>
    t.db.title.create({ data: { label: `T ${tag()}`, color: '#E2001A', importance: 1 } });
  /** A transport mode as an administrator would add it (ids above the spec's six). */
  const transportMode = async () => {
    const { _max } = await t.db.transportType.aggregate({ _max: { id: true } });
    const id = (_max.id ?? 6) + 1;
    return t.db.transportType.create({ data: { id, code: `MODE_${id}`, label: `M ${tag()}` } });
  };
  const exists = (count: Promise<number>) => async () => expect(await count).toBe(1);
  const coachTrip = () => createTrip(t.db, future());

  requests = {
    // ── Content ──
    'GET /actualite': async () => ({ url: '/actualite' }),
    'GET /actualite/exists': async () => ({
      url: `/actualite/exists?url=${encodeURIComponent(postLink())}`,
    }),
    'POST /actualite/proxy-tweet': async () => ({
      url: '/actualite/proxy-tweet',
      payload: { url: postLink() },
    }),
    'POST /actualite': async () => ({
      url: '/actualite',
      payload: {
        titre: 'Victoire',
        contenu: 'Le résumé du match',
        image: newsImage,
        lien: postLink(),
        categorieId: categoryId,
        imageObjectPosY: 25,
      },
    }),
    'PUT /actualite/:id': async () => {
      const item = await newsItem();
      return {
        url: `/actualite/${item.id}`,
        payload: {
          titre: 'Modifié',
          contenu: 'Texte',
          categorieId: categoryId,
          imageObjectPosY: 50,
        },
        untouched: async () =>
          expect((await t.db.news.findUniqueOrThrow({ where: { id: item.id } })).title).toBe(
            'Avant',
          ),
      };
    },
    'DELETE /actualite/:id': async () => {
      const item = await newsItem();
      return {
        url: `/actualite/${item.id}`,
        untouched: exists(t.db.news.count({ where: { id: item.id } })),
      };
    },
    'GET /concours': async () => ({ url: '/concours' }),
    'POST /concours/image': async () => {
      const form = multipartFile(await makeImage(1200, 800, 'jpeg'), 'visuel.jpg', 'image/jpeg');
      return { url: '/concours/image', payload: form.payload, headers: form.headers };
    },
    'POST /concours': async () => ({ url: '/concours', payload: contestBody() }),
    'PUT /concours/:id': async () => {
      const row = await contest();
      return {
        url: `/concours/${row.id}`,
        payload: contestBody(),
        untouched: async () =>
          expect((await t.db.contest.findUniqueOrThrow({ where: { id: row.id } })).title).toBe(
            'Avant',
          ),
      };
    },
    'DELETE /concours/:id': async () => {
      const row = await contest();
      return {
        url: `/concours/${row.id}`,
        untouched: exists(t.db.contest.count({ where: { id: row.id } })),
      };
    },

    // ── Moderation ──
    'GET /moderation/reports': async () => ({ url: '/moderation/reports?status=OPEN&page=1' }),
    'POST /moderation/reports/:id/dismiss': async () => {
      const report = await openReport();
      return {
        url: `/moderation/reports/${report.id}/dismiss`,
        payload: { reason: 'Rien de contraire aux règles.' },
        untouched: report.untouched,
      };
    },
    'POST /moderation/reports/:id/warn': async () => {
      const report = await openReport();
      return {
        url: `/moderation/reports/${report.id}/warn`,
        payload: { reason: REASON },
        untouched: report.untouched,
      };
    },
    'POST /moderation/reports/:id/suspend': async () => {
      const report = await openReport();
      return {
        url: `/moderation/reports/${report.id}/suspend`,
        payload: { reason: REASON, days: 7 },
        untouched: report.untouched,
      };
    },
    'POST /moderation/reports/:id/ban': async () => {
      const report = await openReport();
      return {
        url: `/moderation/reports/${report.id}/ban`,
        payload: { reason: REASON },
        untouched: report.untouched,
      };
    },
    'GET /moderation/users/suspended': async () => ({ url: '/moderation/users/suspended' }),
    'POST /moderation/users/:id/warn': async () => {
      const target = await createUser(t.db);
      return {
        url: `/moderation/users/${target.id}/warn`,
        payload: { reason: REASON },
        untouched: async () =>
          expect(await t.db.mailOutbox.count({ where: { to: target.email } })).toBe(0),
      };
    },
    'POST /moderation/users/:id/silence': async () => {
      const target = await createUser(t.db);
      return {
        url: `/moderation/users/${target.id}/silence`,
        payload: { reason: REASON, days: 3 },
        untouched: async () =>
          expect(
            (await t.db.user.findUniqueOrThrow({ where: { id: target.id } })).silencedUntil,
          ).toBeNull(),
      };
    },
    'POST /moderation/users/:id/suspend': async () => {
      const target = await createUser(t.db);
      return {
        url: `/moderation/users/${target.id}/suspend`,
        payload: { reason: REASON, days: 3 },
        untouched: () => userStatus(target.id, 'ACTIVE'),
      };
    },
    'POST /moderation/users/:id/ban': async () => {
      const target = await createUser(t.db);
      return {
        url: `/moderation/users/${target.id}/ban`,
        payload: { reason: REASON },
        untouched: () => userStatus(target.id, 'ACTIVE'),
      };
    },
    'POST /moderation/users/:id/lift': async () => {
      const target = await createUser(t.db, { status: 'SUSPENDED' });
      await t.db.user.update({ where: { id: target.id }, data: { suspendedUntil: future() } });
      return {
        url: `/moderation/users/${target.id}/lift`,
        payload: { reason: 'Excuses présentées au membre.' },
        untouched: () => userStatus(target.id, 'SUSPENDED'),
      };
    },
    'GET /moderation/audit': async () => ({ url: '/moderation/audit?action=moderation.&page=1' }),
    'GET /moderation/queue': async () => ({ url: '/moderation/queue?page=1' }),
    'GET /moderation/reports/count': async () => ({ url: '/moderation/reports/count' }),
    'GET /moderation/users': async () => ({ url: '/moderation/users?q=u_' }),
    'GET /moderation/users/:id': async () => ({
      url: `/moderation/users/${(await createUser(t.db)).id}`,
    }),

    // ── Administration ──
    'GET /site': async () => ({ url: '/site' }),
    'GET /site/partner': async () => ({ url: '/site/partner' }),
    'GET /administration/membres': async () => ({ url: '/administration/membres?q=u_' }),
    'GET /administration/membres/:id': async () => ({
      url: `/administration/membres/${(await createUser(t.db)).id}`,
    }),
    'PUT /administration/membres/:id/role': async () => {
      const target = await createUser(t.db);
      return {
        url: `/administration/membres/${target.id}/role`,
        payload: { role: 'REDACTEUR' },
        untouched: async () =>
          expect((await t.db.user.findUniqueOrThrow({ where: { id: target.id } })).role).toBe(
            'UTILISATEUR',
          ),
      };
    },
    'PUT /administration/membres/:id/poste': async () => ({
      url: `/administration/membres/${(await createUser(t.db)).id}/poste`,
      payload: { poste: 'Trésorier' },
    }),
    'POST /administration/membres/:id/titres': async () => ({
      url: `/administration/membres/${(await createUser(t.db)).id}/titres`,
      payload: { title_id: (await title()).id },
    }),
    'DELETE /administration/membres/:id/titres/:titleId': async () => {
      const [target, held] = [await createUser(t.db), await title()];
      await t.db.userTitle.create({ data: { userId: target.id, titleId: held.id } });
      return {
        url: `/administration/membres/${target.id}/titres/${held.id}`,
        untouched: exists(t.db.userTitle.count({ where: { userId: target.id, titleId: held.id } })),
      };
    },
    'GET /administration/titres': async () => ({ url: '/administration/titres' }),
    'POST /administration/titres': async () => ({
      url: '/administration/titres',
      payload: { libelle: `N ${tag()}`, couleur: '#00aa00', importance: 3 },
    }),
    'PUT /administration/titres/:id': async () => ({
      url: `/administration/titres/${(await title()).id}`,
      payload: { libelle: `M ${tag()}`, couleur: '#000000', importance: 2 },
    }),
    'DELETE /administration/titres/:id': async () => {
      const row = await title();
      return {
        url: `/administration/titres/${row.id}`,
        untouched: exists(t.db.title.count({ where: { id: row.id } })),
      };
    },
    'GET /administration/antennes': async () => ({ url: '/administration/antennes' }),
    'POST /administration/antennes': async () => ({
      url: '/administration/antennes',
      payload: { nom: `Antenne ${tag()}`, categorie: 'Groupe' },
    }),
    'PUT /administration/antennes/:id': async () => {
      const row = await t.db.antenna.create({ data: { name: `A ${tag()}`, category: 'Groupe' } });
      return {
        url: `/administration/antennes/${row.id}`,
        payload: { nom: `Antenne ${tag()}`, categorie: 'Groupe' },
      };
    },
    'DELETE /administration/antennes/:id': async () => {
      const row = await t.db.antenna.create({ data: { name: `B ${tag()}`, category: 'Groupe' } });
      return {
        url: `/administration/antennes/${row.id}`,
        untouched: exists(t.db.antenna.count({ where: { id: row.id } })),
      };
    },
    'GET /administration/antennes/:id/organisateurs': async () => {
      const row = await t.db.antenna.create({ data: { name: `C ${tag()}`, category: 'Groupe' } });
      return { url: `/administration/antennes/${row.id}/organisateurs` };
    },
    'PUT /administration/antennes/:id/organisateurs': async () => {
      const row = await t.db.antenna.create({ data: { name: `D ${tag()}`, category: 'Groupe' } });
      return {
        url: `/administration/antennes/${row.id}/organisateurs`,
        payload: { userIds: [users.user.id] },
        untouched: async () =>
          expect(await t.db.antennaOrganizer.count({ where: { antennaId: row.id } })).toBe(0),
      };
    },
    'GET /administration/transports': async () => ({ url: '/administration/transports' }),
    'POST /administration/transports': async () => ({
      url: '/administration/transports',
      payload: { libelle: `Mode ${tag()}` },
    }),
    'PUT /administration/transports/:id': async () => ({
      url: `/administration/transports/${(await transportMode()).id}`,
      payload: { libelle: `Mode ${tag()}` },
    }),
    'DELETE /administration/transports/:id': async () => {
      const row = await transportMode();
      return {
        url: `/administration/transports/${row.id}`,
        untouched: exists(t.db.transportType.count({ where: { id: row.id } })),
      };
    },
    'GET /administration/motifs': async () => ({ url: '/administration/motifs' }),
    'POST /administration/motifs': async () => ({
      url: '/administration/motifs',
      payload: { kind: 'SIGNALEMENT', section: 'profil', label: `Motif ${tag()}` },
    }),
    'PUT /administration/motifs/ordre': async () => {
      // Every EXCLUSION reason but 'Autre', read when the cell runs (the list may have grown).
      const ids = (
        await t.db.reason.findMany({
          where: { kind: 'EXCLUSION', section: '', NOT: { label: 'Autre' } },
          orderBy: { position: 'asc' },
        })
      ).map((r) => r.id);
      return {
        url: '/administration/motifs/ordre',
        payload: { kind: 'EXCLUSION', section: '', ids: ids.reverse() },
      };
    },
    'PUT /administration/motifs/:id': async () => {
      const row = await t.db.reason.create({
        data: { kind: 'ANNULATION', label: `R ${tag()}`, position: 500 },
      });
      return { url: `/administration/motifs/${row.id}`, payload: { label: `Motif ${tag()}` } };
    },
    'DELETE /administration/motifs/:id': async () => {
      const row = await t.db.reason.create({
        data: { kind: 'ANNULATION', label: `S ${tag()}`, position: 500 },
      });
      return {
        url: `/administration/motifs/${row.id}`,
        untouched: exists(t.db.reason.count({ where: { id: row.id } })),
      };
    },
    'GET /administration/categories-actualite': async () => ({
      url: '/administration/categories-actualite',
    }),
    'POST /administration/categories-actualite': async () => ({
      url: '/administration/categories-actualite',
      payload: { libelle: `CAT ${tag()}` },
    }),
    'PUT /administration/categories-actualite/:id': async () => {
      const row = await t.db.newsCategory.create({ data: { label: `C ${tag()}` } });
      return {
        url: `/administration/categories-actualite/${row.id}`,
        payload: { libelle: `CAT ${tag()}` },
      };
    },
    'DELETE /administration/categories-actualite/:id': async () => {
      const row = await t.db.newsCategory.create({ data: { label: `D ${tag()}` } });
      return {
        url: `/administration/categories-actualite/${row.id}`,
        untouched: exists(t.db.newsCategory.count({ where: { id: row.id } })),
      };
    },
    'PUT /administration/partner': async () => ({
      url: '/administration/partner',
      payload: { code: 'MUNEGU-10', url: 'https://boutique.example/asm' },
    }),
    'GET /administration/clubs': async () => ({ url: '/administration/clubs' }),
    'PUT /administration/clubs/:id/live-feed': async () => ({
      url: `/administration/clubs/${clubId}/live-feed`,
      payload: { live_feed_url: 'https://x.com/club' },
    }),

    // ── Coach trips ──
    'POST /deplacements/:id/annonces': async () => {
      const trip = await coachTrip();
      return {
        url: `/deplacements/${trip.id}/annonces`,
        payload: { content: 'Départ à 6h devant le stade' },
        untouched: async () =>
          expect(await t.db.groupMessage.count({ where: { group: { tripId: trip.id } } })).toBe(0),
      };
    },
  };
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => (fake ? fake.close(() => r()) : r()));
});

/** '/moderation/reports/:id/warn' → a pattern its concrete URLs (query aside) must match. */
const urlPattern = (key: string) =>
  new RegExp(`^${pathOf(key).replace(/:[A-Za-z]+/g, '[1-9][0-9]*')}(\\?.*)?$`);

describe('authorization matrix', () => {
  it('has a row of 7 cells for every content, moderation and administration route, and no other', () => {
    expect(ROUTES.length).toBeGreaterThan(40);
    expect(Object.keys(MATRIX).sort()).toEqual([...ROUTES].sort());
    for (const key of ROUTES) {
      const row = MATRIX[key];
      expect(row?.length, `cells of ${key}`).toBe(CALLERS.length);
      for (const status of row ?? []) expect([200, 201, 401, 403], key).toContain(status);
    }
    expect(Object.keys(requests).sort()).toEqual([...ROUTES].sort());
  });

  describe.each(ROUTES)('%s', (key) => {
    it.each(CALLERS.map((caller, column) => ({ caller, column })))(
      'as $caller',
      async ({ caller, column }) => {
        const expected = MATRIX[key]?.[column];
        expect(expected, `missing cell: ${key} × ${caller}`).toBeTypeOf('number');
        const build = requests[key];
        expect(build, `no request for ${key}`).toBeTypeOf('function');
        const request = await build!(caller);
        expect(request.url).toMatch(urlPattern(key));
        const res = await t.app.inject({
          method: methodOf(key),
          url: `/api${request.url}`,
          headers: { ...headers[caller], ...request.headers },
          ...(request.payload ? { payload: request.payload } : {}),
        });
        expect(res.statusCode, `${key} as ${caller}: ${res.body}`).toBe(expected);
        if (expected === 401) expect(res.json().message).toBe(UNAUTHENTICATED_MESSAGE);
        if (expected === 403)
          expect(res.json().message).toBe(FORBIDDEN_TEXT[key] ?? FORBIDDEN_MESSAGE);
        if (expected === 401 || expected === 403) await request.untouched?.();
      },
    );
  });
});
