import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { auditChanges, writeAudit, type Actor } from '../../db/audit.js';

/**
 * Who writes a news item or a contest. Every staff write here stores its audit row in its own
 * transaction (the administration's writer), so no change goes unjournaled.
 */
export type StaffActor = Actor;

/** Locks the row so the audit row's "before" is the version this edit replaces. */
const lockRow = (tx: Tx, table: 'news' | 'contests', id: number) =>
  table === 'news'
    ? tx.$queryRaw`SELECT id FROM news WHERE id = ${id} FOR UPDATE`
    : tx.$queryRaw`SELECT id FROM contests WHERE id = ${id} FOR UPDATE`;

export function newsRepository(db: Db) {
  return {
    /** Every news item, newest first, with its category and its editor's pseudo. */
    list: () =>
      db.news.findMany({
        orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
        select: {
          id: true,
          title: true,
          content: true,
          link: true,
          image: true,
          imageObjectPosY: true,
          publishedAt: true,
          category: { select: { id: true, label: true } },
          author: { select: { id: true, username: true, status: true } },
        },
      }),
    /** Contests whose end is still ahead, ending soonest first. */
    runningContests: (now: Date) =>
      db.contest.findMany({
        where: { endsAt: { gt: now } },
        orderBy: [{ endsAt: 'asc' }, { id: 'asc' }],
        select: {
          id: true,
          title: true,
          endsAt: true,
          image: true,
          instagramLink: true,
          xLink: true,
        },
      }),
  };
}

export type NewsRepository = ReturnType<typeof newsRepository>;

const newsEditSelect = {
  title: true,
  content: true,
  imageObjectPosY: true,
  category: { select: { label: true } },
  authorId: true,
  author: { select: { username: true } },
} satisfies Prisma.NewsSelect;

type NewsEditRow = Prisma.NewsGetPayload<{ select: typeof newsEditSelect }>;

/** The journaled fields of a news item (its category by name). */
const newsFields = (n: NewsEditRow) => ({
  titre: n.title,
  contenu: n.content,
  categorie: n.category.label,
  imageObjectPosY: n.imageObjectPosY,
});

/** Whose item it is, so a moderator's edit or deletion says whose work they changed. */
const authorOf = (n: NewsEditRow) => ({ authorId: n.authorId, authorPseudo: n.author.username });

export function newsWriteRepository(db: Db) {
  return {
    sourceExists: async (sourceUrl: string) => (await db.news.count({ where: { sourceUrl } })) > 0,
    category: (id: number) => db.newsCategory.findUnique({ where: { id } }),
    authorOf: async (id: number) =>
      (await db.news.findUnique({ where: { id }, select: { authorId: true } }))?.authorId ?? null,
    /** Publishes the item and writes its audit row, in one transaction. */
    create: (
      data: {
        title: string;
        content: string;
        image: string;
        link: string;
        sourceUrl: string;
        categoryId: number;
        imageObjectPosY: number;
        authorId: number;
      },
      by: StaffActor,
    ) =>
      db.$transaction(async (tx) => {
        const created = await tx.news.create({
          data,
          select: { id: true, category: { select: { label: true } } },
        });
        await writeAudit(
          tx,
          by,
          'news.create',
          { type: 'news', id: created.id, label: data.title },
          { titre: data.title, categorie: created.category.label, lien: data.link },
        );
        return { id: created.id };
      }),
    /**
     * Edits the item and writes its audit row (changed fields, the body named but not copied),
     * in one transaction; null when the item is gone.
     */
    update: (
      id: number,
      data: { title: string; content: string; categoryId: number; imageObjectPosY: number },
      by: StaffActor,
    ) =>
      db.$transaction(async (tx) => {
        await lockRow(tx, 'news', id);
        const before = await tx.news.findUnique({ where: { id }, select: newsEditSelect });
        if (!before) return null;
        const after = await tx.news.update({ where: { id }, data, select: newsEditSelect });
        await writeAudit(
          tx,
          by,
          'news.update',
          { type: 'news', id, label: after.title },
          {
            titre: after.title,
            ...authorOf(before),
            ...auditChanges(newsFields(before), newsFields(after), ['contenu']),
          },
        );
        return { id };
      }),
    /**
     * Deletes the item and writes its audit row, in one transaction; null when it was already
     * gone. The row count decides, not a read before: two deletes at once both read the item,
     * and only the one whose DELETE removed the row may report and journal it.
     */
    remove: (id: number, by: StaffActor) =>
      db.$transaction(async (tx) => {
        const gone = await tx.news.findUnique({
          where: { id },
          select: { image: true, ...newsEditSelect },
        });
        if (!gone || (await tx.news.deleteMany({ where: { id } })).count === 0) return null;
        await writeAudit(
          tx,
          by,
          'news.delete',
          { type: 'news', id, label: gone.title },
          { titre: gone.title, ...authorOf(gone) },
        );
        return gone;
      }),
  };
}

