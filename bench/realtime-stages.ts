/**
 * Where one message's time goes (`pnpm bench realtime-stages`;
 * never part of the tests; prints, writes nothing). bench/realtime.bench.ts gives the ratio
 * against a bare `ws` server; this splits the app's own path into stages, in ONE process (the
 * app built as main.ts builds it, Redis request counters as in that benchmark, and the clients),
 * so every timestamp comes from the same clock:
 *   1. client → server: undici's fetch sends the POST until Fastify's first hook (onRequest);
 *   2. rate limiter and caller: until the first hook after the route's guards (preParsing);
 *   3. body, rules, store, push: until the answer is serialised (onSend) — the message is
 *      stored in one statement and emitted to both members' rooms before that;
 *   4. delivery: until all 3 tabs of the recipient (socket.io clients) have it.
 * A scratch database (BENCH_DB_PREFIX in front of its name) is migrated, then dropped.
 * Env: BENCH_PG_URL (else TEST_PG_URL, else the local server), BENCH_REDIS_URL (default
 * redis://127.0.0.1:6379), BENCH_REDIS_PREFIX, BENCH_MESSAGES (400, the first 50 warm up),
 * BENCH_PORT (4340).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { buildApp, loadConfig, createDb, migrate } from '@munegu/api/public';
import { scratchDatabase } from './lib/pg.js';
import { percentile } from './lib/stats.js';
import { insertConversations, insertMembers, type Member } from '@munegu/tools/members';
import { REDIS_URL } from './realtime-fixture.js';

const TEXTS = Number(process.env.BENCH_MESSAGES ?? 400);
const WARMUP = 50;
const PORT = Number(process.env.BENCH_PORT ?? 4340);
const STAGES = [
  'client → server (fetch, HTTP)',
  'rate limiter + caller',
  'body, rules, store, push',
  'delivery to the 3 tabs',
  'total',
];

const scratch = await scratchDatabase('munegu_bench_stages');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'munegu-stages-'));
try {
  await migrate(scratch.url);
  Object.assign(process.env, {
    NODE_ENV: 'production',
    DATABASE_URL: scratch.url,
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    JWT_SECRET: randomBytes(36).toString('base64url'),
    DATA_DIR: dataDir,
    REDIS_URL,
    REDIS_PREFIX: `${process.env.BENCH_REDIS_PREFIX ?? 'munegu-bench-stages'}-${randomBytes(4).toString('hex')}`,
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
  });
  const config = loadConfig();
  const db = createDb({ connectionString: scratch.url, max: 10 });
  const app = await buildApp({
    config,
    db,
    databaseUrl: scratch.url,
    jobs: false,
    rateLimitStore: 'redis',
  });
  const at: Record<'onRequest' | 'guarded' | 'onSend', number> = {
    onRequest: 0,
    guarded: 0,
    onSend: 0,
  };
  app.addHook('onRequest', (_req, _reply, done) => {
    at.onRequest = performance.now();
    done();
  });
  app.addHook('preParsing', (_req, _reply, payload, done) => {
    at.guarded = performance.now();
    done(null, payload);
  });
  app.addHook('onSend', (_req, _reply, payload, done) => {
    at.onSend = performance.now();
    done(null, payload);
  });
  const url = await app.listen({ port: PORT, host: '127.0.0.1' });
  const [sender, recipient] = (await insertMembers(scratch.url, 2)) as [Member, Member];
  await insertConversations(scratch.url, [[sender.id, recipient.id]]);
  const token = (m: Member) =>
    app.tokens.sign({ sub: m.id, role: 'UTILISATEUR', sid: m.familyId }, new Date());
  const recipientToken = await token(recipient);
  const tabs = await Promise.all(
    [0, 1, 2].map(
      () =>
        new Promise<Socket>((resolve) => {
          const s = io(url, { transports: ['websocket'], auth: { token: recipientToken } });
          s.once('connect', () => resolve(s));
        }),
    ),
  );
  const authorization = `Bearer ${await token(sender)}`;
  const rows: number[][] = [];
  for (let k = 0; k < TEXTS; k++) {
    let left = tabs.length;
    const arrived = new Promise<number>((resolve) => {
      const on = () => {
        if (--left > 0) return;
        for (const s of tabs) s.off('newMessage', on);
        resolve(performance.now());
      };
      for (const s of tabs) s.on('newMessage', on);
    });
    const t0 = performance.now();
    const posted = fetch(`${url}/api/messages/send`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ toUserId: recipient.id, content: `m${k}` }),
    }).then((r) => {
      if (r.status !== 200) throw new Error(`envoi refusé : ${r.status}`);
      return r.text();
    });
    const t4 = await arrived;
    await posted;
    if (k >= WARMUP)
      rows.push([
        at.onRequest - t0,
        at.guarded - at.onRequest,
        at.onSend - at.guarded,
        t4 - at.onSend,
        t4 - t0,
      ]);
  }
  console.log(`${rows.length} messages, load average ${os.loadavg()[0]!.toFixed(1)} (1 min)`);
  STAGES.forEach((name, i) => {
    const xs = rows.map((r) => r[i]!);
    console.log(
      `${name.padEnd(32)} p50 ${percentile(xs, 50).toFixed(2)} ms   p95 ${percentile(xs, 95).toFixed(2)} ms`,
    );
  });
  for (const s of tabs) s.disconnect();
  await app.close();
} finally {
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
