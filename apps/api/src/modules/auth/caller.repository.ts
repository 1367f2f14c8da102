import type { Db } from '../../db/client.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The lookups the auth plugin makes per authenticated request (both indexed). */
export function callerRepository(db: Db) {
  return {
    findById: (id: number) =>
      db.user.findUnique({ where: { id }, select: { id: true, role: true, status: true } }),

    /**
     * True when the login the token came from was signed out or revoked (logout, password
     * change, reuse detection, deletion): its access tokens stop working at once instead of
     * living out their 15 minutes.
     */
    async isSessionRevoked(familyId: string): Promise<boolean> {
      // Tokens always carry a family uuid; anything else cannot match a session row.
      if (!UUID.test(familyId)) return false;
      const revoked = await db.session.findFirst({
        where: { familyId, revokedAt: { not: null } },
        select: { id: true },
      });
      return revoked !== null;
    },
  };
}
export type CallerRepository = ReturnType<typeof callerRepository>;
