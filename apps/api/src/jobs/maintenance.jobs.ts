import type PgBoss from 'pg-boss';
import type { RateCounters } from '../plugins/rate-limit/counters.js';
import { scheduleJob } from './schedule.js';

export const RATE_COUNTERS_PURGE = 'maintenance.rate-counters';

/** Finished rate-limit windows are deleted every ten minutes (the table stays small). */
export async function registerMaintenanceJobs(
  boss: PgBoss,
  counters: RateCounters,
): Promise<() => void> {
  await scheduleJob(boss, RATE_COUNTERS_PURGE, '*/10 * * * *', async () => {
    await counters.purge();
  });
  return () => {};
}
