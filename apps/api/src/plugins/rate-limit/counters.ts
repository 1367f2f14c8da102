import { createClient } from 'redis';
import type { Db } from '../../db/client.js';

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

/**
 * Counters in PostgreSQL: one upsert per request, atomic per row, so two instances behind one
 * proxy count into the same window. A finished window restarts at 1 in the same statement.
 */
export function databaseCounters(db: Db): RateCounters {
  return {
    async hit(key, windowMs) {
      const [row] = await db.$queryRaw<{ hits: number; ttl: number }[]>`
        INSERT INTO rate_limit_counters AS c (key, hits, reset_at)
        VALUES (${key}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN c.reset_at <= clock_timestamp() THEN 1 ELSE c.hits + 1 END,
          reset_at = CASE WHEN c.reset_at <= clock_timestamp() THEN EXCLUDED.reset_at
                          ELSE c.reset_at END
        RETURNING hits,
          GREATEST(0, CEIL(EXTRACT(EPOCH FROM (reset_at - clock_timestamp())) * 1000))::int AS ttl`;
      return { current: row!.hits, ttl: row!.ttl };
    },
    purge: () => db.$executeRaw`DELETE FROM rate_limit_counters WHERE reset_at < clock_timestamp()`,
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
export async function redisCounters(url: string, prefix = 'munegu'): Promise<RateCounters> {
  const client = createClient({ url });
  // Without a listener a dropped connection would crash the process; the client reconnects.
  client.on('error', () => {});
  await client.connect();
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
