import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';

export const MAIL_DELIVER = 'mail.deliver';

export interface JobsOptions {
  /** How often an idle worker polls for jobs (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** First retry delay; doubled at each retry (retryBackoff). */
  retryDelaySeconds?: number;
  retryLimit?: number;
  /** Jobs one worker takes per fetch (MAIL_BATCH_SIZE, PUSH_BATCH_SIZE). */
  batchSize?: number;
  /** Period of the outbox sweeper. */
  sweepIntervalMs?: number;
  /**
   * Whether this instance fires the wall-clock schedules (pg-boss's cron; default true). The
   * test apps turn it off: a tick that fell while a test file ran started a real run of that
   * job (a prediction reminder to every member of the embedded tier's shared database, in one
   * transaction that held PGlite's single session for seconds), so the suite's outcome
   * depended on the minute it ran at. Tests run a scheduled job by sending it, or call its service.
   */
  cron?: boolean;
}

/**
 * pg-boss with its own small pool (2 connections): it must never wait behind the API's
 * Prisma pool. It runs on the real PostgreSQL and on the embedded PGlite alike
 * (verified by the test suite's embedded tier).
 */
export function createQueue(
  connectionString: string,
  log: Pick<FastifyBaseLogger, 'error'>,
  connectTimeoutMs = 5000,
  { cron = true }: Pick<JobsOptions, 'cron'> = {},
) {
  // pg-boss hands its options to its pg pool (src/db.js), connectionTimeoutMillis included,
  // though its types omit it: during a database outage its polls fail fast instead of hanging.
  const options: PgBoss.ConstructorOptions & { connectionTimeoutMillis: number } = {
    connectionString,
    max: 2,
    connectionTimeoutMillis: connectTimeoutMs,
    schema: 'pgboss',
    application_name: 'munegu-jobs',
    // Off: the schedules stay stored (boss.schedule still writes them), no tick is fired here.
    schedule: cron,
  };
  const boss = new PgBoss(options);
  boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  return boss;
}

export type Queue = PgBoss;
