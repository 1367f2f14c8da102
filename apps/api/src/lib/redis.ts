import { createClient } from 'redis';
import { ConfigError } from '../config/env.js';

const newClient = (url: string) => createClient({ url });
export type RedisClient = ReturnType<typeof newClient>;

/** Where the client connects, without the credentials a REDIS_URL may carry. */
function address(url: string): string {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || '6379'}`;
}

/**
 * A connected Redis client (REDIS_URL). Once connected, it reconnects by itself for ever: a
 * Redis restart must not end the app. That also means its first connect() never settles while
 * Redis cannot be reached, and the start would hang without a word; so the first connection is
 * awaited at most `timeoutMs` (REDIS_CONNECT_TIMEOUT_MS), after which the client is dropped
 * and the start fails naming REDIS_URL and the last error seen.
 */
export async function connectRedis(url: string, timeoutMs: number): Promise<RedisClient> {
  const client = newClient(url);
  let lastError: Error | undefined;
  // Without a listener a dropped connection would crash the process; the client reconnects.
  client.on('error', (err: Error) => {
    lastError = err;
  });
  const connecting = client.connect();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  let failure: Error | undefined;
  try {
    if ((await Promise.race([connecting, timedOut])) !== 'timeout') return client;
  } catch (err) {
    failure = err as Error;
  } finally {
    clearTimeout(timer);
  }
  // Ends the reconnection loop; the pending connect() then rejects, which nobody awaits.
  connecting.catch(() => {});
  client.destroy();
  const why = (failure ?? lastError)?.message ?? 'aucune réponse';
  throw new ConfigError(
    'REDIS_URL',
    `: Redis injoignable à ${address(url)} après ${timeoutMs / 1000} s (${why}). Vérifiez ` +
      'REDIS_URL et que Redis est démarré (attente réglable par REDIS_CONNECT_TIMEOUT_MS).',
  );
}
