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
