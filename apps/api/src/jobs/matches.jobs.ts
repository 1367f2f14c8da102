import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { KickoffAnnouncer } from '../modules/admin-matches/kickoff-announcer.js';
import { scheduleJob } from './schedule.js';

export const KICKOFF_ANNOUNCEMENTS = 'matches.kickoff-announcements';

/**
 * Announces the moved kickoffs whose KICKOFF_ANNOUNCE_DELAY_MINUTES has passed since their
 * last move (SCHEDULE_KICKOFF_ANNOUNCEMENTS, every minute by default). Each is taken once,
 * whatever the instances and the retries: a retry goes on with the ones not taken yet, and a
 * failed listener never tells anyone twice.
 */
export async function registerMatchJobs(
  boss: PgBoss,
  cron: string,
  kickoffs: Pick<KickoffAnnouncer, 'announceDue'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<() => void> {
  await scheduleJob(
    boss,
    KICKOFF_ANNOUNCEMENTS,
    cron,
    async () => {
      const matches = await kickoffs.announceDue();
      if (matches > 0) log.info({ matches }, 'moved kickoffs announced');
    },
    { retryLimit: 2 },
  );
  return () => {};
}
