import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { createUser } from '../helpers/factories.js';

/**
 * The content routes (news, contests) against anonymous callers, members, suspended editors,
 * wrong types, overlong values and their request budget, whatever the path's spelling.
 * Bad bytes in every field are covered for every route by bad-input.test.ts.
 */
let t: TestApp;
const WRITES = [
  ['GET', '/api/actualite/exists?url=https%3A%2F%2Fx.com%2FAS_Monaco%2Fstatus%2F1'],
  ['POST', '/api/actualite/proxy-tweet'],
  ['POST', '/api/actualite'],
  ['PUT', '/api/actualite/1'],
  ['DELETE', '/api/actualite/1'],
  ['POST', '/api/concours/image'],
  ['POST', '/api/concours'],
  ['PUT', '/api/concours/1'],
  ['DELETE', '/api/concours/1'],
] as const;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_TWEET_FETCH: '2/10m' } });
});
afterAll(() => t.close());

async function headersOf(
  role: 'UTILISATEUR' | 'REDACTEUR',
  status: 'ACTIVE' | 'SUSPENDED' = 'ACTIVE',
) {
  const user = await createUser(t.db, { role });
  const headers = await bearer(t.app, { id: user.id, role }, t.clock);
  if (status === 'SUSPENDED') await t.db.user.update({ where: { id: user.id }, data: { status } });
  return headers;
}

describe('content writes', () => {
  it('answer 401 anonymous, 403 to members and 401 to a suspended editor', async () => {
    const member = await headersOf('UTILISATEUR');
    const suspended = await headersOf('REDACTEUR', 'SUSPENDED');
    for (const [method, url] of WRITES) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      const anonymous = await t.app.inject({ method, url, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const asMember = await t.app.inject({ method, url, payload, headers: member });
      expect(asMember.statusCode, `${method} ${url}`).toBe(403);
      expect(asMember.json().message).toBe("Vous n'êtes pas autorisé à effectuer cette action.");
      const asSuspended = await t.app.inject({ method, url, payload, headers: suspended });
      expect(asSuspended.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuse overlong values and wrong types with 400, changing nothing', async () => {
    const editor = await headersOf('REDACTEUR');
    const image = '/uploads/news/00000000-0000-0000-0000-000000000000.webp';
    const base = {
      titre: 'Ok',
      contenu: 'Texte',
      image,
      lien: 'https://x.com/AS_Monaco/status/8',
      categorieId: 1,
    };
    const bad = [
      { ...base, titre: 'a'.repeat(201) },
      { ...base, contenu: 'a'.repeat(5001) },
      { ...base, lien: `https://x.com/AS_Monaco/status/${'1'.repeat(300)}` },
      { ...base, categorieId: 'deux' },
      { ...base, imageObjectPosY: '10' },
      { ...base, imageObjectPosY: 105 },
      { ...base, titre: 42 },
    ];
    const before = await t.db.news.count();
    for (const payload of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/actualite',
        headers: editor,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const contest = await t.app.inject({
      method: 'PUT',
      url: '/api/concours/abc',
      headers: editor,
      payload: { titre: 'x'.repeat(201), dateFin: 12, image: 3 },
    });
    expect(contest.statusCode).toBe(400);
    expect(await t.db.news.count()).toBe(before);
  });

  it('count proxy-tweet in its own budget, however the path is spelled', async () => {
    const editor = await headersOf('REDACTEUR');
    const statuses = [];
    for (const url of [
      '/api/actualite/proxy-tweet',
      '/%61pi/actualite/proxy-tweet',
      '/api/%61ctualite/proxy-tweet',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: editor,
        payload: { url: 'https://x.com/OGCNice/status/1' },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(res.statusCode);
    }
    // A foreign account is refused before any fetch (400); the third call is over budget.
    expect(statuses).toEqual([400, 400, 429]);
  });
});
