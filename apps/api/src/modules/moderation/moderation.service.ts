import {
  hasRole,
  MODERATION_LIMITS,
  MODERATION_TEXTS as M,
  ROLES,
  type Role,
  type ReportsPage,
  type ReportStatus,
} from '@munegu/shared';
import type { RunInTransaction, Tx } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { toReports } from './moderation.mapper.js';
import type { ModerationRepository } from './moderation.repository.js';
import type { Actor, SanctionsService } from './sanctions.service.js';

export interface ModerationDeps {
  repo: ModerationRepository;
  sanctions: SanctionsService;
  transaction: RunInTransaction;
  clock: Clock;
}

/**
 * Whose reports `role` sees and handles. A report about a MODERATEUR or an ADMIN is for ADMINs
 * only, so no moderator judges a peer or a superior; for the others it does not exist (404).
 */
export const reportedRolesFor = (role: Role): Role[] =>
  hasRole(role, 'ADMIN') ? [...ROLES] : ROLES.filter((r) => !hasRole(r, 'MODERATEUR'));

/** The reports queue and what a moderator does with a report. */
export function moderationService(deps: ModerationDeps) {
  const { repo, sanctions, transaction, clock } = deps;

  /** An OPEN report the actor may handle, about someone else than them. */
  async function openReport(actor: Actor, id: number) {
    const report = await repo.findReport(id);
    if (!report || !reportedRolesFor(actor.role).includes(report.reportedUser.role))
      throw new AppError('NOT_FOUND', M.reportNotFound);
    if (report.status !== 'OPEN') throw new AppError('CONFLICT', M.reportHandled);
    if (report.reportedUserId === actor.id) throw new AppError('FORBIDDEN', M.ownReport);
    return report;
  }

  /** Closes the report in the caller's transaction; a moderator who got there first wins. */
  const close = (tx: Tx, actor: Actor, id: number, status: ReportStatus) =>
    repo.closeReport(tx, id, status, actor.id, clock.now()).then((ok) => {
      if (!ok) throw new AppError('CONFLICT', M.reportHandled);
    });

  return {
    async reports(actor: Actor, status: ReportStatus, page: number): Promise<ReportsPage> {
      const size = MODERATION_LIMITS.reportsPageSize;
      const { rows, total } = await repo.listReports(
        status,
        reportedRolesFor(actor.role),
        (page - 1) * size,
        size,
      );
      return { items: await toReports(repo, rows), total, page, pageSize: size };
    },

    async dismiss(actor: Actor, id: number, reason: string | undefined): Promise<void> {
      const report = await openReport(actor, id);
      await transaction(async (tx) => {
        await close(tx, actor, id, 'DISMISSED');
        await repo.audit(tx, {
          actorId: actor.id,
          action: 'moderation.report.dismiss',
          targetType: 'report',
          targetId: String(id),
          targetLabel: report.reportedUser.username,
          data: { reportedUserId: report.reportedUserId, ...(reason ? { reason } : {}) },
          ip: actor.ip,
        });
      });
    },

    /** A warning mail through the outbox, the report REVIEWED, one audit row: one transaction. */
    async warn(actor: Actor, id: number, reason: string): Promise<void> {
      const report = await openReport(actor, id);
      const user = await sanctions.target(actor, report.reportedUserId);
      await sanctions.warn(actor, user, reason, {
        data: { reportId: id },
        within: (tx) => close(tx, actor, id, 'REVIEWED'),
      });
    },

    /** Suspension (days) or ban (days null) of the reported member; the report REVIEWED. */
    async sanction(actor: Actor, id: number, input: { reason: string; days: number | null }) {
      const report = await openReport(actor, id);
      const user = await sanctions.target(actor, report.reportedUserId);
      return sanctions.suspend(actor, user, input, {
        data: { reportId: id },
        within: (tx) => close(tx, actor, id, 'REVIEWED'),
      });
    },
  };
}

export type ModerationService = ReturnType<typeof moderationService>;
