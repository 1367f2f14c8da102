import { matchLabel, type Role } from '@munegu/shared';
import type { Db } from '../../db/client.js';
import type { Prisma } from '../../generated/prisma/client.js';

/** The journal's filters, resolved (members by id, days as instants). */
export interface JournalFilter {
  /** An action name, or a prefix when it ends with '.'. */
  action?: string;
  targetType?: string;
  targetId?: string;
  actorId?: number;
  /** The member the row is about: its target, or the member a dismissed report was about. */
  targetUserId?: number;
  /** createdAt ≥ since and < before. */
  since?: Date;
  before?: Date;
  /**
   * The reader's rule for reports (moderation.service reportedRolesFor): rows about a report
   * whose member has another role are left out, as the report itself answers them 404.
   */
  reportedRoles?: Role[];
}

const rowSelect = {
  id: true,
  createdAt: true,
  action: true,
  targetType: true,
  targetId: true,
  targetLabel: true,
  data: true,
  actor: { select: { id: true, username: true, role: true, status: true } },
} satisfies Prisma.AuditLogSelect;

export type JournalRow = Prisma.AuditLogGetPayload<{ select: typeof rowSelect }>;

/** Target types whose current name can be read from their table, by id. */
export type NamedType =
  'match' | 'news' | 'contest' | 'club' | 'title' | 'antenna' | 'news-category' | 'reason';

/** `hidden`: the members whose reports the reader may not see (JournalFilter.reportedRoles). */
function where(f: JournalFilter, hidden: number[]): Prisma.AuditLogWhereInput {
  const and: Prisma.AuditLogWhereInput[] = [];
  if (hidden.length)
    and.push({
      NOT: {
        targetType: 'report',
        OR: hidden.map((id) => ({ data: { path: ['reportedUserId'], equals: id } })),
      },
    });
  if (f.action) and.push({ action: f.action.endsWith('.') ? { startsWith: f.action } : f.action });
  if (f.targetType) and.push({ targetType: f.targetType });
  if (f.targetId) and.push({ targetId: f.targetId });
  if (f.actorId) and.push({ actorId: f.actorId });
  if (f.targetUserId)
    and.push({
      OR: [
        { targetType: 'user', targetId: String(f.targetUserId) },
        { targetType: 'report', data: { path: ['reportedUserId'], equals: f.targetUserId } },
      ],
    });
  if (f.since || f.before)
    and.push({
      createdAt: { ...(f.since ? { gte: f.since } : {}), ...(f.before ? { lt: f.before } : {}) },
    });
  return and.length ? { AND: and } : {};
}

const byId = <T extends { id: number }>(rows: T[], name: (row: T) => string) =>
  new Map(rows.map((r) => [r.id, name(r)]));

/** The journal's reading side (GET /moderation/audit): rows, members and target names. */
export function journalRepository(db: Db) {
  return {
    /** Newest first; `total` counts every row the filter keeps. */
    async list(filter: JournalFilter, skip: number, take: number) {
      // Staff are few: their ids, rather than a join the JSON column cannot express.
      const hidden = filter.reportedRoles
        ? await db.user.findMany({
            where: { role: { notIn: filter.reportedRoles } },
            select: { id: true },
          })
        : [];
      const w = where(
        filter,
        hidden.map((u) => u.id),
      );
      const [rows, total] = await Promise.all([
        db.auditLog.findMany({
          where: w,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip,
          take,
          select: rowSelect,
        }),
        db.auditLog.count({ where: w }),
      ]);
      return { rows, total };
    },

    /** The member with this pseudo (any case), or null. */
    memberIdByPseudo: async (pseudo: string) =>
      (
        await db.user.findUnique({
          where: { usernameKey: pseudo.toLowerCase() },
          select: { id: true },
        })
      )?.id ?? null,

    members: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.user.findMany({
            where: { id: { in: ids } },
            select: { id: true, username: true, status: true, role: true },
          }),

    /** The current names of targets of one type, by id (ids that are gone are absent). */
    async names(type: NamedType, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const where = { id: { in: ids } };
      switch (type) {
        case 'match':
          return byId(
            await db.match.findMany({
              where,
              select: {
                id: true,
                kickoffAt: true,
                homeClub: { select: { name: true } },
                awayClub: { select: { name: true } },
              },
            }),
            (m) => matchLabel(m.homeClub.name, m.awayClub.name, m.kickoffAt),
          );
        case 'news':
          return byId(
            await db.news.findMany({ where, select: { id: true, title: true } }),
            (n) => n.title,
          );
        case 'contest':
          return byId(
            await db.contest.findMany({ where, select: { id: true, title: true } }),
            (c) => c.title,
          );
        case 'club':
          return byId(
            await db.club.findMany({ where, select: { id: true, name: true } }),
            (c) => c.name,
          );
        case 'title':
          return byId(
            await db.title.findMany({ where, select: { id: true, label: true } }),
            (t) => t.label,
          );
        case 'antenna':
          return byId(
            await db.antenna.findMany({ where, select: { id: true, name: true } }),
            (a) => a.name,
          );
        case 'news-category':
          return byId(
            await db.newsCategory.findMany({ where, select: { id: true, label: true } }),
            (c) => c.label,
          );
        case 'reason':
          return byId(
            await db.reason.findMany({ where, select: { id: true, label: true } }),
            (r) => r.label,
          );
      }
    },
  };
}

export type JournalRepository = ReturnType<typeof journalRepository>;
