import { CARPOOL_STATUS } from '@munegu/shared';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

export interface NewReport {
  reporterId: number;
  reportedUserId: number;
  reasonId: number;
  section: string;
  customReason: string | null;
  /** What was reported: 'carpool_relation', 'message' or 'group_message', with its id. */
  contextType?: string;
  contextId?: number;
  createdAt: Date;
}

/**
 * First key of the advisory lock that queues one reporter's reports (the second is the
 * reporter's id). The two-key form has a key space of its own, apart from the one-key locks
 * (migrations, ranking).
 */
const REPORTER_LOCK = 26_002;

export function reportsRepository(db: Db) {
  return {
    /** A SIGNALEMENT reason of that section, or null. */
    findReason: (id: number, section: string) =>
      db.reason.findFirst({
        where: { id, kind: 'SIGNALEMENT', section },
        select: { id: true, label: true },
      }),

    findUser: (id: number) =>
      db.user.findUnique({ where: { id }, select: { id: true, username: true, status: true } }),

    /** A private message's two ends, or null. */
    findMessage: (id: number) =>
      db.message.findUnique({ where: { id }, select: { senderId: true, receiverId: true } }),

    /**
     * A group-thread message's sender, and whether `readerId` is a current member of its group
     * (the only members who may read it), or null.
     */
    async findGroupMessage(id: number, readerId: number) {
      const row = await db.groupMessage.findUnique({
        where: { id },
        select: {
          senderId: true,
          group: {
            select: {
              members: { where: { userId: readerId, leftAt: null }, select: { userId: true } },
            },
          },
        },
      });
      return row && { senderId: row.senderId, readable: row.group.members.length > 0 };
    },

    /** Held until the transaction ends: the reporter's next report waits for this one. */
    lockReporter: (tx: Tx, reporterId: number) =>
      tx.$executeRaw`SELECT pg_advisory_xact_lock(${REPORTER_LOCK}::int, ${reporterId}::int)`,

    countSince: (tx: Tx, reporterId: number, since: Date) =>
      tx.report.count({ where: { reporterId, createdAt: { gte: since } } }),

    /**
     * Stores the report unless the same reporter already has one OPEN about that member in that
     * section (the partial unique index reports_open_unique). ON CONFLICT rather than a caught
     * error: a failed insert would abort the caller's transaction (a carpool cancellation).
     * True when stored.
     */
    async insertOpen(tx: Tx, r: NewReport): Promise<boolean> {
      const rows = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO reports (reporter_id, reported_user_id, reason_id, section, custom_reason,
                             context_type, context_id, created_at)
        VALUES (${r.reporterId}::int, ${r.reportedUserId}::int, ${r.reasonId}::int, ${r.section},
                ${r.customReason}, ${r.contextType ?? null}, ${r.contextId ?? null}::int,
                ${r.createdAt}::timestamptz)
        ON CONFLICT (reporter_id, reported_user_id, section) WHERE status = 'OPEN' DO NOTHING
        RETURNING id`;
      return rows.length === 1;
    },

    /**
     * Whether the two members ever shared a confirmed carpool (any match, either role): a
     * relation confirmed now or one whose history reached 'Confirmé'.
     */
    async sharedConfirmedCarpool(tx: Tx, a: number, b: number): Promise<boolean> {
      const confirmed = CARPOOL_STATUS.CONFIRME;
      const found = await tx.carpoolRelation.findFirst({
        where: {
          AND: [
            {
              OR: [
                { user1Id: a, user2Id: b },
                { user1Id: b, user2Id: a },
              ],
            },
            { OR: [{ statusId: confirmed }, { changes: { some: { toStatusId: confirmed } } }] },
          ],
        },
        select: { id: true },
      });
      return found !== null;
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
