import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;

export interface DbOptions {
  connectionString: string;
  /** Pool size. The embedded database serialises everything onto one session, so it gets 1. */
  max?: number;
}

const pools = new WeakMap<Db, pg.Pool>();

/**
 * The one way the API, the CLI and the tests open Prisma: the pg driver adapter with the
 * WebAssembly query compiler (no native engine to download, see docs/ARCHITECTURE.md), on a
 * pg pool this module owns, so the few hot reads written in SQL can use it directly (`sqlOf`).
 * Prisma ends the pool on $disconnect.
 */
export function createDb({ connectionString, max = 10 }: DbOptions): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection dropped by the server must not crash the process before Prisma has
  // attached its own listener (it does on its first query).
  pool.on('error', () => {});
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/**
 * The pg pool under a client, for repositories' hot reads written in SQL: one statement
 * without the ORM's per-query overhead (about a millisecond, which is most of a small read;
 * measured by bench/carpool.bench.ts). Never inside a Prisma transaction: it is another
 * connection.
 */
export function sqlOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('sqlOf: this client was not opened by createDb');
  return pool;
}
