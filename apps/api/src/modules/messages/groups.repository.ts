import { sqlOf, type Db } from '../../db/client.js';
import { matchNameSelect } from '../../db/selects.js';
import type { Tx } from '../../db/tx.js';

/** A stored group message as the service reads it (the sender's name and status joined). */
export type GroupMessageRow = {
  id: number;
  groupId: number;
  senderId: number;
  senderName: string;
  senderStatus: string;
  content: string;
  createdAt: Date;
  /** An organiser's announcement in a trip's thread. */
  announcement: boolean;
};

const MESSAGE_COLUMNS = `gm.id, gm.group_id AS "groupId", gm.sender_id AS "senderId",
  u.pseudo AS "senderName", u.status::text AS "senderStatus", gm.content,
  gm.created_at AS "createdAt", gm.annonce AS "announcement"`;

/**
 * Puts members in a group (again, for one who had left: a new joinedAt, so older messages are
 * not unread). Inside the transaction that made them members.
 */
async function join(tx: Tx, groupId: number, userIds: number[], now: Date) {
  for (const userId of userIds) {
    await tx.$executeRaw`
      INSERT INTO message_group_members (group_id, user_id, joined_at)
      VALUES (${groupId}, ${userId}, ${now})
      ON CONFLICT (group_id, user_id) DO UPDATE
        SET joined_at = CASE WHEN message_group_members.left_at IS NULL
                             THEN message_group_members.joined_at ELSE EXCLUDED.joined_at END,
            left_at = NULL`;
  }
}

const USER = { id: true, username: true, status: true, avatarFile: true, avatarVersion: true };

