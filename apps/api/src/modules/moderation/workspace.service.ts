import {
  MODERATION_WORKSPACE_LIMITS as LIMITS,
  MODERATION_WORKSPACE_TEXTS as T,
  type ModerationMember,
  type ModerationSearchResult,
  type QueuePage,
  type SanctionCounts,
} from '@munegu/shared';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { toReports } from './moderation.mapper.js';
import type { ModerationRepository } from './moderation.repository.js';
import { reportedRolesFor } from './moderation.service.js';
import type { Actor, SanctionsService } from './sanctions.service.js';
import { toModeratedMember, toSanctionEntry } from './workspace.mapper.js';
import type { WorkspaceRepository } from './workspace.repository.js';

export interface WorkspaceDeps {
  repo: WorkspaceRepository;
  /** What a report points at (a carpool's match, a message's text), as the queue shows it. */
  reports: Pick<ModerationRepository, 'relations' | 'messages' | 'groupMessages'>;
  /** Whom the caller may sanction: the sanctions' own rule, not a copy of it. */
  sanctions: Pick<SanctionsService, 'target'>;
  clock: Clock;
}

const noSanctions = (): SanctionCounts => ({ warn: 0, silence: 0, suspend: 0, ban: 0 });

/**
 * The moderators' workspace: the open reports grouped per reported member, their count for
 * the navigation badge, the member search and a member's moderation page. Reports about a
 * moderator or an admin stay for admins (reportedRolesFor): a moderator's queue, count and
 * member pages leave them out.
 */
export function workspaceService({ repo, reports, sanctions, clock }: WorkspaceDeps) {
  /** true when `actor` may sanction the member (not themselves, a lower role). */
  const canSanction = (actor: Actor, userId: number) =>
    sanctions.target(actor, userId).then(
      () => true,
      (e: unknown) => {
        if (e instanceof AppError && (e.code === 'FORBIDDEN' || e.code === 'CONFLICT'))
          return false;
        throw e;
      },
    );

  return {
    async queue(actor: Actor, page: number): Promise<QueuePage> {
      const size = LIMITS.queuePageSize;
      const roles = reportedRolesFor(actor.role);
      const [groups, totals] = await Promise.all([
        repo.queueGroups(roles, (page - 1) * size, size),
        repo.queueTotals(roles),
      ]);
      const ids = groups.map((g) => g.id);
      const [members, rows, reasons] = await Promise.all([
        repo.members(ids),
        repo.groupReports(ids, LIMITS.reportsPerGroup),
        repo.openReasons(ids),
      ]);
      const shown = await toReports(reports, rows);
      const memberOf = new Map(members.map((m) => [m.id, m]));
      const now = clock.now();
      const items = groups.flatMap((g) => {
        const member = memberOf.get(g.id);
        if (!member) return [];
        return [
          {
            member: toModeratedMember(member, now, actor),
            openCount: g.open,
            reasons: reasons
              .filter((r) => r.userId === g.id)
              .map(({ label, count }) => ({ label, count })),
            latestAt: g.latest.toISOString(),
            reports: shown.filter((r) => r.reported.id === g.id),
          },
        ];
      });
      return { items, total: totals.members, open: totals.open, page, pageSize: size };
    },

    /** The navigation badge: open reports the caller may handle. */
    async openCount(actor: Actor): Promise<{ open: number }> {
      return { open: await repo.openCount(reportedRolesFor(actor.role)) };
    },

    /** Pseudo or e-mail prefix (any case), with each member's open reports and sanctions. */
    async search(actor: Actor, q: string): Promise<ModerationSearchResult[]> {
      const found = await repo.search(q.toLowerCase(), LIMITS.searchResults);
      const ids = found.map((m) => m.id);
      const [open, given] = await Promise.all([
        repo.openCounts(ids, reportedRolesFor(actor.role)),
        repo.sanctionCounts(ids),
      ]);
      const openOf = new Map(open.map((o) => [o.reportedUserId, o._count._all]));
      const sanctionsOf = new Map<string, SanctionCounts>();
      for (const row of given) {
        const kind = row.action.slice('moderation.user.'.length);
        if (!row.targetId || kind === 'lift') continue;
        const counts = sanctionsOf.get(row.targetId) ?? noSanctions();
        counts[kind as keyof SanctionCounts] = row._count._all;
        sanctionsOf.set(row.targetId, counts);
      }
      const now = clock.now();
      return found.map((m) => ({
        ...toModeratedMember(m, now, actor),
        email: m.email,
        openReports: openOf.get(m.id) ?? 0,
        sanctions: sanctionsOf.get(String(m.id)) ?? noSanctions(),
      }));
    },

    /** One member's moderation page. */
    async member(actor: Actor, id: number): Promise<ModerationMember> {
      const user = await repo.member(id);
      if (!user) throw new AppError('NOT_FOUND', T.memberNotFound);
      const roles = reportedRolesFor(actor.role);
      const reportsVisible = roles.includes(user.role);
      const take = LIMITS.memberReports;
      const none = { rows: [], total: 0 };
      const [about, by, open, history, carpool, sanctionable] = await Promise.all([
        reportsVisible ? repo.reports({ reportedUserId: id }, take) : none,
        repo.reports({ reporterId: id, reportedUser: { role: { in: roles } } }, take),
        reportsVisible ? repo.openAboutMember(id) : 0,
        repo.sanctions(id, LIMITS.memberSanctions),
        repo.carpool(id),
        canSanction(actor, id),
      ]);
      const [reportsAbout, reportsBy] = await Promise.all([
        toReports(reports, about.rows),
        toReports(reports, by.rows),
      ]);
      const now = clock.now();
      const member = toModeratedMember(user, now, actor);
      return {
        member: {
          ...member,
          email: user.email,
          createdAt: user.createdAt.toISOString(),
          suspensionReason: user.status === 'SUSPENDED' ? user.suspensionReason : null,
          silenceReason: member.silencedUntil ? user.silenceReason : null,
        },
        reportsVisible,
        canSanction: sanctionable,
        openReports: open,
        reportsAbout,
        reportsAboutTotal: about.total,
        reportsBy,
        reportsByTotal: by.total,
        // A sanction stays in the history; the report behind it is named only to who sees it.
        sanctions: history.map((row) =>
          reportsVisible ? toSanctionEntry(row) : { ...toSanctionEntry(row), reportId: null },
        ),
        carpool: {
          ratingAverage: user.carpoolRating === null ? null : Number(user.carpoolRating),
          ...carpool,
        },
      };
    },
  };
}

export type WorkspaceService = ReturnType<typeof workspaceService>;
