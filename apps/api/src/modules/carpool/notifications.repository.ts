import { ACTIVE_CARPOOL_STATUSES, PENDING_CARPOOL_STATUSES } from '@munegu/shared';
import type { Db } from '../../db/client.js';
import { matchNameSelect } from '../../db/selects.js';
import type { Tx } from '../../db/tx.js';
import { memberSelect } from './carpool.repository.js';

/** The match a notification names: its clubs and kickoff. */
const matchSelect = matchNameSelect;

/** The bell's rows. Deleting only stamps deletedAt (the history stays for moderation). */
export function notificationsRepository(db: Db) {
  return {
    create: (
      tx: Tx,
      data: {
        recipientId: number;
        senderId: number | null;
        type: 'COVOIT' | 'HORAIRE';
        relationId?: number | null;
        statusId?: number | null;
        statusChangeId?: number | null;
        matchId?: number | null;
        mailedAt?: Date | null;
      },
    ) => tx.notification.create({ data, select: { id: true } }),
    listFor: (recipientId: number, limit: number) =>
      db.notification.findMany({
        where: { recipientId, deletedAt: null },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        include: {
          sender: { select: memberSelect },
          relation: { select: { matchId: true, match: { select: matchSelect } } },
          match: { select: matchSelect },
          // A DEPLACEMENT row's coach trip (issue 30): its antenna, departure and thread.
          trip: {
            select: {
              id: true,
              departureAt: true,
              departurePlace: true,
              returnAt: true,
              antenna: { select: { name: true } },
              group: { select: { id: true } },
            },
          },
        },
      }),
    detailFor: (id: number, recipientId: number) =>
      db.notification.findFirst({
        where: { id, recipientId, deletedAt: null },
        include: {
          sender: { select: memberSelect },
          relation: {
            include: {
              user1: { select: { id: true, username: true } },
              user2: { select: { id: true, username: true } },
            },
          },
          statusChange: {
            select: { customReason: true, reason: { select: { label: true } } },
          },
        },
      }),
    markRead: (id: number, at: Date) =>
      db.notification.updateMany({ where: { id, readAt: null }, data: { readAt: at } }),
    /** Marks read one of the recipient's notifications; false when it is not theirs. */
    markReadFor: async (id: number, recipientId: number, at: Date) => {
      const mine = await db.notification.count({ where: { id, recipientId, deletedAt: null } });
      if (mine === 0) return false;
      await db.notification.updateMany({
        where: { id, recipientId, readAt: null },
        data: { readAt: at },
      });
      return true;
    },
    softDelete: async (id: number, recipientId: number, at: Date) =>
      (
        await db.notification.updateMany({
          where: { id, recipientId, deletedAt: null },
          data: { deletedAt: at },
        })
      ).count === 1,
    /** Deletes the proposal and request rows of a relation addressed to `recipientId`. */
    settlePending: (tx: Tx, recipientId: number, relationId: number, at: Date) =>
      tx.notification.updateMany({
        where: {
          recipientId,
          relationId,
          statusId: { in: [...PENDING_CARPOOL_STATUSES] },
          deletedAt: null,
        },
        data: { deletedAt: at },
      }),
    driverSeats: async (driverId: number, matchId: number) =>
      (
        await db.presence.findUnique({
          where: { userId_matchId: { userId: driverId, matchId } },
          select: { freeSeats: true },
        })
      )?.freeSeats ?? 0,
    /**
     * Serialises the carpool mails of one sender to one recipient (several instances, parallel
     * requests), so two events cannot both find the window free and both mail.
     */
    lockMailPair: async (tx: Tx, recipientId: number, senderId: number) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`carpool-mail:${recipientId}:${senderId}`}, 0))`;
    },
    /** When the sender's last carpool mail to the recipient went out, or null. */
    lastMailedAt: async (tx: Tx, recipientId: number, senderId: number) =>
      (
        await tx.notification.findFirst({
          where: { recipientId, senderId, type: 'COVOIT', mailedAt: { not: null } },
          orderBy: { mailedAt: 'desc' },
          select: { mailedAt: true },
        })
      )?.mailedAt ?? null,
    /** The sender's carpool rows no mail told the recipient of yet (since `since`), oldest first. */
    unmailed: (tx: Tx, recipientId: number, senderId: number, since: Date) =>
      tx.notification.findMany({
        where: {
          recipientId,
          senderId,
          type: 'COVOIT',
          mailedAt: null,
          deletedAt: null,
          createdAt: { gt: since },
        },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: {
          id: true,
          statusId: true,
          relation: { select: { matchId: true } },
          matchId: true,
        },
      }),
    /** The matches mails name, by id. */
    matchesByIds: (tx: Tx, ids: number[]) =>
      tx.match.findMany({ where: { id: { in: ids } }, select: matchSelect }),
    /**
     * Sender → recipient pairs with carpool rows left unmailed since `since` whose last mail
     * is older than `windowStart` (or who were never mailed): their held-back mail is due.
     */
    pairsDue: (since: Date, windowStart: Date) =>
      db.$queryRaw<{ recipientId: number; senderId: number }[]>`
        SELECT DISTINCT n.recipient_id AS "recipientId", n.sender_id AS "senderId"
          FROM notifications n
         WHERE n.type = 'COVOIT' AND n.mailed_at IS NULL AND n.deleted_at IS NULL
           AND n.sender_id IS NOT NULL AND n.created_at > ${since}
           AND NOT EXISTS (
             SELECT 1 FROM notifications m
              WHERE m.recipient_id = n.recipient_id AND m.sender_id = n.sender_id
                AND m.type = 'COVOIT' AND m.mailed_at > ${windowStart})
         LIMIT 500`,
    markMailed: (tx: Tx, ids: number[], at: Date) =>
      tx.notification.updateMany({ where: { id: { in: ids } }, data: { mailedAt: at } }),
    /** Members with a pending or confirmed relation for the match (kickoff moved). */
    membersWithCarpool: async (matchId: number) => {
      const rows = await db.carpoolRelation.findMany({
        where: { matchId, statusId: { in: [...ACTIVE_CARPOOL_STATUSES] } },
        select: { user1Id: true, user2Id: true },
      });
      return [...new Set(rows.flatMap((row) => [row.user1Id, row.user2Id]))];
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
