import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { SanctionsService } from '../modules/moderation/sanctions.service.js';
import { scheduleJob } from './schedule.js';

export const SUSPENSIONS_LIFT = 'moderation.suspensions';

/**
 * Ends the suspensions whose time is up (SCHEDULE_SUSPENSIONS, every 5 minutes by default):
 * one conditional UPDATE, so a late or repeated run lifts nobody twice.
 */
export async function registerModerationJobs(
  boss: PgBoss,
  cron: string,
  sanctions: Pick<SanctionsService, 'liftExpired'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<() => void> {
  await scheduleJob(
    boss,
    SUSPENSIONS_LIFT,
    cron,
    async () => {
      const lifted = await sanctions.liftExpired();
      if (lifted > 0) log.info({ lifted }, 'suspensions lifted');
    },
    { retryLimit: 2 },
  );
  return () => {};
}
