import type PgBoss from 'pg-boss';

/** Every schedule reads as a wall-clock time in Monaco, summer and winter alike. */
export const SCHEDULE_TIMEZONE = 'Europe/Paris';

/**
 * A job that runs at fixed times: pg-boss's cron, kept in the database, so the times do not
 * depend on when an instance booted, and several instances queue one job per tick between
 * them (pg-boss claims each cron tick once and sends with a per-minute singleton key). Calling
 * it again at start replaces the cron expression, so a changed SCHEDULE_* takes effect on the
 * next deploy.
 */
export async function scheduleJob(
  boss: PgBoss,
  name: string,
  cron: string,
  handler: () => Promise<void>,
  options: { retryLimit?: number } = {},
): Promise<void> {
  await boss.createQueue(name, { name, policy: 'standard' });
  await boss.work(name, { batchSize: 1 }, handler);
  await boss.schedule(name, cron, {}, { tz: SCHEDULE_TIMEZONE, ...options });
}
