import { CARPOOL_STATUS } from '@munegu/shared';
import type { Db } from '../../db/client.js';
import type { Prisma, Role } from '../../generated/prisma/client.js';
import { moderatedMemberSelect, reportSelect } from './moderation.repository.js';
import { likeLiteral } from '../../db/like.js';

/** A member as the workspace shows them (queue groups, search results, member page). */
export type WorkspaceMemberRow = Prisma.UserGetPayload<{ select: typeof moderatedMemberSelect }>;

/** The audit actions a member page lists as sanctions, and the kind each one is. */
export const SANCTION_ACTIONS = [
  'moderation.user.warn',
  'moderation.user.silence',
  'moderation.user.suspend',
  'moderation.user.ban',
  'moderation.user.lift',
] as const;

/** Open reports about members of `roles` (a moderator handles reports about members only). */
const openAbout = (roles: Role[]) =>
  ({ status: 'OPEN', reportedUser: { role: { in: roles } } }) satisfies Prisma.ReportWhereInput;

/**
 * The reads of the moderators' workspace: the grouped queue, the member search and a
 * member's page. Its writes are the sanctions' (moderation.repository.ts).
 */
export function workspaceRepository(db: Db) {
  return {
    /** One page of reported members: most open reports first, then the latest reported. */
    queueGroups: (roles: Role[], skip: number, take: number) =>
      db.$queryRaw<{ id: number; open: number; latest: Date }[]>`
        SELECT r.reported_user_id AS id, count(*)::int AS open, max(r.created_at) AS latest
        FROM reports r JOIN users u ON u.id = r.reported_user_id
        WHERE r.status = 'OPEN' AND u.role::text = ANY(${roles})
        GROUP BY r.reported_user_id
        ORDER BY open DESC, latest DESC, id
        LIMIT ${take} OFFSET ${skip}`,

    /** How many members have open reports, and how many open reports there are. */
    async queueTotals(roles: Role[]) {
      const [row] = await db.$queryRaw<{ members: number; open: number }[]>`
        SELECT count(DISTINCT r.reported_user_id)::int AS members, count(*)::int AS open
        FROM reports r JOIN users u ON u.id = r.reported_user_id
        WHERE r.status = 'OPEN' AND u.role::text = ANY(${roles})`;
      return row ?? { members: 0, open: 0 };
    },

    openCount: (roles: Role[]) => db.report.count({ where: openAbout(roles) }),

    openAboutMember: (userId: number) =>
      db.report.count({ where: { status: 'OPEN', reportedUserId: userId } }),

    /** The newest `perMember` open reports of each member of `ids`, newest first. */
    async groupReports(ids: number[], perMember: number) {
      if (ids.length === 0) return [];
      const picked = await db.$queryRaw<{ id: number }[]>`
        SELECT id FROM (
          SELECT id, row_number() OVER (
            PARTITION BY reported_user_id ORDER BY created_at DESC, id DESC) AS n
          FROM reports WHERE status = 'OPEN' AND reported_user_id = ANY(${ids})) newest
        WHERE n <= ${perMember}`;
      return db.report.findMany({
        where: { id: { in: picked.map((r) => r.id) } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        select: reportSelect,
      });
    },

    /** The reasons of the open reports about each member of `ids`, with their counts. */
    openReasons: (ids: number[]) =>
      db.$queryRaw<{ userId: number; label: string; count: number }[]>`
        SELECT r.reported_user_id AS "userId", m.label, count(*)::int AS count
        FROM reports r JOIN reasons m ON m.id = r.reason_id
        WHERE r.status = 'OPEN' AND r.reported_user_id = ANY(${ids})
        GROUP BY r.reported_user_id, m.label
        ORDER BY count DESC, m.label`,

    members: (ids: number[]) =>
      db.user.findMany({ where: { id: { in: ids } }, select: moderatedMemberSelect }),

    /**
     * Members whose pseudo or e-mail starts with `prefix` (already lower-cased: both are
     * stored so), anonymised accounts left out, by pseudo. Prisma's startsWith is a LIKE that
     * leaves % and _ as wildcards: they are escaped, so 'ab_' means those three characters.
     */
    search: (prefix: string, take: number) => {
      const literal = likeLiteral(prefix);
      return db.user.findMany({
        where: {
          status: { not: 'DELETED' },
          OR: [{ usernameKey: { startsWith: literal } }, { email: { startsWith: literal } }],
        },
        orderBy: { usernameKey: 'asc' },
        take,
        select: { ...moderatedMemberSelect, email: true },
      });
    },

    /** Open reports per member of `ids`, only about members of `roles`. */
    openCounts: (ids: number[], roles: Role[]) =>
      db.report.groupBy({
        by: ['reportedUserId'],
        where: { ...openAbout(roles), reportedUserId: { in: ids } },
        _count: { _all: true },
      }),

    /** Sanction audit rows per member of `ids` and action. */
    sanctionCounts: (ids: number[]) =>
      db.auditLog.groupBy({
        by: ['targetId', 'action'],
        where: {
          targetType: 'user',
          targetId: { in: ids.map(String) },
          action: { in: [...SANCTION_ACTIONS] },
        },
        _count: { _all: true },
      }),

    member: (id: number) =>
      db.user.findUnique({
        where: { id },
        select: {
          ...moderatedMemberSelect,
          email: true,
          createdAt: true,
          suspensionReason: true,
          silenceReason: true,
          carpoolRating: true,
        },
      }),

    /** Reports matching `where`, newest first, and how many there are in all. */
    async reports(where: Prisma.ReportWhereInput, take: number) {
      const [rows, total] = await Promise.all([
        db.report.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take,
          select: reportSelect,
        }),
        db.report.count({ where }),
      ]);
      return { rows, total };
    },

    /** The member's sanctions and their liftings (audit rows), newest first. */
    sanctions: (userId: number, take: number) =>
      db.auditLog.findMany({
        where: {
          targetType: 'user',
          targetId: String(userId),
          action: { in: [...SANCTION_ACTIONS] },
        },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take,
        select: {
          id: true,
          action: true,
          createdAt: true,
          data: true,
          actor: { select: { id: true, username: true, role: true } },
        },
      }),

    /**
     * What the carpool tables say of the member: ratings received, confirmed carpools, their
     * own cancellations (the app's SYSTEME ones, after a sanction or a deletion, left out) and
     * the exclusions by a driver.
     */
    async carpool(userId: number) {
      const theirCancellations = {
        byUserId: userId,
        toStatusId: CARPOOL_STATUS.ANNULE,
        OR: [{ reasonId: null }, { reason: { kind: { not: 'SYSTEME' } } }],
      } satisfies Prisma.CarpoolStatusChangeWhereInput;
      const [ratingCount, confirmed, cancelled, cancelledAfterConfirmation, excluded] =
        await Promise.all([
          db.carpoolRating.count({ where: { ratedId: userId } }),
          db.carpoolRelation.count({
            where: {
              statusId: CARPOOL_STATUS.CONFIRME,
              OR: [{ driverId: userId }, { passengerId: userId }],
            },
          }),
          db.carpoolStatusChange.count({ where: theirCancellations }),
          db.carpoolStatusChange.count({
            where: { ...theirCancellations, fromStatusId: CARPOOL_STATUS.CONFIRME },
          }),
          db.carpoolStatusChange.count({
            where: { toStatusId: CARPOOL_STATUS.EXCLU, relation: { passengerId: userId } },
          }),
        ]);
      return { ratingCount, confirmed, cancelled, cancelledAfterConfirmation, excluded };
    },
  };
}

export type WorkspaceRepository = ReturnType<typeof workspaceRepository>;
