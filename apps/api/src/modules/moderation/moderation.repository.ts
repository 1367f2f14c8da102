import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { Prisma, ReportStatus } from '../../generated/prisma/client.js';

/** One row of the audit log; actorId null = the system (scheduled jobs). */
export interface AuditRow {
  actorId: number | null;
  action: string;
  targetType: string;
  targetId?: string;
  data?: Prisma.InputJsonValue;
  ip?: string;
}

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: string;
}

const member = { select: { id: true, pseudo: true } } as const;

const reportSelect = {
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
      pseudo: true,
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
    /** Newest first; `total` counts every report of that status. */
    async listReports(status: ReportStatus, skip: number, take: number) {
      const where = { status };
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
              homeClub: { select: { nom: true } },
              awayClub: { select: { nom: true } },
            },
          },
        },
      }),

    messages: (ids: number[]) =>
      db.message.findMany({ where: { id: { in: ids } }, select: { id: true, content: true } }),

    findReport: (id: number) =>
      db.report.findUnique({
        where: { id },
        select: { id: true, status: true, reportedUserId: true, section: true },
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
        select: { id: true, pseudo: true, email: true, role: true, status: true },
      }),

    /** SUSPENDED → ACTIVE; false when the member was not suspended. */
    async lift(tx: Tx, id: number) {
      const { count } = await tx.user.updateMany({
        where: { id, status: 'SUSPENDED' },
        data: { status: 'ACTIVE', suspendedUntil: null },
      });
      return count === 1;
    },

    /** Every suspension over at `now`, lifted in one statement; returns who and until when. */
    liftExpired: (tx: Tx, now: Date) =>
      tx.$queryRaw<{ id: number; until: Date }[]>`
        UPDATE users u SET status = 'ACTIVE', suspended_until = NULL
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
          pseudo: true,
          suspendedUntil: true,
          avatarFile: true,
          avatarVersion: true,
        },
      }),

    audit: (tx: Tx, row: AuditRow) => tx.auditLog.create({ data: row, select: { id: true } }),

    auditMany: (tx: Tx, rows: AuditRow[]) => tx.auditLog.createMany({ data: rows }),

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
