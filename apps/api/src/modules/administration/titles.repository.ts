import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { Prisma } from '../../generated/prisma/client.js';

const withHolders = {
  id: true,
  label: true,
  color: true,
  importance: true,
  _count: { select: { holders: true } },
} satisfies Prisma.TitleSelect;
export type TitleRow = Prisma.TitleGetPayload<{ select: typeof withHolders }>;
export interface TitleFields {
  label: string;
  color: string;
  importance: number;
}

export function titlesRepository(db: Db) {
  return {
    list: () =>
      db.title.findMany({
        orderBy: [{ importance: 'desc' }, { label: 'asc' }],
        select: withHolders,
      }),
    byId: (id: number, tx: Db | Tx = db) =>
      tx.title.findUnique({ where: { id }, select: withHolders }),
    /** Another title with this label, whatever its case. */
    sameLabel: (label: string, exceptId: number | null, tx: Db | Tx = db) =>
      tx.title.findFirst({
        where: {
          label: { equals: label, mode: 'insensitive' },
          ...(exceptId === null ? {} : { id: { not: exceptId } }),
        },
        select: { id: true },
      }),
    create: (tx: Tx, data: TitleFields) => tx.title.create({ data, select: withHolders }),
    update: (tx: Tx, id: number, data: TitleFields) =>
      tx.title.update({ where: { id }, data, select: withHolders }),
    /** Holders lose it with it (user_titles cascade). */
    delete: (tx: Tx, id: number) => tx.title.delete({ where: { id } }),
  };
}

export type TitlesRepository = ReturnType<typeof titlesRepository>;
