/**
 * Goal 2's subject and baseline in ONE process (`pnpm bench api` starts it): the app built as
 * main.ts builds it in production (PostgreSQL-shared rate-limit counters and realtime adapter
 * when REDIS_URL is unset, request logs at LOG_LEVEL), listening on PORT, and beside it on
 * RAW_PORT a raw node:http handler per measured route that runs the route's SQL through a pg
 * pool of the app's size and sends the same bytes (headers captured from the app). The two
 * share the event loop, the CPU and the database, so their ratio is the cost of the stack.
 *
 * Before it listens, it calls each app route once with the app's pg pool wrapped, and checks the
 * statements the app issued are the raw routes' (below): the raw route runs "the same SQL". The
 * database must already be migrated and seeded (the benchmark's first server did it).
 *
 * Reports over IPC: { ready, captured: { [route]: string[] } }.
 */
import http from 'node:http';
import { buildApp, loadConfig, createDb, sqlOf } from '@munegu/api/public';
import { pg } from '../lib/pg.js';
import { raw, RAW_SQL, type RawRoute, type Row } from './raw-routes.js';

const config = loadConfig();
const db = createDb({ connectionString: config.databaseUrl!, max: 10 });
const shared = config.redisUrl ? 'redis' : 'postgres';
const app = await buildApp({
  config,
  db,
  databaseUrl: config.databaseUrl!,
  realtimeAdapter: shared,
  rateLimitStore: shared,
});

// Capture what the app sends to its pool for each route (one call each, through inject).
const pool = sqlOf(db);
const captured: Record<string, string[]> = {};
const headers: Record<string, Record<string, string>> = {};
const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
for (const route of Object.keys(RAW_SQL) as RawRoute[]) {
  const texts: string[] = [];
  (pool as unknown as { query: unknown }).query = (q: unknown, ...rest: unknown[]) => {
    texts.push(typeof q === 'string' ? q : (q as { text: string }).text);
    return original(q, ...rest);
  };
  const res = await app.inject({ method: 'GET', url: route, remoteAddress: '127.0.0.9' });
  (pool as unknown as { query: unknown }).query = original;
  if (res.statusCode !== 200) throw new Error(`${route}: ${res.statusCode} ${res.body}`);
  // The rate-limit counter's upsert is the limiter's, not the route's.
  captured[route] = texts.filter((t) => !t.includes('rate_limit_counters'));
  const h: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers))
    if (!['date', 'connection', 'keep-alive', 'content-length'].includes(k)) h[k] = String(v);
  headers[route] = h;
}

const rawPool = new pg.Pool({ connectionString: config.databaseUrl!, max: 10 });
rawPool.on('error', () => {});
const rawServer = http.createServer((req, res) => {
  const route = raw[req.url as RawRoute];
  if (req.method !== 'GET' || !route) {
    res.writeHead(404).end();
    return;
  }
  const now = new Date();
  rawPool.query(RAW_SQL[req.url as RawRoute], route.params(now)).then(
    ({ rows }) => {
      const body = Buffer.from(route.body(rows as Row[], now));
      res
        .writeHead(200, { ...headers[req.url as RawRoute], 'content-length': body.length })
        .end(body);
    },
    () => res.writeHead(500).end(),
  );
});

await app.listen({ host: '127.0.0.1', port: config.port });
await new Promise<void>((resolve) =>
  rawServer.listen(Number(process.env.RAW_PORT), '127.0.0.1', resolve),
);
process.send?.({ ready: true, captured });
process.on('SIGTERM', () => {
  rawServer.close();
  void Promise.all([rawPool.end(), app.close()]).then(() => process.exit(0));
});
