import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { Prisma } from '../../generated/prisma/client.js';

/** Everything a profile shows, in one query (antennas and titles joined). */
const profileSelect = {
  id: true,
  username: true,
  firstName: true,
  lastName: true,
  email: true,
  department: true,
  role: true,
  status: true,
  avatarFile: true,
  avatarVersion: true,
  position: true,
  description: true,
  xUsername: true,
  instaUsername: true,
  carpoolRating: true,
  predictionPoints: true,
  predictionRank: true,
  createdAt: true,
  /** Told to staff (publicProfile) and to the member themselves (ownProfile), to no one else. */
  silencedUntil: true,
  silenceReason: true,
  antennas: {
    orderBy: [{ createdAt: 'asc' }, { antennaId: 'asc' }],
    select: { antenna: { select: { id: true, name: true, category: true, url: true } } },
  },
  titles: {
    orderBy: { title: { importance: 'desc' } },
    select: { title: { select: { label: true, color: true, importance: true } } },
  },
} satisfies Prisma.UserSelect;

export type ProfileRow = Prisma.UserGetPayload<{ select: typeof profileSelect }>;

export interface ProfileChanges {
  description?: string | null;
  xUsername?: string | null;
  instaUsername?: string | null;
}

/** `%`, `_` and `\` are LIKE wildcards; pseudos contain `_`, so they must match literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function profilesRepository(db: Db) {
  return {
    findProfileById: (id: number) => db.user.findUnique({ where: { id }, select: profileSelect }),

    /** pseudoKey is the lower-cased pseudo with a unique index: an exact, indexed lookup. */
    findProfileByUsernameKey: (usernameKey: string) =>
      db.user.findUnique({ where: { usernameKey }, select: profileSelect }),

    /** Members with a leaderboard rank: the count triggers keep in ranked_members (schema.prisma). */
    countRanked: async () =>
      (await db.rankedMembers.findUnique({ where: { id: true } }))?.count ?? 0,

    findPersonal: (id: number) =>
      db.user.findUnique({
        where: { id },
        select: {
          username: true,
          lastName: true,
          firstName: true,
          birthDate: true,
          email: true,
          department: true,
          appMailOptIn: true,
          promoMailOptIn: true,
        },
      }),

    departmentName: async (code: string) =>
      (await db.department.findUnique({ where: { code }, select: { name: true } }))?.name ?? null,

    findDepartement: (id: number) =>
      db.user.findUnique({ where: { id }, select: { department: true } }),

    countAntennas: (ids: number[]) => db.antenna.count({ where: { id: { in: ids } } }),

    /** Profile fields and, when given, the whole antenna membership, in one transaction. */
    async updateProfile(id: number, changes: ProfileChanges, antennaIds?: number[], tx?: Tx) {
      const run = async (client: Tx) => {
        await client.user.update({ where: { id }, data: changes });
        if (antennaIds) {
          await client.userAntenna.deleteMany({ where: { userId: id } });
          // The joins' createdAt carries the order the member chose (profileSelect sorts by it):
          // set a millisecond apart, since rows inserted one after the other can share one.
          const at = Date.now();
          await client.userAntenna.createMany({
            data: antennaIds.map((antennaId, i) => ({
              userId: id,
              antennaId,
              createdAt: new Date(at + i),
            })),
          });
        }
      };
      if (tx) return run(tx);
      await db.$transaction(run);
    },

    /**
     * Sets (or clears) the avatar and bumps its version in one statement, returning the file it
     * replaces. The row is locked while read, so two concurrent uploads each get the file the
     * other one replaced and no file is left orphaned.
     */
    async replaceAvatar(
      id: number,
      file: string | null,
    ): Promise<{ previous: string | null; version: number } | null> {
      const rows = await db.$queryRaw<{ previous: string | null; version: number }[]>`
        UPDATE users AS u
           SET avatar_file = ${file}, avatar_version = u.avatar_version + 1, updated_at = now()
          FROM (SELECT id, avatar_file FROM users WHERE id = ${id} FOR UPDATE) AS old
         WHERE u.id = old.id
        RETURNING old.avatar_file AS previous, u.avatar_version AS version`;
      return rows[0] ?? null;
    },

    /** True when a member who is not deleted currently uses this avatar file. */
    avatarInUse: async (file: string) =>
      (await db.user.count({ where: { avatarFile: file, status: { not: 'DELETED' } } })) > 0,

    /**
     * Active members whose pseudo contains `text` (case-insensitive through pseudoKey),
     * prefix matches first. A sequential scan of pseudo_key: fine for an association's members
     * (thousands of rows); a pg_trgm GIN index would only pay off far beyond that.
     */
    search: (text: string, excludeId: number, limit: number) => {
      const key = escapeLike(text.toLowerCase());
      return db.$queryRaw<
        { id: number; username: string; avatarFile: string | null; avatarVersion: number }[]
      >`
        SELECT id, pseudo AS username, avatar_file AS "avatarFile", avatar_version AS "avatarVersion"
          FROM users
         WHERE status = 'ACTIVE' AND id <> ${excludeId}
           AND pseudo_key LIKE '%' || ${key} || '%' ESCAPE '\\'
         ORDER BY (pseudo_key LIKE ${key} || '%' ESCAPE '\\') DESC, pseudo_key
         LIMIT ${limit}`;
    },
  };
}

export type ProfilesRepository = ReturnType<typeof profilesRepository>;
