import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { createClub, createUser } from '../../../test/helpers/factories.js';

type Member = Awaited<ReturnType<typeof createUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const tag = () => Math.random().toString(36).slice(2, 8);

/**
 * Every administration route: 401 anonymous, 403 for UTILISATEUR, REDACTEUR and MODERATEUR
 * (before the body is even read), 2xx for an ADMIN with a valid request.
 */
describe('administration routes are for ADMIN only', () => {
  let t: TestApp;
  let admin: Member;
  let others: Member[];
  let routes: [Method, string, unknown, number][];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.db, { role: 'ADMIN' });
    others = await Promise.all(
      (['UTILISATEUR', 'REDACTEUR', 'MODERATEUR'] as const).map((role) =>
        createUser(t.db, { role }),
      ),
    );
    const target = await createUser(t.db);
    const [title, gone, held] = await Promise.all(
      [1, 2, 3].map(() =>
        t.db.title.create({ data: { label: `T ${tag()}`, color: '#E2001A', importance: 1 } }),
      ),
    );
    await t.db.userTitle.create({ data: { userId: target.id, titleId: held!.id } });
    const antenna = await t.db.antenna.create({ data: { name: `A ${tag()}`, category: 'Groupe' } });
    const spare = await t.db.antenna.create({ data: { name: `B ${tag()}`, category: 'Groupe' } });
    const reason = await t.db.reason.create({
      data: { kind: 'ANNULATION', label: `R ${tag()}`, position: 500 },
    });
    const spareReason = await t.db.reason.create({
      data: { kind: 'EXCLUSION', label: `S ${tag()}`, position: 500 },
    });
    const exclusions = await t.db.reason.findMany({
      where: { kind: 'EXCLUSION', NOT: { label: 'Autre' } },
      orderBy: { position: 'asc' },
    });
    const category = await t.db.newsCategory.create({ data: { label: `C ${tag()}` } });
    const spareCategory = await t.db.newsCategory.create({ data: { label: `D ${tag()}` } });
    const club = await createClub(t.db);
    const m = `/api/administration/membres/${target.id}`;
    routes = [
      ['GET', '/api/site/partner', undefined, 200],
      ['GET', '/api/administration/membres?q=u_', undefined, 200],
      ['GET', m, undefined, 200],
      ['PUT', `${m}/role`, { role: 'REDACTEUR' }, 200],
      ['PUT', `${m}/poste`, { poste: 'Trésorier' }, 200],
      ['POST', `${m}/titres`, { title_id: title!.id }, 200],
      ['DELETE', `${m}/titres/${held!.id}`, undefined, 200],
      ['GET', '/api/administration/titres', undefined, 200],
      [
        'POST',
        '/api/administration/titres',
        { libelle: `N ${tag()}`, couleur: '#00aa00', importance: 3 },
        201,
      ],
      [
        'PUT',
        `/api/administration/titres/${title!.id}`,
        { libelle: `M ${tag()}`, couleur: '#000000', importance: 2 },
        200,
      ],
      ['DELETE', `/api/administration/titres/${gone!.id}`, undefined, 200],
      ['GET', '/api/administration/antennes', undefined, 200],
      [
        'POST',
        '/api/administration/antennes',
        { nom: `Antenne ${tag()}`, categorie: 'Groupe' },
        201,
      ],
      [
        'PUT',
        `/api/administration/antennes/${antenna.id}`,
        { nom: `Antenne ${tag()}`, categorie: 'Groupe' },
        200,
      ],
      ['DELETE', `/api/administration/antennes/${spare.id}`, undefined, 200],
      ['GET', '/api/administration/motifs', undefined, 200],
      [
        'POST',
        '/api/administration/motifs',
        { kind: 'SIGNALEMENT', section: 'profil', label: `Motif ${tag()}` },
        201,
      ],
      [
        'PUT',
        '/api/administration/motifs/ordre',
        { kind: 'EXCLUSION', section: '', ids: exclusions.map((r) => r.id).reverse() },
        200,
      ],
      ['PUT', `/api/administration/motifs/${reason.id}`, { label: `Motif ${tag()}` }, 200],
      ['DELETE', `/api/administration/motifs/${spareReason.id}`, undefined, 200],
      ['GET', '/api/administration/categories-actualite', undefined, 200],
      ['POST', '/api/administration/categories-actualite', { libelle: `CAT ${tag()}` }, 201],
      [
        'PUT',
        `/api/administration/categories-actualite/${category.id}`,
        { libelle: `CAT ${tag()}` },
        200,
      ],
      ['DELETE', `/api/administration/categories-actualite/${spareCategory.id}`, undefined, 200],
      [
        'PUT',
        '/api/administration/partner',
        { code: 'MUNEGU-10', url: 'https://boutique.example/asm' },
        200,
      ],
      ['GET', '/api/administration/clubs', undefined, 200],
      [
        'PUT',
        `/api/administration/clubs/${club.id}/live-feed`,
        { live_feed_url: 'https://x.com/club' },
        200,
      ],
    ];
  });
  afterAll(() => t.close());

  it('refuses anonymous callers (401) and members below ADMIN (403)', async () => {
    for (const [method, url] of routes) {
      if (url === '/api/site/partner') continue;
      const anonymous = await t.app.inject({ method, url, payload: {} });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const user of others) {
        const res = await t.app.inject({
          method,
          url,
          headers: await bearer(t.app, user, t.clock),
          payload: {},
        });
        expect(res.statusCode, `${method} ${url} as ${user.role}`).toBe(403);
      }
    }
  });

  it('serves an ADMIN on every route', async () => {
    const headers = await bearer(t.app, admin, t.clock);
    for (const [method, url, payload, status] of routes) {
      const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    }
    // The public read answers anyone.
    expect((await t.app.inject({ method: 'GET', url: '/api/site/partner' })).json()).toEqual({
      code: 'MUNEGU-10',
      url: 'https://boutique.example/asm',
    });
  });
});
