import type { Prisma } from '../generated/prisma/client.js';
import type { Db } from './client.js';

/** A Prisma client bound to an open transaction, passed down so writes share it. */
export type Tx = Prisma.TransactionClient;

/** How services open a transaction without touching Prisma themselves. */
export type RunInTransaction = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** Work waiting for the commit of a transaction opened by a `transactionRunner`. */
const committing = new WeakMap<Tx, (() => void)[]>();

/**
 * Runs `task` once `tx` has committed (never if it rolls back). False when `tx` was not opened
 * by a `transactionRunner` (a repository's own `$transaction`): the caller decides then.
 */
export function afterCommit(tx: Tx, task: () => void): boolean {
  const tasks = committing.get(tx);
  if (!tasks) return false;
  tasks.push(task);
  return true;
}

/**
 * `timeoutMs` raises Prisma's 5-second limit of an interactive transaction, for the few
 * transactions whose work grows with the members (a score entry rewrites every member's total
 * and rank: seconds at 100 000 members, measured by bench/data.bench.ts). `maxWaitMs` raises
 * its 2-second wait for a connection, for writes that come in bursts on one row lock (a coach's
 * registrations opening: each waits its turn rather than failing).
 */
/**
 * The connection wait of writes that come in bursts on one row lock (a coach's registrations,
 * a driver's seats accepted at once): each waits its turn instead of failing after 2 s.
 */
export const BURST_WAIT_MS = 20_000;

export function transactionRunner(
  db: Db,
  options: { timeoutMs?: number; maxWaitMs?: number } = {},
): RunInTransaction {
  const { timeoutMs, maxWaitMs } = options;
  const limits = {
    ...(timeoutMs ? { timeout: timeoutMs } : {}),
    ...(maxWaitMs ? { maxWait: maxWaitMs } : {}),
  };
  return async (fn) => {
    const tasks: (() => void)[] = [];
    const result = await db.$transaction(
      (tx) => {
        committing.set(tx, tasks);
        return fn(tx);
      },
      timeoutMs || maxWaitMs ? limits : undefined,
    );
    for (const task of tasks) task();
    return result;
  };
}
