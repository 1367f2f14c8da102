import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { PushJob, PushQueue, PushService } from '../modules/push/push.service.js';
import type { JobsOptions } from './queue.js';

export const PUSH_DELIVER = 'push.deliver';

/**
 * One job per subscription and notification, so a retry never repeats what another device
 * already received. Retries (5xx, 429, network) back off from retryDelaySeconds, doubling; a
 * delivery still running after 60 s is given up and retried (each request has its own
 * PUSH_TIMEOUT_MS deadline, so that only happens to a stuck worker).
 */
export function pushQueue(boss: PgBoss, opts: JobsOptions & { pushRetryLimit: number }): PushQueue {
  return {
    async enqueue(jobs: PushJob[]) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((data) => ({
          name: PUSH_DELIVER,
          data,
          retryLimit: opts.pushRetryLimit,
          retryDelay: opts.retryDelaySeconds ?? 5,
          retryBackoff: true,
          expireInSeconds: 60,
        })),
      );
    },
  };
}

/**
 * `concurrency` workers. pg-boss waits a polling interval after every fetch, busy or not, so
 * each fetch takes up to `batchSize` notifications (one job each) and sends them side by side;
 * each settles on its own, at once: a failure retries that notification only, and a delivered
 * one is completed before the batch ends. Sent side by side, a batch takes one PUSH_TIMEOUT_MS
 * at worst, well within a job's 60 s.
 *
 * The handler never rejects: pg-boss fails every job of a batch whose handler rejects, so a
 * settle that the database refused (an outage, a loaded embedded database) would send the
 * batch's delivered notifications again (the one path found for 4 devices notified twice in a
 * CI run). A job whose settle failed stays active and is retried alone when it expires.
 */
export async function registerPushJobs(
  boss: PushBoss,
  push: Pick<PushService, 'deliver'>,
  opts: JobsOptions & { concurrency: number },
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<() => void> {
  await boss.createQueue(PUSH_DELIVER, { name: PUSH_DELIVER, policy: 'standard' });
  for (let i = 0; i < opts.concurrency; i++) await work(boss, push, opts, log);
  return () => {};
}

/** The part of pg-boss the push workers use. */
export type PushBoss = Pick<PgBoss, 'createQueue' | 'work' | 'complete' | 'fail'>;

async function work(
  boss: PushBoss,
  push: Pick<PushService, 'deliver'>,
  opts: JobsOptions,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  /** Runs a job's complete or fail; a refusal is logged, the job then expires and is retried. */
  const settle = async (job: PgBoss.Job<PushJob>, step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (err) {
      log.warn(
        { subscriptionId: job.data.subscriptionId, err: (err as Error).message },
        'push: état de la tâche non enregistré, nouvel essai à son expiration',
      );
    }
  };
  await boss.work<PushJob>(
    PUSH_DELIVER,
    { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, batchSize: opts.batchSize ?? 5 },
    async (jobs) => {
      await Promise.all(
        jobs.map(async (job) => {
          try {
            await push.deliver(job.data);
          } catch (err) {
            const message = (err as Error).message;
            // Never the endpoint (a capability URL) or the payload in the logs.
            log.warn(
              { subscriptionId: job.data.subscriptionId, err: message },
              'push: envoi échoué, nouvel essai plus tard',
            );
            await settle(job, () => boss.fail(PUSH_DELIVER, job.id, { message }));
            return;
          }
          await settle(job, () => boss.complete(PUSH_DELIVER, job.id));
        }),
      );
    },
  );
}
