import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { createUser } from '../../../test/helpers/factories.js';

const t = useTestApp();
const autre = () => t.db.newsCategory.findFirstOrThrow({ where: { label: 'AUTRE' } });

describe('GET /api/actualite', () => {
  it('lists the news newest first with category, editor and a French date', async () => {
    const editor = await createUser(t.db, { username: `Redac${Date.now() % 100000}` });
    const category = await autre();
    const older = await t.db.news.create({
      data: {
        title: 'Victoire à Nice',
        content: '<b>pas du HTML</b> : un texte',
        image: '/uploads/news/a.webp',
        categoryId: category.id,
        authorId: editor.id,
        publishedAt: new Date('2026-11-20T19:30:00Z'),
      },
    });
    const newer = await t.db.news.create({
      data: {
        title: 'Convocation',
        content: 'Le groupe pour dimanche',
        link: 'https://x.com/AS_Monaco/status/1',
        image: '/uploads/news/b.webp',
        imageObjectPosY: 35,
        categoryId: category.id,
        authorId: editor.id,
        publishedAt: new Date('2026-11-22T23:30:00Z'),
      },
    });
    const res = await t.app.inject({ url: '/api/actualite' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number }[];
    const mine = list.filter((n) => n.id === older.id || n.id === newer.id);
    expect(mine).toEqual([
      {
        id: newer.id,
        titre: 'Convocation',
        contenu: 'Le groupe pour dimanche',
        lien: 'https://x.com/AS_Monaco/status/1',
        image: '/uploads/news/b.webp',
        imageObjectPosY: 35,
        date: '2026-11-22T23:30:00.000Z',
        // Paris is an hour ahead in November: already Monday there.
        formattedDate: 'lundi 23 novembre 2026',
        categorie: { id: category.id, libelle: 'AUTRE' },
        redacteur: { id: editor.id, username: editor.username },
      },
      expect.objectContaining({
        id: older.id,
        contenu: '<b>pas du HTML</b> : un texte',
        lien: null,
        imageObjectPosY: 10,
      }),
    ]);
  });

  it('hides the profile link of an editor whose account was deleted', async () => {
    const gone = await createUser(t.db, { status: 'DELETED' });
    const item = await t.db.news.create({
      data: {
        title: 'Ancien',
        content: 'x',
        image: '/i.webp',
        categoryId: (await autre()).id,
        authorId: gone.id,
      },
    });
    const list = (await t.app.inject({ url: '/api/actualite' })).json() as {
      id: number;
      redacteur: unknown;
    }[];
    expect(list.find((n) => n.id === item.id)?.redacteur).toBeNull();
  });
});

describe('GET /api/concours', () => {
  it('lists only running contests, ending soonest first', async () => {
    const now = t.clock.now().getTime();
    const ended = await t.db.contest.create({
      data: {
        title: 'Fini',
        endsAt: new Date(now - 60_000),
        image: '/a.webp',
        xLink: 'https://x.com/a',
      },
    });
    const later = await t.db.contest.create({
      data: {
        title: 'Plus tard',
        endsAt: new Date(now + 7 * 86_400_000),
        image: '/b.webp',
        instagramLink: 'https://instagram.com/b',
      },
    });
    const soon = await t.db.contest.create({
      data: {
        title: 'Bientôt fini',
        endsAt: new Date(now + 3_600_000),
        image: '/c.webp',
        xLink: 'https://x.com/c',
      },
    });
    const list = (await t.app.inject({ url: '/api/concours' })).json() as { id: number }[];
    const ids = list.map((c) => c.id);
    expect(ids).not.toContain(ended.id);
    expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(later.id));
    expect(list.find((c) => c.id === later.id)).toEqual({
      id: later.id,
      titre: 'Plus tard',
      dateFin: new Date(now + 7 * 86_400_000).toISOString(),
      image: '/b.webp',
      lienInsta: 'https://instagram.com/b',
      lienX: null,
    });
  });
});
