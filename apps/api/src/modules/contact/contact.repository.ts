import type { ContactRequest } from '@munegu/shared';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

export function contactRepository(db: Db) {
  return {
    async create(
      message: ContactRequest & { ip: string | null; userId: number | null },
      tx?: Tx,
    ): Promise<number> {
      const row = await (tx ?? db).contactMessage.create({ data: message, select: { id: true } });
      return row.id;
    },
  };
}

export type ContactRepository = ReturnType<typeof contactRepository>;
