import { writeAuditRow, writeAuditRows, type AuditRow } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { Prisma, ReportStatus, Role } from '../../generated/prisma/client.js';

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: string;
}

const member = { select: { id: true, username: true } } as const;

export const reportSelect = {
  id: true,
  createdAt: true,
  status: true,
  section: true,
  customReason: true,
  contextType: true,
  contextId: true,
  handledAt: true,
  reason: { select: { label: true } },
  reporter: member,
  handledBy: member,
  reportedUser: {
    select: {
      id: true,
      username: true,
      role: true,
      status: true,
      suspendedUntil: true,
      avatarFile: true,
      avatarVersion: true,
    },
  },
} satisfies Prisma.ReportSelect;

export type ReportRow = Prisma.ReportGetPayload<{ select: typeof reportSelect }>;

/** The only Prisma access of moderation. */
export function moderationRepository(db: Db) {
  return {
    /**
     * Newest first, only reports about members of `aboutRoles`; `total` counts every such
     * report of that status.
     */
    async listReports(status: ReportStatus, aboutRoles: Role[], skip: number, take: number) {
      const where = { status, reportedUser: { role: { in: aboutRoles } } };
      const [rows, total] = await Promise.all([
        db.report.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip,
          take,
          select: reportSelect,
        }),
        db.report.count({ where }),
      ]);
      return { rows, total };
    },

    /** The carpools reported from a cancellation: match kickoff and both clubs. */
    relations: (ids: number[]) =>
      db.carpoolRelation.findMany({
        where: { id: { in: ids } },
        select: {
          id: true,
          match: {
            select: {
              kickoffAt: true,
              homeClubId: true,
              homeClub: { select: { name: true } },
              awayClub: { select: { name: true } },
            },
          },
        },
      }),

    messages: (ids: number[]) =>
      db.message.findMany({ where: { id: { in: ids } }, select: { id: true, content: true } }),

    findReport: (id: number) =>
      db.report.findUnique({
        where: { id },
        select: {
          id: true,
          status: true,
          reportedUserId: true,
          section: true,
          reportedUser: { select: { role: true } },
        },
      }),

    /** OPEN → `status`, conditionally: false when someone handled it first. */
    async closeReport(tx: Tx, id: number, status: ReportStatus, by: number, at: Date) {
      const { count } = await tx.report.updateMany({
        where: { id, status: 'OPEN' },
        data: { status, handledById: by, handledAt: at },
      });
      return count === 1;
    },

    findUser: (id: number) =>
      db.user.findUnique({
        where: { id },
        select: {
          id: true,
          username: true,
          email: true,
          role: true,
          status: true,
          suspendedByRole: true,
        },
      }),

    /**
     * Records who holds the member's sanction, in the transaction that has just suspended them
     * (so the row is locked and the previous holder's rank is the latest): only when the
     * sanction in force, if any, came from one of `ranks`. false: a higher rank holds it.
     */
    async claimSanction(tx: Tx, id: number, role: Role, ranks: Role[]) {
      const { count } = await tx.user.updateMany({
        where: {
          id,
          OR: [{ suspendedByRole: null }, { suspendedByRole: { in: ranks } }],
        },
        data: { suspendedByRole: role },
      });
      return count === 1;
    },

    /**
     * SUSPENDED → ACTIVE when the sanction came from one of `ranks` (or from nobody known).
     * 'lifted', or why not: 'not-suspended', or 'higher-rank' when a higher rank imposed it.
     */
    async lift(tx: Tx, id: number, ranks: Role[]) {
      const { count } = await tx.user.updateMany({
        where: {
          id,
          status: 'SUSPENDED',
          OR: [{ suspendedByRole: null }, { suspendedByRole: { in: ranks } }],
        },
        data: { status: 'ACTIVE', suspendedUntil: null, suspendedByRole: null },
      });
      if (count === 1) return 'lifted' as const;
      const now = await tx.user.findUnique({ where: { id }, select: { status: true } });
      return now?.status === 'SUSPENDED' ? ('higher-rank' as const) : ('not-suspended' as const);
    },

    /** Every suspension over at `now`, lifted in one statement; returns who and until when. */
    liftExpired: (tx: Tx, now: Date) =>
      tx.$queryRaw<{ id: number; until: Date }[]>`
        UPDATE users u SET status = 'ACTIVE', suspended_until = NULL, suspended_by_role = NULL
        FROM (SELECT id, suspended_until FROM users
              WHERE status = 'SUSPENDED' AND suspended_until <= ${now}::timestamptz FOR UPDATE) old
        WHERE u.id = old.id
        RETURNING u.id, old.suspended_until AS until`,

    suspended: () =>
      db.user.findMany({
        where: { status: 'SUSPENDED' },
        // Bans (no end) first, then the suspensions ending soonest.
        orderBy: [{ suspendedUntil: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
        select: {
          id: true,
          username: true,
          suspendedUntil: true,
          avatarFile: true,
          avatarVersion: true,
        },
      }),

    audit: (tx: Tx, row: AuditRow) => writeAuditRow(tx, row),

    auditMany: (tx: Tx, rows: AuditRow[]) => writeAuditRows(tx, rows),

    async listAudit(filter: AuditFilter, skip: number, take: number) {
      const where: Prisma.AuditLogWhereInput = {
        ...(filter.action ? { action: { startsWith: filter.action } } : {}),
        ...(filter.targetType ? { targetType: filter.targetType } : {}),
        ...(filter.targetId ? { targetId: filter.targetId } : {}),
      };
      const [rows, total] = await Promise.all([
        db.auditLog.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip,
          take,
          select: {
            id: true,
            createdAt: true,
            action: true,
            targetType: true,
            targetId: true,
            data: true,
            actor: member,
          },
        }),
        db.auditLog.count({ where }),
      ]);
      return { rows, total };
    },
  };
}

export type ModerationRepository = ReturnType<typeof moderationRepository>;
