import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_INACTIVITY } from '../src/jobs/account.jobs.js';
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
    first = await createTestApp({ jobs: FAST_JOBS, env });
    second = await createTestApp({ jobs: FAST_JOBS, env, database: first.database });
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
  });
});
