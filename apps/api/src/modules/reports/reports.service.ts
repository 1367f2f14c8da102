import {
  isDeletedPseudo,
  isOtherReason,
  REPORT_TEXTS,
  reportCustomReasonSchema,
  type reportRequestSchema,
} from '@munegu/shared';
import type { z } from 'zod';
import type { RateBudget } from '../../config/rate-budgets.js';
import type { RunInTransaction, Tx } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { NewReport, ReportsRepository } from './reports.repository.js';

export interface ReportsServiceDeps {
  repo: ReportsRepository;
  transaction: RunInTransaction;
  clock: Clock;
  /** Reports one member may file per window (RATE_LIMIT_REPORTS, config/rate-budgets.ts). */
  budget: RateBudget;
}

/** 'duplicate': the reporter already has that report OPEN, so nothing new was stored. */
type Outcome = 'stored' | 'duplicate' | 'overBudget';

/** A report from a carpool cancellation, its reason already checked by the carpool rules. */
export interface CarpoolReport {
  reporterId: number;
  reportedUserId: number;
  reasonId: number;
  customReason: string | null;
  relationId: number;
  /** The relation being cancelled is 'Confirmé' right now (read under its lock). */
  confirmedNow: boolean;
}

/**
 * The one door through which reports reach the moderators, whether from the report form or a
 * carpool cancellation: a budget per member and at most one OPEN report per reporter, member
 * and section. Identical reports sent at once must not both get through, so the budget is
 * counted under a lock on the reporter and the insert leans on a unique index.
 */
export function reportsService({ repo, transaction, clock, budget }: ReportsServiceDeps) {
  async function file(tx: Tx, report: Omit<NewReport, 'createdAt'>): Promise<Outcome> {
    await repo.lockReporter(tx, report.reporterId);
    const now = clock.now();
    // Counted in the database so the budget holds across API instances and restarts.
    const since = new Date(now.getTime() - budget.timeWindow);
    if ((await repo.countSince(tx, report.reporterId, since)) >= budget.max) return 'overBudget';
    return (await repo.insertOpen(tx, { ...report, createdAt: now })) ? 'stored' : 'duplicate';
  }

  /**
   * The message a report points at, checked against what the reporter could read: a private
   * message they received from `to`, or a message `to` wrote in a group the reporter is in.
   * Anything else is answered as unknown, so that ids reveal nothing.
   */
  async function reportedMessage(
    reporterId: number,
    input: z.output<typeof reportRequestSchema>,
  ): Promise<Pick<NewReport, 'contextType' | 'contextId'>> {
    if (input.messageId !== undefined) {
      const m = await repo.findMessage(input.messageId);
      if (!m || m.senderId !== input.to || m.receiverId !== reporterId)
        throw new AppError('NOT_FOUND', REPORT_TEXTS.unknownMessage);
      return { contextType: 'message', contextId: input.messageId };
    }
    if (input.groupMessageId !== undefined) {
      const m = await repo.findGroupMessage(input.groupMessageId, reporterId);
      if (!m || m.senderId !== input.to || !m.readable)
        throw new AppError('NOT_FOUND', REPORT_TEXTS.unknownMessage);
      return { contextType: 'group_message', contextId: input.groupMessageId };
    }
    return {};
  }

  return {
    /**
     * POST /user-signalement. An OPEN report about the same member in the same section is not
     * stored twice: 'duplicate' lets the route tell the reporter that their earlier one is still
     * being examined (and so that this one's reason was not added).
     */
    async report(
      reporterId: number,
      input: z.output<typeof reportRequestSchema>,
    ): Promise<'stored' | 'duplicate'> {
      if (input.to === reporterId) throw new AppError('VALIDATION', REPORT_TEXTS.self);
      const context = await reportedMessage(reporterId, input);
      const reason = await repo.findReason(input.motifId, input.section);
      if (!reason) throw new AppError('VALIDATION', REPORT_TEXTS.invalidMotif);

      // Free text only for 'Autre'; for any other motif it is ignored, not stored.
      let customReason: string | null = null;
      if (isOtherReason(reason.label)) {
        const parsed = reportCustomReasonSchema.safeParse(input.customReason ?? '');
        if (!parsed.success)
          throw new AppError('VALIDATION', parsed.error.issues[0]!.message, {
            details: [{ path: 'customReason', message: parsed.error.issues[0]!.message }],
          });
        customReason = parsed.data;
      }

      const reported = await repo.findUser(input.to);
      if (!reported || reported.status === 'DELETED' || isDeletedPseudo(reported.username))
        throw new AppError('NOT_FOUND', REPORT_TEXTS.unknownUser);

      const outcome = await transaction((tx) =>
        file(tx, {
          reporterId,
          reportedUserId: reported.id,
          reasonId: reason.id,
          section: input.section,
          customReason,
          ...context,
        }),
      );
      if (outcome === 'overBudget') throw new AppError('RATE_LIMITED', REPORT_TEXTS.tooMany);
      return outcome;
    },

    /**
     * The report a passenger adds to a cancellation, inside the cancellation's transaction.
     * Only about a member the reporter has actually ridden with (this relation confirmed, or a
     * confirmed carpool between them before): a request the driver never accepted is no trip
     * to report on. True when the report is with the moderators (stored now, or already OPEN).
     */
    async fromCarpool(tx: Tx, r: CarpoolReport): Promise<boolean> {
      if (
        !r.confirmedNow &&
        !(await repo.sharedConfirmedCarpool(tx, r.reporterId, r.reportedUserId))
      )
        return false;
      const outcome = await file(tx, {
        reporterId: r.reporterId,
        reportedUserId: r.reportedUserId,
        reasonId: r.reasonId,
        section: 'covoiturage',
        customReason: r.customReason,
        contextType: 'carpool_relation',
        contextId: r.relationId,
      });
      return outcome !== 'overBudget';
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
