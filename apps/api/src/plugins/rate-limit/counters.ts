import { sqlOf, type Db } from '../../db/client.js';
import { connectRedis } from '../../lib/redis.js';

/** One hit on a budget: the count in the current window and the milliseconds left in it. */
export interface RateHit {
  current: number;
  ttl: number;
}

/** Where the limiter keeps its counters when several instances must share them. */
export interface RateCounters {
  hit(key: string, windowMs: number): Promise<RateHit>;
  /** Deletes finished windows (the scheduled cleanup); returns how many went. */
  purge(): Promise<number>;
  close(): Promise<void>;
}

// $3 hits at once (see databaseCounters).
const HIT_SQL = `
INSERT INTO rate_limit_counters AS c (key, hits, reset_at)
VALUES ($1, $3::int, clock_timestamp() + $2::bigint * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN c.reset_at <= clock_timestamp() THEN $3::int ELSE c.hits + $3::int END,
  reset_at = CASE WHEN c.reset_at <= clock_timestamp() THEN EXCLUDED.reset_at
                  ELSE c.reset_at END
RETURNING hits,
  GREATEST(0, CEIL(EXTRACT(EPOCH FROM (reset_at - clock_timestamp())) * 1000))::int AS ttl`;

/**
 * Counters in PostgreSQL: one upsert per key at a time, atomic per row, so two instances behind
 * one proxy count into the same window. A finished window restarts in the same statement.
 *
 * Hits on a key that arrive while its upsert is on its way are added together by the next one
 * (`hits + n`), and each of them gets its own count back (the n values ending at the row's
 * new count), exactly as n one-by-one upserts would have given them, in some order. So a
 * burst from one address (a supporters' bus behind one mobile network, a load test) costs one
 * round trip per batch instead of one per request, the counts stay exact across instances,
 * and a lone request still goes at once. The upsert was a third of a small API read's own CPU
 * time (bench/api.bench.ts).
 */
export function databaseCounters(db: Db): RateCounters {
  // Straight on the pool under Prisma: the ORM's per-query work would add to every request.
  const sql = sqlOf(db);
  type Waiter = { resolve: (hit: RateHit) => void; reject: (err: unknown) => void };
  /** Hits waiting for their key's upsert in flight to come back, by key. */
  const queued = new Map<string, { windowMs: number; waiters: Waiter[] }>();
  const inFlight = new Set<string>();

  async function send(key: string) {
    const batch = queued.get(key);
    if (!batch) return;
    queued.delete(key);
    inFlight.add(key);
    const n = batch.waiters.length;
    try {
      const { rows } = await sql.query<{ hits: number; ttl: number }>(HIT_SQL, [
        key,
        batch.windowMs,
        n,
      ]);
      const { hits, ttl } = rows[0]!;
      batch.waiters.forEach((w, i) => w.resolve({ current: hits - n + 1 + i, ttl }));
    } catch (err) {
      for (const w of batch.waiters) w.reject(err);
    } finally {
      inFlight.delete(key);
      void send(key);
    }
  }

  return {
    hit(key, windowMs) {
      return new Promise<RateHit>((resolve, reject) => {
        let batch = queued.get(key);
        if (!batch) queued.set(key, (batch = { windowMs, waiters: [] }));
        batch.waiters.push({ resolve, reject });
        if (!inFlight.has(key)) void send(key);
      });
    },
    purge: async () =>
      (await sql.query('DELETE FROM rate_limit_counters WHERE reset_at < clock_timestamp()'))
        .rowCount ?? 0,
    close: async () => {},
  };
}

// INCR then set the window on the first hit: atomic in Redis, whatever the number of instances.
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/** Counters in Redis (REDIS_URL): keys expire by themselves, nothing to purge. */
export async function redisCounters(
  url: string,
  prefix: string,
  connectTimeoutMs: number,
): Promise<RateCounters> {
  const client = await connectRedis(url, connectTimeoutMs);
  return {
    async hit(key, windowMs) {
      const [current, ttl] = (await client.eval(HIT_SCRIPT, {
        keys: [`${prefix}:rate:${key}`],
        arguments: [String(windowMs)],
      })) as [number, number];
      return { current, ttl };
    },
    purge: async () => 0,
    close: async () => {
      await client.quit().catch(() => {});
    },
  };
}
