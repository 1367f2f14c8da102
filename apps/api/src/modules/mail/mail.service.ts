import type { FastifyBaseLogger } from 'fastify';
import { afterCommit, type Tx } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import type { MailTransport } from '../../lib/mail/transport.js';
import type { MailRepository, NewMail } from './mail.repository.js';

/** Hands an outbox row to the background queue (pg-boss in production). */
export interface MailDispatcher {
  dispatch(outboxId: string): Promise<void>;
}

/** A worker that died mid-send leaves SENDING; after this long another may retake the row. */
const STALE_SENDING_MS = 5 * 60_000;
/** Beyond this many attempts a row stays FAILED for an operator to look at. */
export const MAX_MAIL_ATTEMPTS = 20;

export interface MailServiceDeps {
  repo: MailRepository;
  transport: MailTransport;
  dispatcher: MailDispatcher;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Mail that is never lost: a mail is first a MailOutbox row (written in the caller's
 * transaction when there is one), then a queued job that sends it; the sweeper re-queues
 * rows whose job was lost.
 */
export function mailService({ repo, transport, dispatcher, clock, log }: MailServiceDeps) {
  const dispatchQuietly = (id: string) =>
    dispatcher.dispatch(id).catch((err: unknown) => {
      // The row is safe in the outbox; the sweeper will queue it again.
      log.warn({ err, outboxId: id }, 'mail dispatch failed, left to the sweeper');
    });

  return {
    async enqueue(mail: NewMail, tx?: Tx): Promise<string> {
      const id = await repo.insert(mail, tx);
      if (tx) {
        // The row is not visible to a worker before the caller commits: the job is queued once
        // the transaction has committed. Queued while it was still open, the first mail of a
        // transaction went out only with the sweeper, a minute or two later (an e-mail change's
        // link to the new address): a worker could fetch the job before the row existed, and
        // on the embedded database the job itself was not even stored. A transaction opened
        // outside a transactionRunner keeps the old way (a worker that runs too early retries).
        if (!afterCommit(tx, () => void dispatchQuietly(id)))
          setImmediate(() => void dispatchQuietly(id));
      } else {
        await dispatchQuietly(id);
      }
      return id;
    },

    /** Job handler. Throws on failure so the queue retries with backoff. */
    async deliver(id: string): Promise<'sent' | 'skipped'> {
      const now = clock.now();
      const mail = await repo.claim(id, now, new Date(now.getTime() - STALE_SENDING_MS));
      if (!mail) {
        // Either another worker has it / sent it, or the enqueuing transaction has not committed.
        if (await repo.exists(id)) return 'skipped';
        throw new Error(`mail ${id} not committed yet`);
      }
      try {
        await transport.send({
          outboxId: mail.id,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      } catch (err) {
        await repo.markFailed(id, err instanceof Error ? err.message : String(err));
        throw err;
      }
      await repo.markSent(id, clock.now());
      return 'sent';
    },

    /** Re-queues rows left behind by a crash or a lost job; returns how many. */
    async sweep(): Promise<number> {
      const now = clock.now().getTime();
      const ids = await repo.findStranded({
        pendingBefore: new Date(now - 60_000),
        failedBefore: new Date(now - 10 * 60_000),
        sendingBefore: new Date(now - STALE_SENDING_MS),
        maxAttempts: MAX_MAIL_ATTEMPTS,
        limit: 100,
      });
      for (const id of ids) await dispatchQuietly(id);
      if (ids.length > 0) log.info({ count: ids.length }, 'mail sweeper re-queued stranded mails');
      return ids.length;
    },
  };
}

export type MailService = ReturnType<typeof mailService>;
