/**
 * Drill: one of two API instances killed mid-traffic (`pnpm bench drill-instances` from the
 * repository root; never part of the tests). Writes section `drill-instances` of
 * docs/QUALITY.md and exits non-zero when a check fails.
 *
 * Two API processes started as the image runs them (`node apps/api/dist/main.js`, production
 * mode, one scratch PostgreSQL database, the Redis adapter with a REDIS_PREFIX of the run)
 * behind a small round-robin proxy that also carries websocket upgrades
 * (bench/drills/instances-proxy.ts, like the nginx of docker-compose.scaled.yml).
 *
 * DRILL_CLIENTS members hold a socket through the proxy and behave like the web page
 * (apps/web/src/lib/socket.ts and features/messages/realtime.ts): socket.io's default
 * reconnection, the access token read again at every handshake, and after each reconnection a
 * refetch over HTTP of the open conversation (its latest 20 messages), merged by message id
 * with what arrived live. Each has a correspondent who POSTs a message every DRILL_SEND_MS
 * through the proxy.
 *
 * First, the live block across instances: a member's socket on instance A receives the block
 * (and the unblock) its correspondent makes through instance B. Then traffic starts; after
 * DRILL_BEFORE_MS, instance A is killed with SIGKILL; traffic goes on for DRILL_AFTER_MS. Checks:
 * every client cut by the kill reconnects (to the survivor, the only one left), authenticates
 * again and refetches; in the end every client holds exactly the messages of its conversation
 * stored in the database (none lost), no message arrived twice live and none is stored twice
 * (none duplicated). A POST that was in flight on the killed instance answers 502: it may or
 * may not be stored, and the database decides what the client must hold.
 *
 * Env: DRILL_CLIENTS (200), DRILL_SEND_MS (1000), DRILL_BEFORE_MS (3000), DRILL_AFTER_MS (8000),
 * DRILL_PORT (first of 3 ports, 4320), BENCH_PG_URL, BENCH_REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { ConversationBlockedEvent, NewMessageEvent } from '@munegu/shared';
import { pg, scratchDatabase } from '../lib/pg.js';
import { machineLine, table, writeQualitySection } from '../lib/quality-report.js';
import { percentile } from '../lib/stats.js';
import {
  buildApi,
  openClient,
  sendMessage,
  sleep,
  startApi,
  tokenOf,
  type ApiProcess,
  type Client,
} from '../realtime-fixture.js';
import { insertConversations, insertMembers, type Member } from '@munegu/tools/members';
import { roundRobinProxy } from './instances-proxy.js';

const CLIENTS = Number(process.env.DRILL_CLIENTS ?? 200);
const SEND_MS = Number(process.env.DRILL_SEND_MS ?? 1000);
const BEFORE_MS = Number(process.env.DRILL_BEFORE_MS ?? 3000);
const AFTER_MS = Number(process.env.DRILL_AFTER_MS ?? 8000);
const PORT = Number(process.env.DRILL_PORT ?? 4320);
/** What the web page refetches after a reconnect: the conversation's latest page. */
const PAGE = 20;

const LOAD_AT_START = os.loadavg()[0]!;
const log = (line: string) => process.stdout.write(`${line}\n`);

/** A member's page with the conversation open, as the web client keeps it. */
class PageClient {
  socket!: Client;
  /** Message ids received live, with how many times each arrived. */
  live = new Map<number, number>();
  refetched = new Set<number>();
  connects = 0;
  handshakes = 0;
  disconnectedAt: number | null = null;
  reconnectedAt: number | null = null;
  refetchedAt: number | null = null;
  refetchError: string | null = null;
  reconnectAttempts = 0;

  constructor(
    readonly me: Member,
    readonly other: Member,
    readonly proxyUrl: string,
  ) {}

  async open(): Promise<void> {
    this.socket = await openClient(this.proxyUrl, this.me, () => (this.handshakes += 1));
    this.connects = 1;
    this.socket.on('newMessage', (e: NewMessageEvent) =>
      this.live.set(e.message.id, (this.live.get(e.message.id) ?? 0) + 1),
    );
    this.socket.io.on('reconnect_attempt', () => (this.reconnectAttempts += 1));
    this.socket.on('disconnect', () => {
      this.disconnectedAt ??= performance.now();
    });
    // useSocketReconnect: every connection after the first refetches what the page shows.
    this.socket.on('connect', () => {
      this.connects += 1;
      this.reconnectedAt = performance.now();
      void this.refetch();
    });
  }

