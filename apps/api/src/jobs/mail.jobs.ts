import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { MailDispatcher, MailService } from '../modules/mail/mail.service.js';
import { MAIL_DELIVER, type JobsOptions } from './queue.js';

export function mailDispatcher(boss: PgBoss, opts: JobsOptions): MailDispatcher {
  return {
    async dispatch(outboxId) {
      await boss.send(
        MAIL_DELIVER,
        { outboxId },
        {
          retryLimit: opts.retryLimit ?? 10,
          retryDelay: opts.retryDelaySeconds ?? 5,
          retryBackoff: true,
          // With the 'short' queue policy, one queued job per mail at most: a sweep does not
          // pile up duplicates of a job that is still waiting.
          singletonKey: outboxId,
        },
      );
    },
  };
}

/** Registers the delivery worker; returns a stop function for the sweeper timer. */
export async function registerMailJobs(
  boss: PgBoss,
  mail: MailService,
  opts: JobsOptions,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<() => void> {
  await boss.createQueue(MAIL_DELIVER, { name: MAIL_DELIVER, policy: 'short' });
  await boss.work<{ outboxId: string }>(
    MAIL_DELIVER,
    { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, batchSize: 1 },
    async ([job]) => {
      if (job) await mail.deliver(job.data.outboxId);
    },
  );
  const sweep = () => mail.sweep().catch((err: unknown) => log.error({ err }, 'mail sweep failed'));
  const timer = setInterval(() => void sweep(), opts.sweepIntervalMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
