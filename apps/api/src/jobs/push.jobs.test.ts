import { describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import type { DeliveryOutcome, PushJob } from '../modules/push/push.service.js';
import { PUSH_DELIVER, registerPushJobs, type PushBoss } from './push.jobs.js';

/*
 * How a push worker settles a batch, with pg-boss replaced by a recorder (the real queue is
 * exercised end to end in src/modules/push/push.test.ts). What matters is what pg-boss would
 * do next: it fails every job of a batch whose handler rejects, so the handler must not.
 */
type Handler = (jobs: PgBoss.Job<PushJob>[]) => Promise<unknown>;

function recorder(refuse: { fail?: boolean; completeOf?: string } = {}) {
  let handler: Handler | undefined;
  const completed: string[] = [];
  const failed: string[] = [];
  const warnings: string[] = [];
  const boss = {
    createQueue: async () => {},
    work: async (_name: string, _options: unknown, h: Handler) => {
      handler = h;
      return 'worker';
    },
    complete: async (name: string, id: string) => {
      expect(name).toBe(PUSH_DELIVER);
      if (id === refuse.completeOf) throw new Error('connexion perdue');
      completed.push(id);
    },
    fail: async (name: string, id: string) => {
      expect(name).toBe(PUSH_DELIVER);
      if (refuse.fail) throw new Error('connexion perdue');
      failed.push(id);
    },
  } as unknown as PushBoss;
  const log = {
    warn: ((_fields: object, message: string) => void warnings.push(message)) as never,
  };
  return {
    boss,
    log,
    completed,
    failed,
    warnings,
    run: (jobs: PgBoss.Job<PushJob>[]) => handler!(jobs),
  };
}

/** Five notifications, one per device; the push service refuses device 3. */
const batch = Array.from({ length: 5 }, (_, i) => ({
  id: `job-${i}`,
  name: PUSH_DELIVER,
  data: { subscriptionId: i } as PushJob,
})) as PgBoss.Job<PushJob>[];
const push = {
  deliver: async (job: PushJob): Promise<DeliveryOutcome> => {
    if (job.subscriptionId === 3) throw new Error('503 du service de push');
    return 'sent';
  },
};

async function start(r: ReturnType<typeof recorder>) {
  await registerPushJobs(r.boss, push, { concurrency: 1, batchSize: 5 }, r.log);
}

describe('push workers settle each notification of a batch on its own', () => {
  it('completes the delivered ones at once and fails the refused one alone', async () => {
    const r = recorder();
    await start(r);
    await expect(r.run(batch)).resolves.not.toThrow();
    expect(r.completed).toEqual(['job-0', 'job-1', 'job-2', 'job-4']);
    expect(r.failed).toEqual(['job-3']);
  });

  it('does not fail the batch when the database refuses a failure: nothing delivered is resent', async () => {
    const r = recorder({ fail: true });
    await start(r);
    await expect(r.run(batch)).resolves.not.toThrow();
    expect(r.completed).toEqual(['job-0', 'job-1', 'job-2', 'job-4']);
    expect(r.warnings).toContain(
      'push: état de la tâche non enregistré, nouvel essai à son expiration',
    );
  });

  it('does not fail the batch when the database refuses a completion', async () => {
    const r = recorder({ completeOf: 'job-1' });
    await start(r);
    await expect(r.run(batch)).resolves.not.toThrow();
    expect(r.completed).toEqual(['job-0', 'job-2', 'job-4']);
    expect(r.failed).toEqual(['job-3']);
  });
});
