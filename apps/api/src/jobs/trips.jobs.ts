import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { TripReminderService } from '../modules/trips/notify/reminder.service.js';
import { scheduleJob } from './schedule.js';

export const TRIP_REMINDERS = 'trips.reminders';

/**
 * The coach trips' day-before reminder (SCHEDULE_TRIP_REMINDERS, 18:00 Paris time by
 * default): the trips departing the next Paris day tell their confirmed registrants the time
 * and place. Each trip is claimed once, so a retried, late or repeated run reminds nobody
 * twice; a run added later the same day (a trip created after 18:00) catches the rest.
 */
export async function registerTripJobs(
  boss: PgBoss,
  cron: string,
  reminders: Pick<TripReminderService, 'sendDue'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<() => void> {
  await scheduleJob(
    boss,
    TRIP_REMINDERS,
    cron,
    async () => {
      const result = await reminders.sendDue();
      if (result.trips > 0) log.info(result, 'trip reminders sent');
    },
    { retryLimit: 2 },
  );
  return () => {};
}
