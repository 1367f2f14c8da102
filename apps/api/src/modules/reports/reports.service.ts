import {
  isDeletedPseudo,
  isOtherReason,
  REPORT_MESSAGES,
  reportCustomReasonSchema,
  type reportRequestSchema,
} from '@munegu/shared';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { ReportsRepository } from './reports.repository.js';

/** Reports a member may file per rolling hour: generous for real use, a wall against floods. */
export const REPORTS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

export interface ReportsServiceDeps {
  repo: ReportsRepository;
  clock: Clock;
}

export function reportsService({ repo, clock }: ReportsServiceDeps) {
  return {
    /**
     * Files a report for moderators. An identical report still OPEN is not stored twice, but the
     * reporter is told it was sent all the same: the outcome for them is the same.
     */
    async report(reporterId: number, input: z.output<typeof reportRequestSchema>): Promise<void> {
      if (input.to === reporterId) throw new AppError('VALIDATION', REPORT_MESSAGES.self);
      const reason = await repo.findReason(input.motifId, input.section);
      if (!reason) throw new AppError('VALIDATION', REPORT_MESSAGES.invalidMotif);

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
      if (!reported || reported.status === 'DELETED' || isDeletedPseudo(reported.pseudo))
        throw new AppError('NOT_FOUND', REPORT_MESSAGES.unknownUser);

      const now = clock.now();
      // Counted in the database so the budget holds across API instances and restarts.
      if (
        (await repo.countSince(reporterId, new Date(now.getTime() - HOUR_MS))) >= REPORTS_PER_HOUR
      )
        throw new AppError('RATE_LIMITED', REPORT_MESSAGES.tooMany);

      const key = {
        reporterId,
        reportedUserId: reported.id,
        reasonId: reason.id,
        section: input.section,
      };
      if (await repo.hasOpenDuplicate(key)) return;
      await repo.create({ ...key, customReason, createdAt: now });
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
