import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import pg from 'pg';
import type { Server } from 'socket.io';
import { survivePoolDrops } from '../db/client.js';
import { connectRedis } from '../lib/redis.js';

/**
 * How socket.io instances reach each other. 'memory': one process (embedded PGlite mode, most
 * tests). 'postgres': LISTEN/NOTIFY on the application's database, so several API replicas need
 * nothing more than PostgreSQL. 'redis': pub/sub on REDIS_URL for larger deployments.
 */
export type AdapterKind = 'memory' | 'postgres' | 'redis';

export interface AdapterOptions {
  kind: AdapterKind;
  databaseUrl?: string;
  redisUrl?: string;
  /** REDIS_PREFIX: the adapter's channels are `<prefix>:socket.io#…`, apart from other apps'. */
  redisPrefix?: string;
  /** REDIS_CONNECT_TIMEOUT_MS: longest wait for Redis at start. */
  redisConnectTimeoutMs?: number;
}

/**
 * The postgres adapter stores payloads above 8 kB in this table but never creates it. It is
 * created here (idempotent) rather than in a Prisma migration: it belongs to the adapter, not
 * to the data model, and holds only seconds-old rows that the adapter deletes itself.
 */
const ATTACHMENTS_TABLE = `CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT NOW(),
  payload bytea
)`;

/** Installs the adapter on `io`; returns what closes its connections. */
export async function installAdapter(
  io: Server,
  opts: AdapterOptions,
): Promise<() => Promise<void>> {
  if (opts.kind === 'redis') {
    if (!opts.redisUrl) throw new Error('REDIS_URL manquant pour l’adaptateur Redis');
    // The clients reconnect by themselves after a drop, and the adapter resubscribes.
    const timeoutMs = opts.redisConnectTimeoutMs ?? 10_000;
    const [pub, sub] = await allOrNone(
      [connectRedis(opts.redisUrl, timeoutMs), connectRedis(opts.redisUrl, timeoutMs)],
      (client) => client.quit(),
    );
    io.adapter(createRedisAdapter(pub, sub, { key: `${opts.redisPrefix ?? 'munegu'}:socket.io` }));
    return async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    };
  }
  if (opts.kind === 'postgres') {
    if (!opts.databaseUrl) throw new Error('DATABASE_URL manquant pour l’adaptateur PostgreSQL');
    // Its own small pool: one LISTEN connection plus NOTIFY/cleanup queries.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 3 });
    // A connection the server drops (restart, failover) must not crash the process; the
    // adapter opens a new LISTEN connection by itself, and the dead one's slot is given back.
    survivePoolDrops(pool, { releaseHeld: true });
    // A failure here fails the start and leaves no connection: pg's pool.query destroys the
    // client of a failed query rather than keeping it idle.
    await pool.query(ATTACHMENTS_TABLE);
    io.adapter(createPostgresAdapter(pool, { heartbeatInterval: 5_000 }));
    return async () => {
      io.of('/').adapter.close();
      await pool.end();
    };
  }
  return async () => {};
}

/**
 * Both connections, or none: when one fails, the one that succeeded is closed before the
 * failure is thrown (a connected Redis client reconnects for ever and would keep a failed
 * start's process alive).
 */
async function allOrNone<T>(
  connecting: [Promise<T>, Promise<T>],
  close: (connection: T) => Promise<unknown>,
): Promise<[T, T]> {
  const settled = await Promise.allSettled(connecting);
  const [a, b] = settled;
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value];
  const failed = settled.find((s) => s.status === 'rejected')!;
  await Promise.allSettled(
    settled.flatMap((s) => (s.status === 'fulfilled' ? [close(s.value)] : [])),
  );
  throw failed.reason;
}