/** The only database access of group threads (issue 30). */
export function groupsRepository(db: Db) {
  const sql = () => sqlOf(db);
  return {
    /**
     * The car of (`driverId`, `matchId`) gets its group if it has none, and both members are
     * in it (again, for one who had left: a new joinedAt, so older messages are not unread).
     * Inside the carpool transaction that confirmed the relation.
     */
    async joinCar(
      tx: Tx,
      car: { matchId: number; driverId: number },
      userIds: number[],
      now: Date,
    ) {
      const [group] = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO message_groups (kind, match_id, driver_id, created_at)
        VALUES ('covoiturage', ${car.matchId}, ${car.driverId}, ${now})
        ON CONFLICT (match_id, driver_id) DO UPDATE SET kind = EXCLUDED.kind
        RETURNING id`;
      await join(tx, group!.id, userIds, now);
      return group!.id;
    },
    join,
    /**
     * The trip's group ('deplacement'), opened if it has none; `created` tells the caller to
     * fill it (xmax is 0 only on a row this statement inserted).
     */
    async openTrip(tx: Tx, trip: { tripId: number; matchId: number }, now: Date) {
      const [group] = await tx.$queryRaw<{ id: number; created: boolean }[]>`
        INSERT INTO message_groups (kind, match_id, trip_id, created_at)
        VALUES ('deplacement', ${trip.matchId}, ${trip.tripId}, ${now})
        ON CONFLICT (trip_id) DO UPDATE SET kind = EXCLUDED.kind
        RETURNING id, (xmax = 0) AS created`;
      return group!;
    },
    /** `userIds` leave the trip's group. */
    leaveTrip: (tx: Tx, tripId: number, userIds: number[], now: Date) =>
      tx.$executeRaw`
        UPDATE message_group_members m SET left_at = ${now}
        FROM message_groups g
        WHERE g.id = m.group_id AND g.trip_id = ${tripId}
          AND m.user_id = ANY(${userIds}::int[]) AND m.left_at IS NULL`,
    /** The antenna's organisers whose account is active (a suspended one joins nothing). */
    organizersOf: async (tx: Tx, antennaId: number): Promise<number[]> =>
      (
        await tx.antennaOrganizer.findMany({
          where: { antennaId, user: { status: 'ACTIVE' } },
          select: { userId: true },
        })
      ).map((o) => o.userId),
    /** The trip's confirmed registrants. */
    confirmedOf: async (tx: Tx, tripId: number): Promise<number[]> =>
      (
        await tx.tripRegistration.findMany({
          where: { tripId, status: 'CONFIRME' },
          select: { userId: true },
        })
      ).map((r) => r.userId),
    /** The antenna's trips to come, not cancelled (their threads follow its organisers). */
    upcomingTrips: (tx: Tx, antennaId: number, now: Date) =>
      tx.trip.findMany({
        where: { antennaId, status: { not: 'ANNULE' }, departureAt: { gt: now } },
        select: { id: true, matchId: true },
      }),
    /**
     * Stores an organiser's announcement in the trip's thread and moves the group up the
     * list. The right to announce was checked by the caller (a MODERATEUR need not be in it).
     */
    async appendAnnouncement(
      tx: Tx,
      input: { groupId: number; senderId: number; content: string; now: Date },
    ): Promise<GroupMessageRow> {
      const { groupId, senderId, content, now } = input;
      await tx.messageGroup.update({ where: { id: groupId }, data: { lastMessageAt: now } });
      const row = await tx.groupMessage.create({
        data: { groupId, senderId, content, announcement: true, createdAt: now },
        select: {
          id: true,
          groupId: true,
          senderId: true,
          content: true,
          createdAt: true,
          announcement: true,
          sender: { select: { username: true, status: true } },
        },
      });
      const { sender, ...message } = row;
      return { ...message, senderName: sender.username, senderStatus: sender.status };
    },
    /**
     * `userId` leaves the car of (`driverId`, `matchId`), and the driver with them when they
     * were its last passenger (a car is its driver and confirmed passengers: a driver alone
     * has no group until the next confirm). One statement: the subquery sees the rows before
     * it, hence the leaving passenger named in it. Inside the carpool transaction.
     */
    leaveCar: (tx: Tx, car: { matchId: number; driverId: number }, userId: number, now: Date) =>
      tx.$executeRaw`
        UPDATE message_group_members m SET left_at = ${now}
        FROM message_groups g
        WHERE g.id = m.group_id AND g.match_id = ${car.matchId} AND g.driver_id = ${car.driverId}
          AND m.left_at IS NULL
          AND (m.user_id = ${userId}
            OR (m.user_id = g.driver_id AND NOT EXISTS (
                  SELECT 1 FROM message_group_members o
                  WHERE o.group_id = g.id AND o.left_at IS NULL
                    AND o.user_id <> g.driver_id AND o.user_id <> ${userId})))`,
    /** A removed member leaves every group. */
    leaveAll: (userId: number, now: Date) =>
      db.messageGroupMember.updateMany({
        where: { userId, leftAt: null },
        data: { leftAt: now },
      }),
    /** Anonymised accounts leave every group (accountsRemoved carries no ids). */
    leaveDeleted: (now: Date) =>
      db.messageGroupMember.updateMany({
        where: { leftAt: null, user: { status: 'DELETED' } },
        data: { leftAt: now },
      }),
    /** null: never a member (or no such group); else whether they are still in it. */
    async membership(groupId: number, userId: number): Promise<'member' | 'left' | null> {
      const row = await db.messageGroupMember.findUnique({
        where: { groupId_userId: { groupId, userId } },
        select: { leftAt: true },
      });
      if (!row) return null;
      return row.leftAt === null ? 'member' : 'left';
    },
    /** The caller's current groups, most recent activity first, with their current members. */
    listFor: (userId: number) =>
      db.messageGroup.findMany({
        where: { members: { some: { userId, leftAt: null } } },
        orderBy: [{ lastMessageAt: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
        select: {
          id: true,
          kind: true,
          driverId: true,
          lastMessageAt: true,
          trip: { select: { id: true, antenna: { select: { name: true } } } },
          match: { select: matchNameSelect },
          members: {
            where: { leftAt: null },
            orderBy: { joinedAt: 'asc' },
            select: { user: { select: USER } },
          },
        },
      }),
    /** Others' messages after the member's cursor (and after they joined), per group. */
    async unreadByGroup(userId: number): Promise<Map<number, number>> {
      const { rows } = await sql().query<{ groupId: number; n: number }>(
        `SELECT m.group_id AS "groupId", count(gm.id)::int AS n
         FROM message_group_members m
         JOIN group_messages gm ON gm.group_id = m.group_id
         WHERE m.user_id = $1 AND m.left_at IS NULL AND gm.sender_id <> $1
           AND gm.created_at > GREATEST(m.joined_at, COALESCE(m.read_at, m.joined_at))
         GROUP BY m.group_id`,
        [userId],
      );
      return new Map(rows.map((r) => [r.groupId, r.n]));
    },
    /** Newest first by (createdAt, id), skipping `offset`; the service reverses the page. */
    page: async (groupId: number, offset: number, take: number): Promise<GroupMessageRow[]> =>
      (
        await sql().query<GroupMessageRow>(
          `SELECT ${MESSAGE_COLUMNS}
           FROM group_messages gm JOIN users u ON u.id = gm.sender_id
           WHERE gm.group_id = $1
           ORDER BY gm.created_at DESC, gm.id DESC OFFSET $2 LIMIT $3`,
          [groupId, offset, take],
        )
      ).rows,
    /**
     * Stores the message only if the sender is a current member when the statement runs, and
     * moves the group up the list, in one statement. null: not stored (not a member, or a
     * message of the sender's with the same `clientId` was stored meanwhile: the service tells
     * which).
     */
    async append(input: {
      groupId: number;
      senderId: number;
      content: string;
      now: Date;
      clientId?: string | undefined;
    }): Promise<GroupMessageRow | null> {
      const { rows } = await sql().query<GroupMessageRow>(
        `WITH g AS (
           UPDATE message_groups SET last_message_at = $4
           WHERE id = $1 AND EXISTS (
             SELECT 1 FROM message_group_members m
             WHERE m.group_id = $1 AND m.user_id = $2 AND m.left_at IS NULL)
           RETURNING id),
         gm AS (
           INSERT INTO group_messages (group_id, sender_id, content, created_at, client_id)
           SELECT g.id, $2, $3, $4, $5::uuid FROM g
           ON CONFLICT (sender_id, client_id) DO NOTHING
           RETURNING *)
         SELECT ${MESSAGE_COLUMNS} FROM gm JOIN users u ON u.id = gm.sender_id`,
        [input.groupId, input.senderId, input.content, input.now, input.clientId ?? null],
      );
      return rows[0] ?? null;
    },
    /** The group message `senderId` already stored under their key `clientId`, if any. */
    findSent: async (senderId: number, clientId: string): Promise<GroupMessageRow | null> =>
      (
        await sql().query<GroupMessageRow>(
          `SELECT ${MESSAGE_COLUMNS} FROM group_messages gm JOIN users u ON u.id = gm.sender_id
           WHERE gm.sender_id = $1 AND gm.client_id = $2::uuid`,
          [senderId, clientId],
        )
      ).rows[0] ?? null,
    /** The group's current members (whose sockets receive its messages). */
    memberIds: async (groupId: number, tx?: Tx): Promise<number[]> =>
      (
        await (tx ?? db).messageGroupMember.findMany({
          where: { groupId, leftAt: null },
          select: { userId: true },
        })
      ).map((m) => m.userId),
    markRead: (groupId: number, userId: number, now: Date) =>
      db.messageGroupMember.updateMany({
        where: { groupId, userId, leftAt: null },
        data: { readAt: now },
      }),
    /** Unread group messages of the member (the navbar badge adds them to private ones). */
    countUnread: async (userId: number): Promise<number> =>
      (
        await sql().query<{ n: number }>(
          `SELECT count(*)::int AS n
           FROM message_group_members m
           JOIN group_messages gm ON gm.group_id = m.group_id
           WHERE m.user_id = $1 AND m.left_at IS NULL AND gm.sender_id <> $1
             AND gm.created_at > GREATEST(m.joined_at, COALESCE(m.read_at, m.joined_at))`,
          [userId],
        )
      ).rows[0]!.n,
  };
}
export type GroupsRepository = ReturnType<typeof groupsRepository>;
