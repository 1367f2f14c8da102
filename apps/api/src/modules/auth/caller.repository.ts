import type { Role } from '@munegu/shared';
import { sqlOf, type Db } from '../../db/client.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** users.id is a PostgreSQL integer: a larger id names nobody (and would make the cast fail). */
const MAX_ID = 2_147_483_647;

/** A caller as the lookup finds them: their current role, and their silence if one is in force. */
export interface CallerRow {
  id: number;
  role: Role;
  /** End of a silence in force (later than the lookup's `now`); null when not silenced. */
  silencedUntil: Date | null;
  silenceReason: string | null;
}

/** The lookups of every authenticated request and socket handshake. */
export function callerRepository(db: Db) {
  return {
    /**
     * The caller behind an access token's claims, or null: the account must be ACTIVE (a
     * suspended, banned, deleted or pending member is refused at once, not when the token
     * expires) and the login the token came from live, i.e. one of its session rows neither
     * revoked (logout, password change, reuse detection, suspension, deletion) nor expired. The
     * role is the current one, so a demotion applies to tokens already issued, and so is the
     * silence: the writes that reach other members refuse a silenced caller (plugins/auth.ts).
     *
     * One SQL statement on the pool (db/client.ts `sqlOf`): every authenticated request and
     * socket handshake waits for it, and as two ORM queries it cost two round trips and the
     * ORM's per-query overhead (bench/realtime.bench.ts). Uses users_pkey and
     * sessions(family_id). Ids that cannot exist (not a uuid, beyond integer range) are refused
     * here rather than failing the statement with a 500.
     */
    async resolve(userId: number, familyId: string, now: Date): Promise<CallerRow | null> {
      if (!Number.isInteger(userId) || userId < 1 || userId > MAX_ID) return null;
      if (!UUID.test(familyId)) return null;
      // A silence whose end has passed is no silence: nothing runs at its end date.
      const { rows } = await sqlOf(db).query<CallerRow>(
        `SELECT u.id, u.role::text AS role,
                CASE WHEN u.silenced_until > $3 THEN u.silenced_until END AS "silencedUntil",
                CASE WHEN u.silenced_until > $3 THEN u.silence_reason END AS "silenceReason"
         FROM users u
         WHERE u.id = $1 AND u.status = 'ACTIVE'
           AND EXISTS (SELECT 1 FROM sessions s
                       WHERE s.family_id = $2::uuid AND s.user_id = u.id
                         AND s.revoked_at IS NULL AND s.expires_at > $3)`,
        [userId, familyId, now],
      );
      return rows[0] ?? null;
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
