import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { PrivacyService } from '../modules/account/privacy.service.js';
import type { AuthService } from '../modules/auth/auth.service.js';

export const ACCOUNT_INACTIVITY = 'account.inactivity';
/** How often each instance offers the job; pg-boss keeps one per day (singletonHours). */
const OFFER_EVERY_MS = 3_600_000;

/**
 * The daily account run: inactivity warnings, then anonymisation, then expired sessions. Every instance offers a job
 * each hour, but with `singletonKey` + `singletonHours: 24` pg-boss accepts one per day in
 * total, so the run happens once a day whatever the number of instances or restarts.
 * Returns a stop function for the timer.
 */
export async function registerAccountJobs(
  boss: PgBoss,
  privacy: Pick<PrivacyService, 'runInactivity'>,
  auth: Pick<AuthService, 'purgeExpired'>,
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
): Promise<() => void> {
  await boss.createQueue(ACCOUNT_INACTIVITY, { name: ACCOUNT_INACTIVITY, policy: 'standard' });
  await boss.work(ACCOUNT_INACTIVITY, { batchSize: 1 }, async () => {
    const result = await privacy.runInactivity();
    const purged = await auth.purgeExpired();
    log.info({ ...result, purged }, 'daily account run');
  });
  const offer = () =>
    boss
      .send(ACCOUNT_INACTIVITY, {}, { singletonKey: 'daily', singletonHours: 24, retryLimit: 3 })
      .catch((err: unknown) => log.error({ err }, 'inactivity job not queued'));
  void offer();
  const timer = setInterval(() => void offer(), OFFER_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
