import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

export function reminderRepository(db: Db) {
  return {
    /** Unfinished matches kicking off in (now, until] whose reminder was not sent. */
    dueMatches: (now: Date, until: Date) =>
      db.match.findMany({
        where: { finishedAt: null, reminderSentAt: null, kickoffAt: { gt: now, lte: until } },
        include: { homeClub: true, awayClub: true },
        orderBy: { kickoffAt: 'asc' },
      }),
    /** Marks the reminder sent; false when another instance already did (claim). */
    async claim(tx: Tx, matchId: number, now: Date): Promise<boolean> {
      const { count } = await tx.match.updateMany({
        where: { id: matchId, reminderSentAt: null },
        data: { reminderSentAt: now },
      });
      return count === 1;
    },
    /** Active members who want application mails and have not predicted this match. */
    recipients: (tx: Tx, matchId: number) =>
      tx.user.findMany({
        where: { status: 'ACTIVE', appMailOptIn: true, predictions: { none: { matchId } } },
        select: { id: true, username: true, email: true },
        orderBy: { id: 'asc' },
      }),
  };
}

export type ReminderRepository = ReturnType<typeof reminderRepository>;