export type NewsWriteRepository = ReturnType<typeof newsWriteRepository>;

export function contestsRepository(db: Db) {
  type Data = {
    title: string;
    endsAt: Date;
    image: string;
    instagramLink: string | null;
    xLink: string | null;
  };
  /** The journaled fields of a contest: all of them, each short. */
  const fields = {
    title: true,
    endsAt: true,
    image: true,
    instagramLink: true,
    xLink: true,
  } as const;
  /** The audit rows name them as the wire does. */
  const journaled = (c: Data) => ({
    titre: c.title,
    dateFin: c.endsAt,
    image: c.image,
    lienInsta: c.instagramLink,
    lienX: c.xLink,
  });
  /** The journal names a contest by its title at the time. */
  const target = (id: number, title: string) => ({ type: 'contest', id, label: title });
  return {
    exists: async (id: number) => (await db.contest.count({ where: { id } })) > 0,
    /** Creates the contest and writes its audit row, in one transaction. */
    create: (data: Data, by: StaffActor) =>
      db.$transaction(async (tx) => {
        const { id } = await tx.contest.create({ data, select: { id: true } });
        await writeAudit(tx, by, 'contest.create', target(id, data.title), {
          titre: data.title,
          dateFin: data.endsAt.toISOString(),
          lienInsta: data.instagramLink,
          lienX: data.xLink,
        });
        return { id };
      }),
    /** Edits the contest and writes its audit row, in one transaction; null when it is gone. */
    update: (id: number, data: Data, by: StaffActor) =>
      db.$transaction(async (tx) => {
        await lockRow(tx, 'contests', id);
        const before = await tx.contest.findUnique({ where: { id }, select: fields });
        if (!before) return null;
        const after = await tx.contest.update({ where: { id }, data, select: fields });
        await writeAudit(tx, by, 'contest.update', target(id, after.title), {
          titre: after.title,
          ...auditChanges(journaled(before), journaled(after)),
        });
        return { id, replacedImage: before.image !== after.image ? before.image : null };
      }),
    /**
     * Deletes the contest and writes its audit row; returns its visual's path, or null when it
     * was already gone (as news).
     */
    remove: (id: number, by: StaffActor) =>
      db.$transaction(async (tx) => {
        const gone = await tx.contest.findUnique({
          where: { id },
          select: { title: true, image: true },
        });
        if (!gone || (await tx.contest.deleteMany({ where: { id } })).count === 0) return null;
        await writeAudit(tx, by, 'contest.delete', target(id, gone.title), {
          titre: gone.title,
        });
        return { image: gone.image };
      }),
    /** Whether a contest still shows this visual (two contests may share one). */
    imageInUse: async (image: string) => (await db.contest.count({ where: { image } })) > 0,
  };
}

export type ContestsRepository = ReturnType<typeof contestsRepository>;

/** What the uploads sweep asks: which stored images a news item or a contest still shows. */
export function storedImagesRepository(db: Db) {
  return {
    /** The paths among `paths` that a news item or a contest shows. */
    inUse: async (paths: string[]): Promise<Set<string>> => {
      if (paths.length === 0) return new Set();
      const where = { image: { in: paths } };
      const [news, contests] = await Promise.all([
        db.news.findMany({ where, select: { image: true } }),
        db.contest.findMany({ where, select: { image: true } }),
      ]);
      return new Set([...news, ...contests].map((row) => row.image));
    },
  };
}

export type StoredImagesRepository = ReturnType<typeof storedImagesRepository>;
