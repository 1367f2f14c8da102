import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { UploadsSweepService } from '../modules/news/uploads-sweep.service.js';
import type { RateCounters } from '../plugins/rate-limit/counters.js';
import { scheduleJob } from './schedule.js';

export const RATE_COUNTERS_PURGE = 'maintenance.rate-counters';
export const UPLOADS_SWEEP = 'maintenance.uploads';

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

/**
 * Deletes the stored images no news item or contest shows any more (SCHEDULE_UPLOADS_SWEEP,
 * 03:45 by default), past their grace period: a run repeated or late deletes nothing twice.
 */
export async function registerUploadsSweep(
  boss: PgBoss,
  cron: string,
  uploads: Pick<UploadsSweepService, 'sweep'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<() => void> {
  await scheduleJob(boss, UPLOADS_SWEEP, cron, async () => {
    const removed = await uploads.sweep();
    if (removed > 0) log.info({ removed }, 'unused uploaded images deleted');
  });
  return () => {};
}
