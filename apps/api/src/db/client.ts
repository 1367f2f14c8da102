import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;

export interface DbOptions {
  connectionString: string;
  /** Pool size. The embedded database serialises everything onto one session, so it gets 1. */
  max?: number;
  /** Longest wait for a connection, new or from the pool (DB_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
}

const pools = new WeakMap<Db, pg.Pool>();

/**
 * The one way the API, the CLI and the tests open Prisma: the pg driver adapter with the
 * WebAssembly query compiler (no native engine to download, see docs/ARCHITECTURE.md), on a
 * pg pool this module owns, so the few hot reads written in SQL can use it directly (`sqlOf`).
 * Prisma ends the pool on $disconnect.
 */
export function createDb({ connectionString, max = 10, connectTimeoutMs = 5000 }: DbOptions): Db {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: connectTimeoutMs });
  survivePoolDrops(pool);
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/**
 * A database restart or failover cuts every connection of a pool. pg emits 'error' on each
 * one, and an 'error' event without a listener ends the process: the pool listens on its idle
 * connections only, so a connection held by its user (a Prisma transaction, the realtime
 * adapter's LISTEN connection) would crash the API. Every connection gets a listener; its
 * holder sees the failure on its next query and the pool discards it on release.
 *
 * `releaseHeld`: for holders that never release a dead connection themselves (the socket.io
 * PostgreSQL adapter keeps its LISTEN connection and simply takes a new one), the pool slot
 * is given back once the connection has ended, else each outage would leak one slot until
 * the pool is exhausted.
 */
export function survivePoolDrops(pool: pg.Pool, { releaseHeld = false } = {}): void {
  pool.on('error', () => {});
  const held = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => held.add(client));
  pool.on('release', (_err, client) => held.delete(client));
  pool.on('remove', (client) => held.delete(client as pg.PoolClient));
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (!releaseHeld) return;
    client.once('end', () => {
      // After the queries in flight have failed and their callers released what they held.
      setTimeout(() => {
        const poolClient = client as pg.PoolClient;
        if (!held.has(poolClient)) return;
        held.delete(poolClient);
        try {
          poolClient.release(new Error('connexion fermée par le serveur'));
        } catch {
          // Released meanwhile by its holder: nothing left to give back.
        }
      }, 1_000).unref();
    });
  });
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
