import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { Prisma } from '../../generated/prisma/client.js';

export function contactRepository(db: Db) {
  return {
    async create(message: Prisma.ContactMessageUncheckedCreateInput, tx?: Tx): Promise<number> {
      const row = await (tx ?? db).contactMessage.create({ data: message, select: { id: true } });
      return row.id;
    },
  };
}

export type ContactRepository = ReturnType<typeof contactRepository>;
