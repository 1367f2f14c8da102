import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { Prisma, Role } from '../../generated/prisma/client.js';
import { likeLiteral } from '../../db/like.js';

const summary = { id: true, username: true, email: true, role: true, status: true } as const;
const detail = {
  ...summary,
  position: true,
  createdAt: true,
  titles: {
    orderBy: [{ title: { importance: 'desc' } }, { title: { label: 'asc' } }],
    select: { title: { select: { id: true, label: true, color: true, importance: true } } },
  },
} satisfies Prisma.UserSelect;
export type MemberRow = Prisma.UserGetPayload<{ select: typeof detail }>;

export function membersRepository(db: Db) {
  return {
    /** Pseudo or e-mail containing `q` (any case); anonymised accounts are left out. */
    search: (q: string, limit: number) =>
      db.user.findMany({
        where: {
          status: { not: 'DELETED' },
          OR: [
            { username: { contains: likeLiteral(q), mode: 'insensitive' } },
            { email: { contains: likeLiteral(q), mode: 'insensitive' } },
          ],
        },
        orderBy: { usernameKey: 'asc' },
        take: limit,
        select: summary,
      }),
    detail: (id: number, tx: Db | Tx = db) =>
      tx.user.findFirst({ where: { id, status: { not: 'DELETED' } }, select: detail }),

    /**
     * Locks the rows of every active administrator, in id order (so two changes never wait on
     * each other in opposite orders). A concurrent demotion waits here; once it commits, the
     * demoted row no longer matches and is left out of the answer (READ COMMITTED re-checks
     * the condition on the new row version), so the count is the one the write relies on.
     */
    lockActiveAdmins: async (tx: Tx) =>
      (
        await tx.$queryRaw<{ id: number }[]>`
          SELECT id FROM users WHERE role = 'ADMIN' AND status = 'ACTIVE' ORDER BY id FOR UPDATE`
      ).map((r) => r.id),
    /** Locks one member's row and reads its role (null if unknown or anonymised). */
    lockMember: async (tx: Tx, id: number) => {
      const rows = await tx.$queryRaw<{ id: number; role: Role }[]>`
        SELECT id, role::text AS role FROM users
        WHERE id = ${id} AND status <> 'DELETED' FOR UPDATE`;
      return rows[0] ?? null;
    },
    setRole: (tx: Tx, id: number, role: Role) => tx.user.update({ where: { id }, data: { role } }),
    setPosition: (tx: Tx, id: number, position: string | null) =>
      tx.user.update({ where: { id }, data: { position } }),
    title: (id: number, tx: Db | Tx = db) =>
      tx.title.findUnique({ where: { id }, select: { id: true, label: true } }),
    grantTitle: (tx: Tx, userId: number, titleId: number) =>
      tx.userTitle.create({ data: { userId, titleId } }),
    removeTitle: async (tx: Tx, userId: number, titleId: number) =>
      (await tx.userTitle.deleteMany({ where: { userId, titleId } })).count,
  };
}

export type MembersRepository = ReturnType<typeof membersRepository>;
