import type { Prisma } from '../generated/prisma/client.js';
import type { Db } from './client.js';

/** A Prisma client bound to an open transaction, passed down so writes share it. */
export type Tx = Prisma.TransactionClient;

/** How services open a transaction without touching Prisma themselves. */
export type RunInTransaction = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

export function transactionRunner(db: Db): RunInTransaction {
  return (fn) => db.$transaction(fn);
}
