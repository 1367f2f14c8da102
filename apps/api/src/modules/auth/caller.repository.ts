import type { Db } from '../../db/client.js';

/** The lookups the auth plugin makes per authenticated request (both indexed). */
export function callerRepository(db: Db) {
  return {
    findById: (id: number) =>
      db.user.findUnique({ where: { id }, select: { id: true, role: true, status: true } }),

    /**
     * True while the login the token came from is live: one of its session rows is neither
     * revoked (logout, password change, reuse detection, suspension, deletion) nor expired. A
     * revoked login's access tokens stop working at once instead of living out their 15
     * minutes, and a token naming no known login is refused.
     */
    async isSessionLive(familyId: string, now: Date): Promise<boolean> {
      const live = await db.session.findFirst({
        where: { familyId, revokedAt: null, expiresAt: { gt: now } },
        select: { id: true },
      });
      return live !== null;
    },

    /** The logins among `familyIds` that are live and belong to an ACTIVE account. */
    async liveFamilies(familyIds: string[], now: Date): Promise<Set<string>> {
      if (familyIds.length === 0) return new Set();
      const rows = await db.session.findMany({
        where: {
          familyId: { in: familyIds },
          revokedAt: null,
          expiresAt: { gt: now },
          user: { status: 'ACTIVE' },
        },
        select: { familyId: true },
        distinct: ['familyId'],
      });
      return new Set(rows.map((r) => r.familyId));
    },
  };
}
export type CallerRepository = ReturnType<typeof callerRepository>;
