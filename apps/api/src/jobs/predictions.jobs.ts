import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { ReminderService } from '../modules/predictions/reminder.service.js';
import { scheduleJob } from './schedule.js';

export const PREDICTION_REMINDERS = 'predictions.reminders';

/**
 * The prediction reminder run (SCHEDULE_REMINDERS, every quarter hour by default). The
 * service claims each match once, so a retried or late run never sends a reminder twice.
 */
export async function registerPredictionJobs(
  boss: PgBoss,
  cron: string,
  reminders: Pick<ReminderService, 'sendDue'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<() => void> {
  await scheduleJob(
    boss,
    PREDICTION_REMINDERS,
    cron,
    async () => {
      const result = await reminders.sendDue();
      if (result.mails > 0) log.info(result, 'prediction reminders queued');
    },
    { retryLimit: 2 },
  );
  return () => {};
}
