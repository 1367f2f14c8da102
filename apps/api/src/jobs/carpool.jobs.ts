import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { NotificationsService } from '../modules/carpool/notifications.service.js';
import { scheduleJob } from './schedule.js';

export const CARPOOL_MAIL_DIGESTS = 'carpool.mail-digests';

/**
 * Sends the carpool mails that the per-sender window held back (SCHEDULE_CARPOOL_DIGESTS,
 * every minute by default), so the last word of a burst (a cancellation after a proposal)
 * reaches the mailbox too, once. Each pair is re-checked under its lock: a late or repeated
 * run mails nobody twice.
 */
export async function registerCarpoolJobs(
  boss: PgBoss,
  cron: string,
  notifications: Pick<NotificationsService, 'sendDueDigests'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<() => void> {
  await scheduleJob(
    boss,
    CARPOOL_MAIL_DIGESTS,
    cron,
    async () => {
      const mails = await notifications.sendDueDigests();
      if (mails > 0) log.info({ mails }, 'carpool mail summaries queued');
    },
    { retryLimit: 2 },
  );
  return () => {};
}
