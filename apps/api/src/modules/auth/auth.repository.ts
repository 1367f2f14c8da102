import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

/** One counter of modules/auth/throttle.ts. */
export interface ThrottleRow {
  key: string;
  failures: number;
  pending: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

export interface NewSession {
  familyId: string;
  userId: number;
  tokenHash: string;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/** What a login and a refresh read of the member to decide whether they may be signed in. */
const ACCESS = {
  id: true,
  role: true,
  status: true,
  suspendedUntil: true,
  suspensionReason: true,
} as const;

/** Sessions (rotating refresh cookies), login throttles and the account lookups of a login. */
export function authRepository(db: Db) {
  return {
    findUserByEmail: (email: string) =>
      db.user.findUnique({
        where: { email },
        select: { ...ACCESS, passwordHash: true },
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
        include: { user: { select: ACCESS } },
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

    /**
     * Reads the throttle rows of `keys` (created empty when missing) locked FOR UPDATE in key
     * order (so two checks never deadlock), lets `decide` compute their next state, writes the
     * rows it returns and commits: concurrent checks on one key queue up here, on any instance.
     */
    updateThrottles: <T>(
      keys: string[],
      now: Date,
      decide: (rows: ThrottleRow[]) => { rows: ThrottleRow[]; result: T },
    ): Promise<T> => {
      const sorted = [...new Set(keys)].sort();
      return db.$transaction(async (tx) => {
        await tx.$executeRaw`
          INSERT INTO auth_throttles (key, failures, pending, window_started_at)
          SELECT k, 0, 0, ${now} FROM unnest(${sorted}::text[]) AS k ORDER BY k
          ON CONFLICT (key) DO NOTHING`;
        const rows = await tx.$queryRaw<ThrottleRow[]>`
          SELECT key, failures, pending, window_started_at AS "windowStartedAt",
                 locked_until AS "lockedUntil"
          FROM auth_throttles WHERE key = ANY(${sorted}::text[]) ORDER BY key FOR UPDATE`;
        const { rows: next, result } = decide(rows);
        for (const row of next) {
          await tx.authThrottle.update({
            where: { key: row.key },
            data: {
              failures: row.failures,
              pending: row.pending,
              windowStartedAt: row.windowStartedAt,
              lockedUntil: row.lockedUntil,
            },
          });
        }
        return result;
      });
    },

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
