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
  // pg-boss waits a polling interval after every fetch, busy or not (its worker loop): one job
  // per fetch capped delivery at one mail per interval, and a burst of carpool notices left
  // contact mails queued behind it for many minutes (found by `pnpm bench drill-faults`). A fetch
  // now takes up to `batchSize` mails and delivers them one by one; a mail that fails is failed
  // alone (its own retry and backoff), the others complete when the batch returns.
  await boss.work<{ outboxId: string }>(
    MAIL_DELIVER,
    { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, batchSize: opts.batchSize ?? 10 },
    async (jobs) => {
      for (const job of jobs) {
        try {
          await mail.deliver(job.data.outboxId);
        } catch (err) {
          await boss.fail(MAIL_DELIVER, job.id, {
            message: err instanceof Error ? err.message : String(err),
          });
        }
      }
    },
  );
  const sweep = () => mail.sweep().catch((err: unknown) => log.error({ err }, 'mail sweep failed'));
  const timer = setInterval(() => void sweep(), opts.sweepIntervalMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
