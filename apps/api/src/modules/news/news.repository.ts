import type { Db } from '../../db/client.js';

export function newsRepository(db: Db) {
  return {
    /** Every news item, newest first, with its category and its editor's pseudo. */
    list: () =>
      db.news.findMany({
        orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
        select: {
          id: true,
          titre: true,
          contenu: true,
          lien: true,
          image: true,
          imageObjectPosY: true,
          publishedAt: true,
          category: { select: { id: true, libelle: true } },
          author: { select: { pseudo: true, status: true } },
        },
      }),
    /** Contests whose end is still ahead, ending soonest first. */
    runningContests: (now: Date) =>
      db.contest.findMany({
        where: { dateFin: { gt: now } },
        orderBy: [{ dateFin: 'asc' }, { id: 'asc' }],
        select: { id: true, titre: true, dateFin: true, image: true, lienInsta: true, lienX: true },
      }),
  };
}

export type NewsRepository = ReturnType<typeof newsRepository>;

export function newsWriteRepository(db: Db) {
  return {
    sourceExists: async (sourceUrl: string) => (await db.news.count({ where: { sourceUrl } })) > 0,
    category: (id: number) => db.newsCategory.findUnique({ where: { id } }),
    authorOf: async (id: number) =>
      (await db.news.findUnique({ where: { id }, select: { authorId: true } }))?.authorId ?? null,
    create: (data: {
      titre: string;
      contenu: string;
      image: string;
      lien: string;
      sourceUrl: string;
      categoryId: number;
      imageObjectPosY: number;
      authorId: number;
    }) => db.news.create({ data, select: { id: true } }),
    update: (
      id: number,
      data: { titre: string; contenu: string; categoryId: number; imageObjectPosY: number },
    ) => db.news.update({ where: { id }, data, select: { id: true } }),
    remove: (id: number) => db.news.delete({ where: { id }, select: { image: true } }),
  };
}

export type NewsWriteRepository = ReturnType<typeof newsWriteRepository>;

export function contestsRepository(db: Db) {
  type Data = {
    titre: string;
    dateFin: Date;
    image: string;
    lienInsta: string | null;
    lienX: string | null;
  };
  return {
    exists: async (id: number) => (await db.contest.count({ where: { id } })) > 0,
    create: (data: Data) => db.contest.create({ data, select: { id: true } }),
    update: (id: number, data: Data) =>
      db.contest.update({ where: { id }, data, select: { id: true } }),
    remove: (id: number) => db.contest.delete({ where: { id }, select: { id: true } }),
  };
}

export type ContestsRepository = ReturnType<typeof contestsRepository>;