  /** GET /api/messages/conversation/:userId, as the page's query does (retried like it). */
  async refetch(): Promise<void> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const res = await fetch(`${this.proxyUrl}/api/messages/conversation/${this.other.id}`, {
          headers: { authorization: `Bearer ${await tokenOf(this.me)}` },
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as { messages: { id: number }[] };
        for (const m of body.messages) this.refetched.add(m.id);
        this.refetchedAt = performance.now();
        this.refetchError = null;
        return;
      } catch (err) {
        this.refetchError = String(err);
        await sleep(500 * attempt);
      }
    }
  }

  held(): Set<number> {
    return new Set([...this.live.keys(), ...this.refetched]);
  }
}

async function main() {
  const db = await scratchDatabase('munegu_drill_rt');
  const prefix = `munegu-drill-rt-${randomBytes(4).toString('hex')}`;
  const apis: ApiProcess[] = [];
  const proxy = roundRobinProxy([
    { host: '127.0.0.1', port: PORT },
    { host: '127.0.0.1', port: PORT + 1 },
  ]);
  const pages: PageClient[] = [];
  const failures: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
    log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  };
  try {
    buildApi();
    const start = (port: number) =>
      startApi({ port, databaseUrl: db.url, adapter: 'redis', redisPrefix: prefix });
    apis.push(await start(PORT));
    apis.push(await start(PORT + 1));
    const [a, b] = apis as [ApiProcess, ApiProcess];
    await proxy.listen(PORT + 2);
    const proxyUrl = `http://127.0.0.1:${PORT + 2}`;

    const members = await insertMembers(db.url, 2 * CLIENTS);
    const readers = members.slice(0, CLIENTS);
    const writers = members.slice(CLIENTS);
    await insertConversations(
      db.url,
      writers.map((w, i) => [w.id, readers[i]!.id]),
    );

    // 1. The live block across instances: the reader's socket on A, the block made through B.
    const block = await liveBlockCheck(a, b, readers[0]!, writers[0]!, db.url);
    check(
      block.blocked !== null,
      `block made on B received live on A (${block.blocked ?? '—'} ms)`,
    );
    check(
      block.unblocked !== null,
      `unblock made on B received live on A (${block.unblocked ?? '—'} ms)`,
    );

    // 2. The pages, through the proxy (round robin: about half on each instance).
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = readers
        .slice(i, i + 50)
        .map((r, j) => new PageClient(r, writers[i + j]!, proxyUrl));
      await Promise.all(batch.map((p) => p.open()));
      pages.push(...batch);
    }
    log(`${pages.length} pages connected through the proxy`);

    // 3. Traffic; A killed mid-way.
    const sent = { ok: 0, failed: 0, statuses: new Map<number, number>() };
    // This process (proxy, pages, senders) shares the CPU too: its own delays are reported.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    let sending = true;
    const senders = pages.map(async (p, i) => {
      await sleep((SEND_MS * i) / pages.length); // spread over the period
      for (let k = 0; sending; k++) {
        const r = await sendMessage(proxyUrl, p.other, p.me.id, `drill-${i}-${k}`).catch(() => ({
          status: 0,
          id: null,
        }));
        if (r.status === 200) sent.ok += 1;
        else {
          sent.failed += 1;
          sent.statuses.set(r.status, (sent.statuses.get(r.status) ?? 0) + 1);
        }
        await sleep(SEND_MS);
      }
    });
    await sleep(BEFORE_MS);
    const killedAt = performance.now();
    await a.stop('SIGKILL');
    log('instance A killed (SIGKILL)');
    await sleep(AFTER_MS);
    sending = false;
    await Promise.all(senders);

    // 4. Every cut page back, refetched, and the last live events in.
    const cut = pages.filter((p) => p.disconnectedAt !== null);
    const deadline = performance.now() + 30_000;
    while (
      cut.some((p) => !p.socket.connected || p.refetchedAt === null) &&
      performance.now() < deadline
    )
      await sleep(100);
    await sleep(1000);
    loopDelay.disable();

    // 5. The database decides.
    const stored = await storedMessages(db.url);
    let lost = 0;
    let extra = 0;
    let checked = 0;
    let liveDuplicates = 0;
    let throughRefetch = 0;
    for (const p of pages) {
      const truth = stored.byPair.get(`${p.other.id}:${p.me.id}`) ?? [];
      const held = p.held();
      checked += truth.length;
      lost += truth.filter((id) => !held.has(id)).length;
      extra += [...held].filter((id) => !truth.includes(id)).length;
      liveDuplicates += [...p.live.values()].filter((n) => n > 1).length;
      if (p.disconnectedAt !== null) {
        // Stored while the page was cut: it holds them only through its refetch.
        const missed = truth.filter((id) => !p.live.has(id) && p.refetched.has(id)).length;
        throughRefetch += missed;
        if (missed > PAGE) failures.push(`${p.me.id}: ${missed} missed, more than one page`);
      }
    }
    const noticed = cut.map((p) => p.disconnectedAt! - killedAt);
    const attempts = cut.map((p) => p.reconnectAttempts);
    const reconnect = cut
      .filter((p) => p.reconnectedAt !== null)
      .map((p) => p.reconnectedAt! - killedAt);
    const refetchDone = cut
      .filter((p) => p.refetchedAt !== null)
      .map((p) => p.refetchedAt! - killedAt);

    check(
      cut.length > 0 && cut.length < pages.length,
      `${cut.length} of ${pages.length} pages were on the killed instance`,
    );
    check(
      reconnect.length === cut.length,
      `${reconnect.length} of ${cut.length} cut pages reconnected`,
    );
    check(
      cut.every((p) => p.handshakes >= 2),
      `every reconnected page authenticated again (a fresh token in each handshake)`,
    );
    check(
      refetchDone.length === cut.length,
      `${refetchDone.length} of ${cut.length} refetched after reconnecting`,
    );
    check(
      pages.every((p) => p.socket.connected),
      'every page connected at the end (to the survivor)',
    );
    check(
      throughRefetch > 0,
      `${throughRefetch} messages stored during the outage recovered by refetches`,
    );
    check(lost === 0, `${lost} stored messages missing from a page (of ${checked} checked)`);
    check(extra === 0, `${extra} messages held by a page but not stored`);
    check(liveDuplicates === 0, `${liveDuplicates} messages received twice live`);
    check(stored.duplicateContents === 0, `${stored.duplicateContents} messages stored twice`);

    const ms = (xs: number[], p: number) => (xs.length ? `${Math.round(percentile(xs, p))}` : '—');
    const timing = (xs: number[]) => [
      ms(xs, 50),
      ms(xs, 95),
      xs.length ? `${Math.round(Math.max(...xs))}` : '—',
    ];
    const statuses = [...sent.statuses]
      .map(([s, n]) => `${n} × ${s === 0 ? 'network error' : s}`)
      .join(', ');
    writeQualitySection(
      'drill-instances',
      `## Drill: one of two API instances killed

\`pnpm bench drill-instances\` — ${machineLine()} Load average (1 min, other
processes of the shared machine included): ${LOAD_AT_START.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end.

Two API processes as the image runs them (\`node apps/api/dist/main.js\`, production mode, one
scratch PostgreSQL database, Redis adapter with the run's \`REDIS_PREFIX\`) behind a round-robin
proxy carrying HTTP and websocket upgrades. ${pages.length} members keep a page open through the
proxy, behaving like the web client (socket.io's default reconnection, a fresh access token at
each handshake, a refetch of the open conversation over HTTP after each reconnection, merged by
message id); each one's correspondent POSTs a message every ${SEND_MS} ms. Instance A is killed
with SIGKILL ${BEFORE_MS / 1000} s into the traffic, which goes on for ${AFTER_MS / 1000} s.
Result: **${failures.length === 0 ? 'passed' : `FAILED (${failures.length} check(s))`}**.

${table(
  ['measure', 'p50', 'p95', 'max'],
  [
    ['kill → page saw its socket cut (ms)', ...timing(noticed)],
    ['reconnection attempts per cut page', ...timing(attempts)],
    ['kill → page reconnected (ms)', ...timing(reconnect)],
    ['kill → missed messages refetched (ms)', ...timing(refetchDone)],
  ],
)}

The drill's own process (proxy, pages and senders) shared the CPU as well: its event loop was
delayed by ${Math.round(loopDelay.percentile(50) / 1e6)} ms at the median, ${Math.round(loopDelay.percentile(99) / 1e6)} ms at p99 and
${Math.round(loopDelay.max / 1e6)} ms at most during the traffic, which adds to every time above.

${table(
  ['check', 'result'],
  [
    [
      'block made through B, live on a socket of A',
      block.blocked !== null ? `received in ${block.blocked} ms` : 'NOT received',
    ],
    [
      'unblock made through B, live on a socket of A',
      block.unblocked !== null ? `received in ${block.unblocked} ms` : 'NOT received',
    ],
    ['pages on the killed instance', `${cut.length} of ${pages.length}`],
    [
      'reconnected / authenticated again / refetched',
      `${reconnect.length} / ${cut.filter((p) => p.handshakes >= 2).length} / ${refetchDone.length}`,
    ],
    ['messages sent (200)', String(sent.ok)],
    [
      'POSTs failed (in flight on the killed instance)',
      `${sent.failed}${statuses ? ` (${statuses})` : ''}`,
    ],
    ['messages stored', String(stored.total)],
    ['stored while a page was cut, recovered by its refetch', String(throughRefetch)],
    ['page × message pairs checked against the database', String(checked)],
    ['lost / held but not stored', `${lost} / ${extra}`],
    [
      'duplicated (received twice live / stored twice)',
      `${liveDuplicates} / ${stored.duplicateContents}`,
    ],
  ],
)}
${failures.length ? `\nFailed checks:\n\n${failures.map((f) => `- ${f}`).join('\n')}\n` : ''}`,
    );
  } finally {
    for (const p of pages) p.socket?.disconnect();
    await proxy.close();
    await Promise.allSettled(apis.map((api) => api.stop()));
    await db.drop();
  }
  if (failures.length) process.exit(1);
}

