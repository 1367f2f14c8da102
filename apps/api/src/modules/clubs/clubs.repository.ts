import { writeAuditRow, type AuditRow } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { byFrenchName } from '../../lib/french-order.js';

export function clubsRepository(db: Db) {
  return {
    byId: (id: number) => db.club.findUnique({ where: { id } }),
    all: async () => (await db.club.findMany()).sort(byFrenchName),
    byName: (nom: string) =>
      db.club.findFirst({ where: { name: { equals: nom, mode: 'insensitive' } } }),
    slugTaken: async (slug: string) => (await db.club.count({ where: { slug } })) > 0,
    /** Creates or updates a club and writes the operator's audit row in one transaction. */
    create: (data: Prisma.ClubCreateInput, audit: Omit<AuditRow, 'targetId'>) =>
      db.$transaction(async (tx) => {
        const club = await tx.club.create({ data });
        await writeAuditRow(tx, { ...audit, targetId: String(club.id) });
        return club;
      }),
    update: (id: number, data: Prisma.ClubUpdateInput, audit: Omit<AuditRow, 'targetId'>) =>
      db.$transaction(async (tx) => {
        const club = await tx.club.update({ where: { id }, data });
        await writeAuditRow(tx, { ...audit, targetId: String(id) });
        return club;
      }),
  };
}

export type ClubsRepository = ReturnType<typeof clubsRepository>;
/** A club as stored (the services map it to the wire's shape). */
export type ClubRow = NonNullable<Awaited<ReturnType<ClubsRepository['byId']>>>;
