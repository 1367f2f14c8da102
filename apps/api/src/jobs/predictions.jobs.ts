import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { ReminderService } from '../modules/predictions/reminder.service.js';

export const PREDICTION_REMINDERS = 'predictions.reminders';
const EVERY_MS = 15 * 60_000;

/**
 * The prediction reminder run, every 15 minutes. Each instance offers a job on its timer;
 * `singletonKey` + `singletonSeconds` keep one per quarter hour in total, and the service
 * itself claims each match once, so reminders are never sent twice. Returns a stop function.
 */
export async function registerPredictionJobs(
  boss: PgBoss,
  reminders: Pick<ReminderService, 'sendDue'>,
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
): Promise<() => void> {
  await boss.createQueue(PREDICTION_REMINDERS, { name: PREDICTION_REMINDERS, policy: 'standard' });
  await boss.work(PREDICTION_REMINDERS, { batchSize: 1 }, async () => {
    const result = await reminders.sendDue();
    if (result.mails > 0) log.info(result, 'prediction reminders queued');
  });
  const offer = () =>
    boss
      .send(
        PREDICTION_REMINDERS,
        {},
        { singletonKey: 'quarter', singletonSeconds: 900, retryLimit: 2 },
      )
      .catch((err: unknown) => log.error({ err }, 'reminder job not queued'));
  void offer();
  const timer = setInterval(() => void offer(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