/** Times (ms) for a block and an unblock made through B to reach a socket held by A. */
async function liveBlockCheck(
  a: ApiProcess,
  b: ApiProcess,
  reader: Member,
  writer: Member,
  url: string,
) {
  const socket = await openClient(a.url, reader);
  const got: { e: ConversationBlockedEvent; at: number }[] = [];
  socket.on('conversationBlocked', (e) => got.push({ e, at: performance.now() }));
  // The adapters' subscriptions settle right after start-up.
  await sleep(500);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ id: number }>(
    'SELECT id FROM conversations WHERE user1_id = $1 AND user2_id = $2',
    [writer.id, reader.id],
  );
  await c.end();
  const id = rows[0]!.id;
  const act = async (what: 'block' | 'unblock', expected: number | null) => {
    const t0 = performance.now();
    const res = await fetch(`${b.url}/api/messages/conversation/${id}/${what}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${await tokenOf(writer)}` },
    });
    if (!res.ok) return null;
    const deadline = t0 + 3000;
    while (performance.now() < deadline) {
      const hit = got.find((g) => g.e.conversationId === id && g.e.blockedByUserId === expected);
      if (hit) return Math.round(hit.at - t0);
      await sleep(5);
    }
    return null;
  };
  try {
    return { blocked: await act('block', writer.id), unblocked: await act('unblock', null) };
  } finally {
    socket.disconnect();
  }
}

/** Every stored message id by conversation ('<sender>:<receiver>'), and contents stored twice. */
async function storedMessages(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: number; sender_id: number; receiver_id: number }>(
      'SELECT id, sender_id, receiver_id FROM messages ORDER BY id',
    );
    const dup = await c.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM (SELECT content FROM messages GROUP BY content HAVING count(*) > 1) d',
    );
    const byPair = new Map<string, number[]>();
    for (const r of rows) {
      const key = `${r.sender_id}:${r.receiver_id}`;
      byPair.set(key, [...(byPair.get(key) ?? []), r.id]);
    }
    return { byPair, total: rows.length, duplicateContents: dup.rows[0]!.n };
  } finally {
    await c.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
