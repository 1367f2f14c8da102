import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

export interface NewSession {
  familyId: string;
  userId: number;
  tokenHash: string;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/** Sessions (rotating refresh cookies), login throttles and the account lookups of a login. */
export function authRepository(db: Db) {
  return {
    findUserByEmail: (email: string) =>
      db.user.findUnique({
        where: { email },
        select: { id: true, role: true, status: true, passwordHash: true },
      }),

    /** A login or a refresh is activity: it also cancels a pending inactivity warning. */
    touchActivity: (userId: number, now: Date) =>
      db.user.update({
        where: { id: userId },
        data: { lastActivityAt: now, inactivityWarnedAt: null },
        select: { id: true },
      }),

    createSession: (data: NewSession, tx?: Tx) =>
      (tx ?? db).session.create({ data, select: { id: true } }),

    findSessionByHash: (tokenHash: string) =>
      db.session.findUnique({
        where: { tokenHash },
        include: { user: { select: { id: true, role: true, status: true } } },
      }),

    /**
     * Rotation: marks `oldId` rotated only if nobody did it first (conditional UPDATE), then
     * creates its successor, in one transaction. false = another request won the race.
     */
    rotate: (oldId: string, successor: NewSession, now: Date) =>
      db.$transaction(async (tx) => {
        const { count } = await tx.session.updateMany({
          where: { id: oldId, rotatedAt: null, revokedAt: null },
          data: { rotatedAt: now },
        });
        if (count !== 1) return false;
        await tx.session.create({ data: successor });
        return true;
      }),

    revokeFamily: (familyId: string, now: Date, reason: string) =>
      db.session.updateMany({
        where: { familyId, revokedAt: null },
        data: { revokedAt: now, revokedReason: reason },
      }),

    /** Every live session of a user, except the family `keepFamilyId` when given. */
    revokeUserSessions: (
      userId: number,
      now: Date,
      reason: string,
      keepFamilyId?: string,
      tx?: Tx,
    ) =>
      (tx ?? db).session.updateMany({
        where: {
          userId,
          revokedAt: null,
          ...(keepFamilyId ? { familyId: { not: keepFamilyId } } : {}),
        },
        data: { revokedAt: now, revokedReason: reason },
      }),

    // ── Throttles ──

    findLocks: (keys: string[], now: Date) =>
      db.authThrottle.findMany({
        where: { key: { in: keys }, lockedUntil: { gt: now } },
        select: { lockedUntil: true },
      }),

    /**
     * Counts one failure atomically (upsert): a window older than `windowStart` starts over.
     * Returns the failures of the current window.
     */
    async recordFailure(key: string, now: Date, windowStart: Date): Promise<number> {
      const rows = await db.$queryRaw<{ failures: number }[]>`
        INSERT INTO auth_throttles (key, failures, window_started_at)
        VALUES (${key}, 1, ${now})
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN auth_throttles.window_started_at < ${windowStart}
            THEN 1 ELSE auth_throttles.failures + 1 END,
          window_started_at = CASE WHEN auth_throttles.window_started_at < ${windowStart}
            THEN ${now} ELSE auth_throttles.window_started_at END
        RETURNING failures`;
      return Number(rows[0]?.failures ?? 1);
    },

    /** Locks a key; the window restarts so the next lock of a persistent attacker doubles. */
    lock: (key: string, until: Date, now: Date) =>
      db.authThrottle.update({
        where: { key },
        data: { lockedUntil: until, windowStartedAt: now },
      }),

    clear: (key: string) => db.authThrottle.deleteMany({ where: { key } }),

    /** Housekeeping: sessions long expired, throttles neither locked nor in a live window. */
    async purgeExpired(sessionsBefore: Date, throttlesBefore: Date): Promise<number> {
      const sessions = await db.session.deleteMany({
        where: { expiresAt: { lt: sessionsBefore } },
      });
      const throttles = await db.authThrottle.deleteMany({
        where: {
          windowStartedAt: { lt: throttlesBefore },
          OR: [{ lockedUntil: null }, { lockedUntil: { lt: throttlesBefore } }],
        },
      });
      return sessions.count + throttles.count;
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
