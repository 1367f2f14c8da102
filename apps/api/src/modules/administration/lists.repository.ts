import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { ReasonKind } from '../../generated/prisma/client.js';

/**
 * Antennas, news categories and reasons. A row is locked (FOR UPDATE) before its uses are
 * counted for a deletion: a member joining an antenna, a news item filed under a category or
 * a report naming a reason takes a key-share lock on it (foreign key check), so none can slip
 * in between the count and the delete.
 */
export function listsRepository(db: Db) {
  const antennaUses = { _count: { select: { members: true, presences: true } } } as const;
  return {
    antennas: () =>
      db.antenna.findMany({
        orderBy: [{ category: 'asc' }, { name: 'asc' }],
        select: { id: true, name: true, category: true, ...antennaUses },
      }),
    antenna: (id: number, tx: Db | Tx = db) =>
      tx.antenna.findUnique({
        where: { id },
        select: { id: true, name: true, category: true, ...antennaUses },
      }),
    antennaNamed: (name: string, tx: Db | Tx = db) =>
      tx.antenna.findFirst({
        where: { name: { equals: name, mode: 'insensitive' } },
        select: { id: true },
      }),
    createAntenna: (tx: Tx, data: { name: string; category: string }) =>
      tx.antenna.create({ data, select: { id: true } }),
    updateAntenna: (tx: Tx, id: number, data: { name: string; category: string }) =>
      tx.antenna.update({ where: { id }, data }),
    lockAntenna: (tx: Tx, id: number) =>
      tx.$queryRaw<{ id: number }[]>`SELECT id FROM antennas WHERE id = ${id} FOR UPDATE`,
    deleteAntenna: (tx: Tx, id: number) => tx.antenna.delete({ where: { id } }),

    categories: () =>
      db.newsCategory.findMany({
        orderBy: { id: 'asc' },
        select: { id: true, label: true, _count: { select: { news: true } } },
      }),
    category: (id: number, tx: Db | Tx = db) =>
      tx.newsCategory.findUnique({
        where: { id },
        select: { id: true, label: true, _count: { select: { news: true } } },
      }),
    categoryNamed: (label: string, tx: Db | Tx = db) =>
      tx.newsCategory.findFirst({
        where: { label: { equals: label, mode: 'insensitive' } },
        select: { id: true },
      }),
    createCategory: (tx: Tx, label: string) =>
      tx.newsCategory.create({ data: { label }, select: { id: true } }),
    renameCategory: (tx: Tx, id: number, label: string) =>
      tx.newsCategory.update({ where: { id }, data: { label } }),
    lockCategory: (tx: Tx, id: number) =>
      tx.$queryRaw<{ id: number }[]>`SELECT id FROM news_categories WHERE id = ${id} FOR UPDATE`,
    deleteCategory: (tx: Tx, id: number) => tx.newsCategory.delete({ where: { id } }),
  };
}

export type ListsRepository = ReturnType<typeof listsRepository>;

const reasonSelect = {
  id: true,
  kind: true,
  section: true,
  label: true,
  position: true,
  _count: { select: { statusChanges: true, reports: true } },
} as const;

/** The application's own reason (kind SYSTEME) is in no list an administrator edits. */
const EDITABLE = { kind: { not: 'SYSTEME' } } as const;

export function reasonsRepository(db: Db) {
  return {
    all: () =>
      db.reason.findMany({
        where: EDITABLE,
        orderBy: [{ kind: 'asc' }, { section: 'asc' }, { position: 'asc' }, { id: 'asc' }],
        select: reasonSelect,
      }),
    byId: (id: number, tx: Db | Tx = db) =>
      tx.reason.findFirst({ where: { id, ...EDITABLE }, select: reasonSelect }),
    /** Locks one list's rows (so two reorders or additions are applied one after the other). */
    lockList: (tx: Tx, kind: ReasonKind, section: string) =>
      tx.$queryRaw<{ id: number; label: string; position: number }[]>`
        SELECT id, label, position FROM reasons
        WHERE kind = ${kind}::"ReasonKind" AND section = ${section}
        ORDER BY position, id FOR UPDATE`,
    list: (tx: Tx, kind: ReasonKind, section: string) =>
      tx.reason.findMany({
        where: { kind, section },
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
        select: reasonSelect,
      }),
    create: (
      tx: Tx,
      data: { kind: ReasonKind; section: string; label: string; position: number },
    ) => tx.reason.create({ data, select: reasonSelect }),
    rename: (tx: Tx, id: number, label: string) =>
      tx.reason.update({ where: { id }, data: { label }, select: reasonSelect }),
    setPosition: (tx: Tx, id: number, position: number) =>
      tx.reason.update({ where: { id }, data: { position } }),
    lock: (tx: Tx, id: number) =>
      tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM reasons WHERE id = ${id} AND kind <> 'SYSTEME' FOR UPDATE`,
    delete: (tx: Tx, id: number) => tx.reason.delete({ where: { id } }),
  };
}

export type ReasonsRepository = ReturnType<typeof reasonsRepository>;
export type ReasonRow = NonNullable<Awaited<ReturnType<ReasonsRepository['byId']>>>;
