import type { Db } from '../../db/client.js';

/** Who deletes a news item or a contest, for the audit log. */
export interface DeletionActor {
  id: number;
  ip: string;
}

const auditOf = (by: DeletionActor, action: string, targetType: string, id: number) => ({
  actorId: by.id,
  ip: by.ip,
  action,
  targetType,
  targetId: String(id),
});

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
    /** Deletes the item and writes its audit row, in one transaction. */
    remove: (id: number, by: DeletionActor) =>
      db.$transaction(async (tx) => {
        const gone = await tx.news.delete({
          where: { id },
          select: { image: true, titre: true, authorId: true },
        });
        await tx.auditLog.create({
          data: {
            ...auditOf(by, 'news.delete', 'news', id),
            data: { titre: gone.titre, authorId: gone.authorId },
          },
        });
        return gone;
      }),
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
    /** Deletes the contest and writes its audit row, in one transaction. */
    remove: (id: number, by: DeletionActor) =>
      db.$transaction(async (tx) => {
        const gone = await tx.contest.delete({ where: { id }, select: { titre: true } });
        await tx.auditLog.create({
          data: { ...auditOf(by, 'contest.delete', 'contest', id), data: { titre: gone.titre } },
        });
      }),
  };
}

export type ContestsRepository = ReturnType<typeof contestsRepository>;
