import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type PgBoss from 'pg-boss';
import { registerMailJobs } from '../jobs/mail.jobs.js';
import type { JobsOptions } from '../jobs/queue.js';
import type { MailService } from '../modules/mail/mail.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background queue; absent when the app runs without workers. */
    boss: PgBoss | null;
  }
}

/**
 * Starts pg-boss and the workers with the app, and stops them first on close (preClose), so
 * a job in flight finishes before the database pool goes away.
 */
export const jobsPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      boss: PgBoss;
      mail: MailService;
      options: JobsOptions;
      /** Other modules' workers (e.g. account.jobs.ts); each returns its stop function. */
      workers?: ((boss: PgBoss) => Promise<() => void>)[];
    },
  ) => {
    await opts.boss.start();
    const stopSweeper = await registerMailJobs(opts.boss, opts.mail, opts.options, app.log);
    // One after another: pg-boss's createQueue takes locks and deadlocks when run in parallel.
    const stopWorkers: (() => void)[] = [];
    for (const register of opts.workers ?? []) stopWorkers.push(await register(opts.boss));
    app.decorate('boss', opts.boss);
    app.addHook('preClose', async () => {
      stopSweeper();
      for (const stop of stopWorkers) stop();
      await opts.boss.stop({ graceful: true, timeout: 10_000, close: true, wait: true });
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
