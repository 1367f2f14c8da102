import type { AuditEntry, AuditPage } from '@munegu/shared';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { createUser } from '../../../test/helpers/factories.js';
import { makeImage } from '../../../test/helpers/images.js';
import { appWithNewsProvider } from '../../../test/helpers/news-provider.js';

/**
 * Editors' news through a fake X syndication provider on https://localhost, which the
 * configuration lets resolve to loopback (NEWS_FETCH_PRIVATE_HOSTS) and whose certificate the
 * fetch is told to trust. Posts: 1 = club post with photo, 2 = text only,
 * 3 = another account, 4 = the provider never answers, 5 = a 20 MB "photo",
 * 6 = a photo whose address redirects to the cloud metadata service,
 * 8 and 9 = club posts whose text carries HTML entities, as X's syndication sends it.
 */
let t: TestApp;
let png: Buffer;
const INVALID = 'Veuillez entrer un lien valide provenant du X de Munegu.';
const link = (id: number, account = 'AS_Monaco') => `https://x.com/${account}/status/${id}`;

beforeAll(async () => {
  png = await makeImage(800, 600, 'png');
  t = await appWithNewsProvider(
    (url, res, base) => {
      const tweet = (body: object) =>
        res.setHeader('content-type', 'application/json').end(JSON.stringify(body));
      if (url.pathname === '/tweet-result') {
        const id = url.searchParams.get('id');
        if (id === '1')
          return tweet({
            text: 'Victoire 2-0 ! https://t.co/abc',
            user: { screen_name: 'AS_Monaco' },
            mediaDetails: [{ type: 'photo', media_url_https: `${base}/img/1.png` }],
          });
        if (id === '2')
          return tweet({ text: 'Juste du texte', user: { screen_name: 'AS_Monaco' } });
        if (id === '3')
          return tweet({
            text: 'Ailleurs',
            user: { screen_name: 'OGCNice' },
            photos: [{ url: `${base}/img/1.png` }],
          });
        if (id === '4') return; // never answers
        if (id === '5')
          return tweet({
            text: 'Énorme',
            user: { screen_name: 'AS_Monaco' },
            photos: [{ url: `${base}/img/huge` }],
          });
        if (id === '6')
          return tweet({
            text: 'Piège',
            user: { screen_name: 'AS_Monaco' },
            photos: [{ url: `${base}/img/redirect` }],
          });
        if (id === '8' || id === '9')
          return tweet({
            text:
              id === '8'
                ? 'Monaco &amp; Lens &gt; tout'
                : '&quot;Allez&quot; l&#39;&#201;quipe &#x2764; &amp;lt;3 https://t.co/abc',
            user: { screen_name: 'AS_Monaco' },
            photos: [{ url: `${base}/img/1.png` }],
          });
      }
      if (url.pathname === '/img/1.png') return res.setHeader('content-type', 'image/png').end(png);
      if (url.pathname === '/img/huge') return res.end(Buffer.alloc(20_000_000));
      if (url.pathname === '/img/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      }
      res.writeHead(404).end();
    },
    { NEWS_FETCH_TIMEOUT_MS: '1500', NEWS_IMAGE_MAX_BYTES: '5000000' },
  );
});
afterAll(() => t.close());

async function member(role: 'UTILISATEUR' | 'REDACTEUR' | 'MODERATEUR' | 'ADMIN') {
  const user = await createUser(t.db, { role });
  return { user, headers: await bearer(t.app, { id: user.id, role }, t.clock) };
}
const proxy = (headers: Record<string, string>, url: string) =>
  t.app.inject({ method: 'POST', url: '/api/actualite/proxy-tweet', headers, payload: { url } });
const category = () => t.db.newsCategory.findFirstOrThrow({ where: { label: 'MATCH' } });
/** The journal of one news item, newest first, as an administrator reads it. */
async function journalOf(id: number): Promise<AuditEntry[]> {
  const res = await t.app.inject({
    url: `/api/moderation/audit?targetType=news&targetId=${id}`,
    headers: (await member('ADMIN')).headers,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as AuditPage).items;
}

describe('POST /api/actualite/proxy-tweet', () => {
  it('reads a club post and stores its image here, re-encoded', async () => {
    const { headers } = await member('REDACTEUR');
    const res = await proxy(headers, link(1));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { text: string; image: string; message: string };
    expect(body.text).toBe('Victoire 2-0 !');
    expect(body.message).toBe('Tweet récupéré avec succès !');
    expect(body.image).toMatch(/^\/uploads\/news\/[0-9a-f-]{36}\.webp$/);
    expect(existsSync(path.join(t.config.dataDir, body.image))).toBe(true);
  });

  it('answers the spec messages for a foreign account, a post without image, and failures', async () => {
    const { headers } = await member('REDACTEUR');
    const cases: [string, number, string][] = [
      [link(1, 'OGCNice'), 400, INVALID],
      ['https://example.com/AS_Monaco/status/1', 400, INVALID],
      [link(3), 400, INVALID], // the link names the club, the provider says another account
      [link(2), 400, 'Le tweet doit comporter du texte et une image !'],
      [link(4), 502, 'Erreur lors de la récupération du tweet.'], // timeout
      [link(5), 502, 'Erreur lors de la récupération du tweet.'], // oversized image
      [link(6), 502, 'Erreur lors de la récupération du tweet.'], // redirect to 169.254.169.254
    ];
    for (const [url, status, message] of cases) {
      const res = await proxy(headers, url);
      expect([url, res.statusCode, res.json().message]).toEqual([url, status, message]);
    }
  });

  it('gives the text as written: the HTML entities X sends are decoded, once', async () => {
    const { headers } = await member('REDACTEUR');
    const texts: string[] = [];
    for (const id of [8, 9]) texts.push((await proxy(headers, link(id))).json().text);
    expect(texts).toEqual(['Monaco & Lens > tout', '"Allez" l\'Équipe ❤ &lt;3']);
  });

  it('is for editors only', async () => {
    expect((await proxy({}, link(1))).statusCode).toBe(401);
    expect((await proxy((await member('UTILISATEUR')).headers, link(1))).statusCode).toBe(403);
  });
});

describe('news writes', () => {
  async function publish(headers: Record<string, string>, postId = 1) {
    const fetched = (await proxy(headers, link(postId))).json() as { text: string; image: string };
    return t.app.inject({
      method: 'POST',
      url: '/api/actualite',
      headers,
      payload: {
        titre: 'Victoire',
        contenu: fetched.text,
        image: fetched.image,
        lien: `https://twitter.com/AS_Monaco/status/${postId}`,
        categorieId: (await category()).id,
        imageObjectPosY: 25,
        redacteurId: 999_999,
      },
    });
  }

  it('publishes once per post, by the caller, and refuses the same post again', async () => {
    const { user, headers } = await member('REDACTEUR');
    const res = await publish(headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Actualité publiée avec succès !');
    const row = await t.db.news.findUniqueOrThrow({ where: { id: res.json().id } });
    expect(row.authorId).toBe(user.id); // never the body's redacteurId
    expect(row.sourceUrl).toBe('https://x.com/AS_Monaco/status/1');
    const exists = await t.app.inject({
      url: `/api/actualite/exists?url=${encodeURIComponent(link(1))}`,
      headers,
    });
    expect(exists.json()).toEqual({ exists: true });
    const again = await proxy(headers, link(1));
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'Ce tweet a déjà été publié sur le site.',
    ]);
    // Published news shows on the public list.
    const list = (await t.app.inject({ url: '/api/actualite' })).json() as { id: number }[];
    expect(list.map((n) => n.id)).toContain(res.json().id);
    await t.db.news.delete({ where: { id: res.json().id } });
  });

  it('refuses an image the server did not store and HTML in the title', async () => {
    const { headers } = await member('REDACTEUR');
    const base = { contenu: 'x', lien: link(7), categorieId: (await category()).id };
    const notOurs = await t.app.inject({
      method: 'POST',
      url: '/api/actualite',
      headers,
      payload: { ...base, titre: 'Ok', image: 'https://evil.example/a.png' },
    });
    expect(notOurs.statusCode).toBe(400);
    const html = await t.app.inject({
      method: 'POST',
      url: '/api/actualite',
      headers,
      payload: {
        ...base,
        titre: '<script>x</script>',
        image: '/uploads/news/00000000-0000-0000-0000-000000000000.webp',
      },
    });
    expect(html.statusCode).toBe(400);
    expect(
      await t.db.news.count({ where: { sourceUrl: 'https://x.com/AS_Monaco/status/7' } }),
    ).toBe(0);
  });

  it('lets the author and moderators edit and delete, nobody else', async () => {
    const author = await member('REDACTEUR');
    const created = (await publish(author.headers)).json() as { id: number };
    const cat = await category();
    const other = await member('REDACTEUR');
    const moderator = await member('MODERATEUR');
    const plain = await member('UTILISATEUR');
    const edit = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/actualite/${created.id}`,
        headers,
        payload: { titre: 'Modifié', contenu: 'Texte', categorieId: cat.id, imageObjectPosY: 50 },
      });
    const matrix: [Record<string, string>, number][] = [
      [{}, 401],
      [plain.headers, 403],
      [other.headers, 403],
      [author.headers, 200],
      [moderator.headers, 200],
    ];
    for (const [headers, status] of matrix) expect((await edit(headers)).statusCode).toBe(status);
    expect((await edit(author.headers)).json().message).toBe('Actualité mise à jour avec succès !');
    const badStep = await t.app.inject({
      method: 'PUT',
      url: `/api/actualite/${created.id}`,
      headers: author.headers,
      payload: { titre: 'x', contenu: 'y', categorieId: cat.id, imageObjectPosY: 12 },
    });
    expect(badStep.statusCode).toBe(400);
    const del = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/actualite/${created.id}`, headers });
    expect((await del(other.headers)).statusCode).toBe(403);
    expect((await del(other.headers)).json().message).toBe(
      "Vous n'êtes pas autorisé à effectuer cette action.",
    );
    const done = await del(moderator.headers);
    expect([done.statusCode, done.json().message]).toEqual([
      200,
      'Actualité supprimée avec succès !',
    ]);
    expect((await del(author.headers)).statusCode).toBe(404);
    // Each write that went through is in the audit log (refused attempts are not).
    const audit = await t.db.auditLog.findMany({
      where: { targetType: 'news', targetId: String(created.id) },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['news.create', author.user.id],
      ['news.update', author.user.id],
      ['news.update', moderator.user.id],
      ['news.update', author.user.id],
      ['news.delete', moderator.user.id],
    ]);
    // The journal names the item by its title at the time.
    expect(audit[0]?.targetLabel).toBe('Victoire');
    expect(audit.at(-1)).toMatchObject({
      targetLabel: 'Modifié',
      data: { authorId: author.user.id },
      ip: '127.0.0.1',
    });
  });

  it('deletes once when two deletes arrive at the same time: one 200, one 404, one journal row', async () => {
    const author = await member('REDACTEUR');
    const created = (await publish(author.headers)).json() as { id: number };
    const del = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/actualite/${created.id}`,
        headers: author.headers,
      });
    const answers = await Promise.all([del(), del(), del()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404]);
    const deletes = await t.db.auditLog.count({
      where: { targetType: 'news', targetId: String(created.id), action: 'news.delete' },
    });
    expect(deletes).toBe(1);
  });

  it('takes words containing "script" in a title and refuses the word itself, saying why', async () => {
    const author = await member('REDACTEUR');
    const created = (await publish(author.headers)).json() as { id: number };
    const cat = await category();
    const edit = (titre: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/actualite/${created.id}`,
        headers: author.headers,
        payload: { titre, contenu: 'Texte', categorieId: cat.id, imageObjectPosY: 10 },
      });
    for (const titre of [
      'Déplacement à Paris : les inscriptions sont ouvertes',
      'La description du match',
    ]) {
      const res = await edit(titre);
      expect([titre, res.statusCode]).toEqual([titre, 200]);
      expect((await t.db.news.findUniqueOrThrow({ where: { id: created.id } })).title).toBe(titre);
    }
    const refused = await edit('Le script du match');
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      {
        message: 'Le titre ne peut pas contenir « script ».',
        code: 'VALIDATION',
        errors: [{ path: 'titre', message: 'Le titre ne peut pas contenir « script ».' }],
      },
    ]);
    expect((await t.db.news.findUniqueOrThrow({ where: { id: created.id } })).title).toBe(
      'La description du match',
    );
    const tooLong = await edit('x'.repeat(201));
    expect(tooLong.json().message).toBe('Le titre ne peut pas dépasser 200 caractères.');
    await t.db.news.delete({ where: { id: created.id } });
  });

  it('tells the web whose item it is, and refuses another editor’s edit or deletion', async () => {
    const author = await member('REDACTEUR');
    const other = await member('REDACTEUR');
    const created = (await publish(author.headers)).json() as { id: number };
    const list = (await t.app.inject({ url: '/api/actualite' })).json() as {
      id: number;
      redacteur: unknown;
    }[];
    expect(list.find((n) => n.id === created.id)?.redacteur).toEqual({
      id: author.user.id,
      username: author.user.username,
    });
    const cat = await category();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/actualite/${created.id}`,
      headers: other.headers,
      payload: { titre: 'Détourné', contenu: 'Texte', categorieId: cat.id, imageObjectPosY: 10 },
    });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/actualite/${created.id}`,
      headers: other.headers,
    });
    for (const res of [edit, del])
      expect([res.statusCode, res.json().message]).toEqual([
        403,
        "Vous n'êtes pas autorisé à effectuer cette action.",
      ]);
    const row = await t.db.news.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.title).toBe('Victoire');
    await t.db.news.delete({ where: { id: created.id } });
  });

  it('journals publication and every edit, a moderator’s naming whose item it was', async () => {
    const author = await member('REDACTEUR');
    const moderator = await member('MODERATEUR');
    const created = (await publish(author.headers)).json() as { id: number };
    const match = await category();
    const club = await t.db.newsCategory.findFirstOrThrow({ where: { label: 'CLUB' } });
    const edit = async (headers: Record<string, string>, payload: object) =>
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/actualite/${created.id}`,
          headers,
          payload,
        })
      ).statusCode;
    const body = 'Un long récit du match, réécrit par la modération. '.repeat(60);
    expect(
      await edit(author.headers, {
        titre: 'Victoire à Louis-II',
        contenu: 'Victoire 2-0 !',
        categorieId: match.id,
        imageObjectPosY: 25,
      }),
    ).toBe(200);
    expect(
      await edit(moderator.headers, {
        titre: 'Victoire à Louis-II',
        contenu: body,
        categorieId: club.id,
        imageObjectPosY: 25,
      }),
    ).toBe(200);

    const items = await journalOf(created.id);
    expect(items).toMatchObject([
      {
        action: 'news.update',
        actor: { id: moderator.user.id, pseudo: moderator.user.username },
        targetType: 'news',
        targetId: String(created.id),
        data: {
          titre: 'Victoire à Louis-II',
          authorId: author.user.id,
          authorPseudo: author.user.username,
          changed: ['contenu', 'categorie'],
          before: { categorie: 'MATCH' },
          after: { categorie: 'CLUB' },
        },
      },
      {
        action: 'news.update',
        actor: { id: author.user.id },
        data: {
          authorId: author.user.id,
          changed: ['titre'],
          before: { titre: 'Victoire' },
          after: { titre: 'Victoire à Louis-II' },
        },
      },
      {
        action: 'news.create',
        actor: { id: author.user.id },
        data: { titre: 'Victoire', categorie: 'MATCH', lien: 'https://x.com/AS_Monaco/status/1' },
      },
    ]);
    // The body is named among the changes, never copied into the log.
    expect(JSON.stringify(items)).not.toContain('Un long récit');

    await t.app.inject({
      method: 'DELETE',
      url: `/api/actualite/${created.id}`,
      headers: moderator.headers,
    });
    expect((await journalOf(created.id))[0]).toMatchObject({
      action: 'news.delete',
      actor: { id: moderator.user.id },
      data: { titre: 'Victoire à Louis-II', authorPseudo: author.user.username },
    });
  });
});
