import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { PrivacyService } from '../modules/account/privacy.service.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import { scheduleJob } from './schedule.js';

export const ACCOUNT_INACTIVITY = 'account.inactivity';

/**
 * The daily account run (SCHEDULE_ACCOUNTS, 03:30 Paris time by default, when nobody is
 * around): inactivity warnings, then anonymisation, then expired sessions.
 */
export async function registerAccountJobs(
  boss: PgBoss,
  cron: string,
  privacy: Pick<PrivacyService, 'runInactivity'>,
  auth: Pick<AuthService, 'purgeExpired'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<() => void> {
  await scheduleJob(
    boss,
    ACCOUNT_INACTIVITY,
    cron,
    async () => {
      const result = await privacy.runInactivity();
      const purged = await auth.purgeExpired();
      log.info({ ...result, purged }, 'daily account run');
    },
    { retryLimit: 3 },
  );
  return () => {};
}
