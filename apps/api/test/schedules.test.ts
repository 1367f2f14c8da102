import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_INACTIVITY } from '../src/jobs/account.jobs.js';
import { RATE_COUNTERS_PURGE } from '../src/jobs/maintenance.jobs.js';
import { SUSPENSIONS_LIFT } from '../src/jobs/moderation.jobs.js';
import { PREDICTION_REMINDERS } from '../src/jobs/predictions.jobs.js';
import { createTestApp, FAST_JOBS, type TestApp } from './helpers/app.js';

/**
 * Scheduled work lives in pg-boss's cron table, at wall-clock times in Monaco, not on timers
 * counted from an instance's boot; two instances starting on one database keep one schedule
 * per job between them.
 */
describe('schedules', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { SCHEDULE_ACCOUNTS: '15 4 * * *' };
    const rateLimitStore = 'postgres';
    first = await createTestApp({ jobs: FAST_JOBS, env, rateLimitStore });
    second = await createTestApp({
      jobs: FAST_JOBS,
      env,
      rateLimitStore,
      database: first.database,
    });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('keeps one schedule per job at Paris time, with the operator’s cron', async () => {
    const schedules = await second.app.boss!.getSchedules();
    const byName = new Map(schedules.map((s) => [s.name, s]));
    expect(schedules.filter((s) => s.name === ACCOUNT_INACTIVITY)).toHaveLength(1);
    expect(byName.get(ACCOUNT_INACTIVITY)).toMatchObject({
      cron: '15 4 * * *',
      timezone: 'Europe/Paris',
    });
    expect(byName.get(PREDICTION_REMINDERS)).toMatchObject({
      cron: '*/15 * * * *',
      timezone: 'Europe/Paris',
    });
    expect(byName.get(RATE_COUNTERS_PURGE)).toMatchObject({ timezone: 'Europe/Paris' });
    expect(byName.get(SUSPENSIONS_LIFT)).toMatchObject({ cron: '*/5 * * * *' });
  });

  it('purges finished rate-limit windows and keeps running ones', async () => {
    await first.db.$executeRaw`INSERT INTO rate_limit_counters (key, hits, reset_at) VALUES
      ('api:192.0.2.10', 4, now() - interval '1 minute'),
      ('api:192.0.2.11', 2, now() + interval '1 minute')`;
    await first.app.boss!.send(RATE_COUNTERS_PURGE, {});
    await expect
      .poll(
        async () =>
          (
            await first.db.$queryRaw<{ key: string }[]>`
            SELECT key FROM rate_limit_counters WHERE key LIKE 'api:192.0.2.1_'`
          ).map((r) => r.key),
        { timeout: 15_000, interval: 250 },
      )
      .toEqual(['api:192.0.2.11']);
  });
});
