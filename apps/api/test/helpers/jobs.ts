import type { App } from '../../src/app.js';
import { waitFor } from './smtp-sink.js';

/**
 * One run of a scheduled job through the queue, as its cron tick would send it (test apps fire
 * no tick), awaited until pg-boss marks it completed.
 */
export async function runJob(app: App, name: string): Promise<void> {
  const boss = app.boss!;
  const id = await boss.send(name, {});
  await waitFor(async () => (await boss.getJobById(name, id!))?.state === 'completed');
}
