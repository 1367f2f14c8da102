import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { EmailTokenPurpose, Prisma } from '../../generated/prisma/client.js';

export function emailTokensRepository(db: Db) {
  return {
    create: (
      data: {
        userId: number;
        purpose: EmailTokenPurpose;
        tokenHash: string;
        expiresAt: Date;
        payload?: Prisma.InputJsonValue;
      },
      tx?: Tx,
    ) => (tx ?? db).emailToken.create({ data }),

    findByHash: (tokenHash: string) => db.emailToken.findUnique({ where: { tokenHash } }),

    /** The newest unused link of that purpose still valid after `validAfter`, if any. */
    findLatestValid: (userId: number, purpose: EmailTokenPurpose, validAfter: Date, tx?: Tx) =>
      (tx ?? db).emailToken.findFirst({
        where: { userId, purpose, usedAt: null, expiresAt: { gt: validAfter } },
        orderBy: { id: 'desc' },
        select: { id: true, payload: true },
      }),

    /** Marks a token used only if it still is unused: true when this call won the race. */
    async markUsed(id: number, now: Date): Promise<boolean> {
      const { count } = await db.emailToken.updateMany({
        where: { id, usedAt: null },
        data: { usedAt: now },
      });
      return count === 1;
    },

    /** Marks every unused link of these purposes used, so none of them works any more. */
    retireUnused: (userId: number, purposes: EmailTokenPurpose[], now: Date, tx?: Tx) =>
      (tx ?? db).emailToken.updateMany({
        where: { userId, purpose: { in: purposes }, usedAt: null },
        data: { usedAt: now },
      }),
  };
}
export type EmailTokensRepository = ReturnType<typeof emailTokensRepository>;
/** What a link is for, and the data it carries: database types, named here for the service. */
export type { EmailTokenPurpose };
export type TokenPayload = Prisma.JsonValue;
export type TokenPayloadInput = Prisma.InputJsonValue;
