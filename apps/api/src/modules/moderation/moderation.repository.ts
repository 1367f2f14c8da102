import { writeAuditRow, writeAuditRows, type AuditRow } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { Prisma, ReportStatus, Role } from '../../generated/prisma/client.js';

const member = { select: { id: true, username: true } } as const;

/**
 * A member as the moderators see them: who, with which role, and the sanctions in force with
 * the rank of whoever set them (the sanctions list, the workspace's queue, search and page).
 */
export const moderatedMemberSelect = {
  id: true,
  username: true,
  role: true,
  status: true,
  suspendedUntil: true,
  suspendedByRole: true,
  silencedUntil: true,
  silencedByRole: true,
  avatarFile: true,
  avatarVersion: true,
} satisfies Prisma.UserSelect;

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

    groupMessages: (ids: number[]) =>
      db.groupMessage.findMany({ where: { id: { in: ids } }, select: { id: true, content: true } }),

    findReport: (id: number) =>
      db.report.findUnique({
        where: { id },
        select: {
          id: true,
          status: true,
          reportedUserId: true,
          section: true,
          reportedUser: { select: { role: true, username: true } },
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
        select: { ...moderatedMemberSelect, email: true },
      }),

    /**
     * Records who holds the member's suspension and why, in the transaction that has just
     * suspended them (so the row is locked and the previous holder's rank is the latest): only
     * when the sanction in force, if any, came from one of `ranks`. false: a higher rank holds it.
     */
    async claimSanction(tx: Tx, id: number, by: { role: Role; ranks: Role[]; reason: string }) {
      const { count } = await tx.user.updateMany({
        where: {
          id,
          OR: [{ suspendedByRole: null }, { suspendedByRole: { in: by.ranks } }],
        },
        data: { suspendedByRole: by.role, suspensionReason: by.reason },
      });
      return count === 1;
    },

    /**
     * Silences the member until `until`, unless a silence still in force at `now` came from a
     * rank outside `ranks` (checked in the same statement). false: a higher rank holds it.
     */
    async claimSilence(
      tx: Tx,
      id: number,
      by: { role: Role; ranks: Role[]; reason: string; now: Date; until: Date },
    ) {
      const { count } = await tx.user.updateMany({
        where: {
          id,
          OR: [
            { silencedUntil: null },
            { silencedUntil: { lte: by.now } },
            { silencedByRole: null },
            { silencedByRole: { in: by.ranks } },
          ],
        },
        data: { silencedUntil: by.until, silenceReason: by.reason, silencedByRole: by.role },
      });
      return count === 1;
    },

    /** The member's sanctions, locked until the transaction ends (a lift decides on them). */
    async lockSanctions(tx: Tx, id: number) {
      const rows = await tx.$queryRaw<
        {
          status: string;
          suspendedUntil: Date | null;
          suspendedByRole: Role | null;
          silencedUntil: Date | null;
          silencedByRole: Role | null;
        }[]
      >`SELECT status::text AS status, suspended_until AS "suspendedUntil",
               suspended_by_role::text AS "suspendedByRole",
               silenced_until AS "silencedUntil", silenced_by_role::text AS "silencedByRole"
        FROM users WHERE id = ${id} FOR UPDATE`;
      return rows[0] ?? null;
    },

    /** SUSPENDED → ACTIVE, forgetting the sanction's end, holder and reason. */
    clearSuspension: (tx: Tx, id: number) =>
      tx.user.update({
        where: { id },
        data: {
          status: 'ACTIVE',
          suspendedUntil: null,
          suspendedByRole: null,
          suspensionReason: null,
        },
        select: { id: true },
      }),

    clearSilence: (tx: Tx, id: number) =>
      tx.user.update({
        where: { id },
        data: { silencedUntil: null, silenceReason: null, silencedByRole: null },
        select: { id: true },
      }),

    /** Every suspension over at `now`, lifted in one statement; returns who and until when. */
    liftExpired: (tx: Tx, now: Date) =>
      tx.$queryRaw<{ id: number; pseudo: string; until: Date }[]>`
        UPDATE users u SET status = 'ACTIVE', suspended_until = NULL, suspended_by_role = NULL,
                           suspension_reason = NULL
        FROM (SELECT id, suspended_until FROM users
              WHERE status = 'SUSPENDED' AND suspended_until <= ${now}::timestamptz FOR UPDATE) old
        WHERE u.id = old.id
        RETURNING u.id, u.pseudo, old.suspended_until AS until`,

    /**
     * Suspended or banned members, and those silenced at `now`. A deleted account is nobody's
     * to sanction or lift any more, even if an older anonymisation left a silence on its row.
     */
    sanctioned: (now: Date) =>
      db.user.findMany({
        where: {
          status: { not: 'DELETED' },
          OR: [{ status: 'SUSPENDED' }, { silencedUntil: { gt: now } }],
        },
        orderBy: { id: 'asc' },
        select: moderatedMemberSelect,
      }),

    audit: (tx: Tx, row: AuditRow) => writeAuditRow(tx, row),

    auditMany: (tx: Tx, rows: AuditRow[]) => writeAuditRows(tx, rows),
  };
}

export type ModerationRepository = ReturnType<typeof moderationRepository>;
