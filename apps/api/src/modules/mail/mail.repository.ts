import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
}

export interface ClaimedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export function mailRepository(db: Db) {
  return {
    async insert(mail: NewMail, tx?: Tx): Promise<string> {
      const row = await (tx ?? db).mailOutbox.create({ data: mail, select: { id: true } });
      return row.id;
    },

    /**
     * Takes the row for sending in ONE conditional UPDATE, so of two workers (two API
     * instances, or a retry racing a sweep) exactly one gets it. A SENDING row whose lock is
     * older than `staleBefore` belonged to a worker that died mid-send and may be retaken.
     */
    async claim(id: string, now: Date, staleBefore: Date): Promise<ClaimedMail | null> {
      const rows = await db.$queryRaw<ClaimedMail[]>`
        UPDATE mail_outbox
           SET status = 'SENDING', locked_at = ${now}, attempts = attempts + 1
         WHERE id = ${id}::uuid
           AND (status IN ('PENDING', 'FAILED') OR (status = 'SENDING' AND locked_at < ${staleBefore}))
        RETURNING id, "to", subject, text, html`;
      return rows[0] ?? null;
    },

    async exists(id: string): Promise<boolean> {
      return (await db.mailOutbox.count({ where: { id } })) > 0;
    },

    async markSent(id: string, now: Date): Promise<void> {
      await db.mailOutbox.update({
        where: { id },
        data: { status: 'SENT', sentAt: now, lastError: null },
      });
    },

    async markFailed(id: string, error: string): Promise<void> {
      await db.mailOutbox.update({
        where: { id },
        data: { status: 'FAILED', lastError: error.slice(0, 1000) },
      });
    },

    /** Rows whose delivery job may have been lost (see MailService.sweep). */
    async findStranded(opts: {
      pendingBefore: Date;
      failedBefore: Date;
      sendingBefore: Date;
      maxAttempts: number;
      limit: number;
    }): Promise<string[]> {
      const rows = await db.mailOutbox.findMany({
        where: {
          OR: [
            { status: 'PENDING', createdAt: { lt: opts.pendingBefore } },
            {
              status: 'FAILED',
              attempts: { lt: opts.maxAttempts },
              lockedAt: { lt: opts.failedBefore },
            },
            { status: 'SENDING', lockedAt: { lt: opts.sendingBefore } },
          ],
        },
        orderBy: { createdAt: 'asc' },
        take: opts.limit,
        select: { id: true },
      });
      return rows.map((r) => r.id);
    },
  };
}

export type MailRepository = ReturnType<typeof mailRepository>;
