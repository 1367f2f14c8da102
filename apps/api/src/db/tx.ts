import type { Prisma } from '../generated/prisma/client.js';
import type { Db } from './client.js';

/** A Prisma client bound to an open transaction, passed down so writes share it. */
export type Tx = Prisma.TransactionClient;

/** How services open a transaction without touching Prisma themselves. */
export type RunInTransaction = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * `timeoutMs` raises Prisma's 5-second limit of an interactive transaction, for the few
 * transactions whose work grows with the members (a score entry rewrites every member's total
 * and rank: seconds at 100 000 members, measured by bench/data.bench.ts).
 */
export function transactionRunner(db: Db, options: { timeoutMs?: number } = {}): RunInTransaction {
  const { timeoutMs } = options;
  return (fn) => db.$transaction(fn, timeoutMs ? { timeout: timeoutMs } : undefined);
}
