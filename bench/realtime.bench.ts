/**
 * Realtime messaging benchmark (`pnpm bench realtime` from the repository root; never part of
 * the tests). Writes section `realtime` of docs/QUALITY.md.
 *
 * Builds the API and starts it as the image runs it (`node apps/api/dist/main.js`, production
 * mode) on a scratch PostgreSQL database, in three setups kept running side by side (only the
 * measured one gets traffic):
 *   - memory:   one instance, socket.io's in-memory adapter (REALTIME_ADAPTER=memory);
 *   - redis:    two instances sharing Redis (@socket.io/redis-adapter, a REDIS_PREFIX of
 *               this run, so nobody else's channels are touched);
 *   - postgres: two instances sharing the database (@socket.io/postgres-adapter).
 * REDIS_URL is set for all three (request counters in Redis), so they differ only by the socket
 * adapter. Rate limits and socket budgets are raised through configuration.
 *
 * Members and their logins are inserted set-based; each setup holds BENCH_SOCKETS (1 000)
 * authenticated socket.io clients (socket.io-client, websocket transport, as the web page), one
 * member with 3 open tabs among them; with two instances, clients and tabs are spread over both.
 *
 * (1) Latency: a member sends BENCH_MESSAGES messages one after the other to the 3-tab member
 * through the path the web page uses while its socket is connected: 'sendMessage' with an
 * acknowledgement on the sender's already authenticated socket.io connection → schema, rules →
 * stored → pushed; a message's latency is from the emit to its arrival at the last of the 3
 * tabs (the acknowledgement is awaited too, and must be the stored message). The page's
 * fallback, HTTP POST /api/messages/send, is measured the same way as a second row, against the
 * same baseline. Baseline: a bare `ws` server in its own process (bench/realtime-baseline.ts)
 * that does one raw INSERT through `pg` per message and sends it to the recipient's sockets, with
 * as many connected clients and the same 3 tabs; the sender writes on its websocket. Each run's
 * p95 is one sample; baseline and subject alternate in pairs after a warm-up. Goal (issue 12,
 * point 6): the socket path's p95 ≤ 2 × baseline, one instance.
 *
 * (2) Throughput (HTTP POSTs, as before: what it measures is the adapter's hop between
 * instances): BENCH_SENDERS members each send messages back to back (one in flight each)
 * for BENCH_SECONDS to their own recipient; throughput = messages sent ÷ time until the last
 * one reached its recipient's socket (every one is awaited). redis and postgres (POSTs spread
 * over both instances, half the recipients on the other instance) alternate with memory.
 * Goal: ≥ 0.8 × memory.
 *
 * Env: BENCH_PG_URL (else TEST_PG_URL, else the local server), BENCH_REDIS_URL (default
 * redis://127.0.0.1:6379), BENCH_SOCKETS (1000), BENCH_MESSAGES (100), BENCH_SENDERS (20),
 * BENCH_SECONDS (4), BENCH_PAIRS (5), BENCH_WARMUP (3), BENCH_PORT (first of 6 ports, 4300),
 * BENCH_DB_PREFIX and BENCH_REDIS_PREFIX (in front of the scratch database's name and of the
 * run's Redis prefix, for people sharing the servers), BENCH_PROFILE_DIR (a `--cpu-prof` of
 * the one-instance setup, summarised with bench/api/cpuprofile.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { scratchDatabase } from './lib/pg.js';
import { machineLine, table, writeQualitySection } from './lib/quality-report.js';
import { alternate, fmt, pairOptions, percentile, ratio, verdict } from './lib/stats.js';
import {
  buildApi,
  openClient,
  openClients,
  REPO,
  sendMessage,
  sendOverSocket,
  startApi,
  type ApiProcess,
  type Client,
} from './realtime-fixture.js';
import { insertConversations, insertMembers, type Member } from '@munegu/tools/members';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const TEXTS = Number(process.env.BENCH_MESSAGES ?? 100);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 4300);
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const TABS = 3;
const options = pairOptions();

interface Setup {
  name: 'memory' | 'redis' | 'postgres';
  apis: ApiProcess[];
  clients: Client[];
  /** The 3-tab member's sockets. */
  tabs: Client[];
}

/** How the latency sender sends: its socket (the web page's path) or HTTP (the fallback). */
type Path = 'socket' | 'http';
const PATHS: Path[] = ['socket', 'http'];
const rowName = (setup: Setup['name'], path: Path) => `${setup} ${path}`;

const LOAD_AT_START = os.loadavg()[0]!;
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Resolves when `content` has reached every one of `count` sockets; the arrival time. */
class Arrivals {
  private waiting = new Map<string, { left: number; done: (t: number) => void }>();
  expect(content: string, count: number): Promise<number> {
    return new Promise((done) => this.waiting.set(content, { left: count, done }));
  }
  hit(content: string): void {
    const w = this.waiting.get(content);
    if (!w) return;
    w.left -= 1;
    if (w.left === 0) {
      this.waiting.delete(content);
      w.done(performance.now());
    }
  }
}

async function main() {
  const db = await scratchDatabase('munegu_bench_rt');
  const prefix = `${process.env.BENCH_REDIS_PREFIX ?? 'munegu-bench-rt'}-${randomBytes(4).toString('hex')}`;
  const processes: { stop: (s?: NodeJS.Signals) => Promise<void> }[] = [];
  const sockets: { close: () => void }[] = [];
  try {
    buildApi();
    const start = (port: number, adapter: Setup['name']) =>
      startApi({
        port,
        databaseUrl: db.url,
        adapter,
        redisPrefix: prefix,
        // BENCH_PROFILE_DIR: a CPU profile of the one-instance setup, written when it stops.
        nodeArgs:
          PROFILE_DIR && adapter === 'memory'
            ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`]
            : [],
      }).then((api) => {
        processes.push(api);
        return api;
      });
    // The first instance migrates the database; the others start on it afterwards.
    const memory = [await start(PORT, 'memory')];
    const redis = await Promise.all([start(PORT + 1, 'redis'), start(PORT + 2, 'redis')]);
    const postgres = await Promise.all([start(PORT + 3, 'postgres'), start(PORT + 4, 'postgres')]);
    const baseline = await startBaseline(PORT + 5, db.url);
    processes.push(baseline);

    // Members: 0 the latency sender, 1 the 3-tab member, then SENDERS senders and their
    // recipients, then idle members up to SOCKETS sockets in all.
    const members = await insertMembers(db.url, SOCKETS - (TABS - 1));
    const [sender, tabMember] = [members[0]!, members[1]!];
    const senders = members.slice(2, 2 + SENDERS);
    const recipients = members.slice(2 + SENDERS, 2 + 2 * SENDERS);
    await insertConversations(db.url, [
      [sender.id, tabMember.id],
      ...senders.map((s, i) => [s.id, recipients[i]!.id] as [number, number]),
    ]);
    log(`${members.length} members, ${SOCKETS} sockets per setup, ${TABS} tabs for one member`);

    const setups: Setup[] = [];
    for (const [name, apis] of [
      ['memory', memory],
      ['redis', redis],
      ['postgres', postgres],
    ] as const) {
      const urlOf = (i: number) => apis[i % apis.length]!.url;
      const clients = await openClients(urlOf, members);
      const extra = await Promise.all(
        Array.from({ length: TABS - 1 }, (_, i) => openClient(urlOf(i), tabMember)),
      );
      clients.push(...extra);
      sockets.push(...clients.map((c) => ({ close: () => c.disconnect() })));
      const tabs = [clients[1]!, ...extra];
      setups.push({ name, apis, clients, tabs });
      log(`${name}: ${clients.length} sockets on ${apis.length} instance(s)`);
    }
    // The postgres adapter's LISTEN connections open asynchronously after start-up.
    await new Promise((r) => setTimeout(r, 1000));

    const ws = await baselineClients(baseline.port, members, tabMember);
    sockets.push(...ws.all.map((s) => ({ close: () => s.close() })));

    // (1) Latency.
    const all = new Map<string, number[]>();
    const record = (name: string, xs: number[]) => {
      all.set(name, [...(all.get(name) ?? []), ...xs]);
      return percentile(xs, 95);
    };
    let runId = 0;
    const latencyBaseline = async (keep: boolean) => {
      const xs = await baselineLatencyRun(ws, tabMember, `b${runId++}`);
      return keep ? record('baseline', xs) : percentile(xs, 95);
    };
    const latencyOf = (setup: Setup, path: Path) => async (keep: boolean) => {
      const xs = await latencyRun(setup, path, sender, tabMember, `s${runId++}`);
      return keep ? record(rowName(setup.name, path), xs) : percentile(xs, 95);
    };
    const latency: Record<string, Pair> = {};
    for (const setup of setups) {
      for (const path of PATHS) {
        const subject = latencyOf(setup, path);
        const row = rowName(setup.name, path);
        // alternate() runs the warm-up pairs first: their messages stay out of the percentiles.
        let subjectRuns = 0;
        latency[row] = await alternate(
          () => latencyBaseline(subjectRuns >= options.warmup),
          () => subject(subjectRuns++ >= options.warmup),
          options,
        );
        log(
          `latency ${row}: p95 ${fmt(latency[row]!.subject, 2)} ms vs baseline ` +
            `${fmt(latency[row]!.baseline, 2)} ms`,
        );
      }
    }

    // (2) Throughput.
    const throughputOf = (setup: Setup) => () =>
      throughputRun(setup, members, senders, recipients, `t${runId++}`);
    const throughput: Record<string, Pair> = {};
    for (const setup of setups.slice(1)) {
      throughput[setup.name] = await alternate(
        throughputOf(setups[0]!),
        throughputOf(setup),
        options,
      );
      log(
        `throughput ${setup.name}: ${fmt(throughput[setup.name]!.subject, 0)} msg/s vs memory ` +
          `${fmt(throughput[setup.name]!.baseline, 0)} msg/s`,
      );
    }

    writeQualitySection('realtime', report(latency, all, throughput));
  } finally {
    for (const s of sockets) s.close();
    await Promise.allSettled(processes.map((p) => p.stop()));
    if (process.env.BENCH_KEEP !== '1') await db.drop();
  }
}

/**
 * One latency run on the app: TEXTS messages over the sender's socket (its client among the
 * setup's, member 0) or POSTed, each awaited at the 3 tabs and answered.
 */
async function latencyRun(
  setup: Setup,
  path: Path,
  sender: Member,
  tabMember: Member,
  run: string,
) {
  const senderSocket = setup.clients[0]!;
  const arrivals = new Arrivals();
  const onMessage = (e: { message: { content: string } }) => arrivals.hit(e.message.content);
  for (const tab of setup.tabs) tab.on('newMessage', onMessage);
  const xs: number[] = [];
  try {
    for (let k = 0; k < TEXTS; k++) {
      const content = `${run}-${k}`;
      const url = setup.apis[k % setup.apis.length]!.url;
      const arrived = arrivals.expect(content, TABS);
      const t0 = performance.now();
      const [sent, t1] = await Promise.all([
        path === 'socket'
          ? sendOverSocket(senderSocket, tabMember.id, content)
          : sendMessage(url, sender, tabMember.id, content),
        withTimeout(arrived, 10_000, content),
      ]);
      if (sent.status !== 200) throw new Error(`envoi refusé : ${sent.status}`);
      xs.push(t1 - t0);
    }
  } finally {
    for (const tab of setup.tabs) tab.off('newMessage', onMessage);
  }
  return xs;
}

interface BaselineClients {
  sender: WebSocket;
  tabs: WebSocket[];
  all: WebSocket[];
}

/** As many bare websocket clients as the app's setups hold, the same 3 tabs among them. */
async function baselineClients(port: number, members: Member[], tabMember: Member) {
  const open = (m: Member) =>
    new Promise<WebSocket>((resolve, reject) => {
      const s = new WebSocket(`ws://127.0.0.1:${port}/?user=${m.id}`);
      s.once('open', () => resolve(s));
      s.once('error', reject);
    });
  const all: WebSocket[] = [];
  for (let i = 0; i < members.length; i += 100)
    all.push(...(await Promise.all(members.slice(i, i + 100).map(open))));
  const extra = await Promise.all(Array.from({ length: TABS - 1 }, () => open(tabMember)));
  all.push(...extra);
  return { sender: all[0]!, tabs: [all[1]!, ...extra], all } satisfies BaselineClients;
}

async function baselineLatencyRun(ws: BaselineClients, tabMember: Member, run: string) {
  const arrivals = new Arrivals();
  const onMessage = (data: WebSocket.RawData) =>
    arrivals.hit((JSON.parse(String(data)) as { content: string }).content);
  for (const tab of ws.tabs) tab.on('message', onMessage);
  const xs: number[] = [];
  try {
    for (let k = 0; k < TEXTS; k++) {
      const content = `${run}-${k}`;
      const arrived = arrivals.expect(content, TABS);
      const t0 = performance.now();
      ws.sender.send(JSON.stringify({ to: tabMember.id, content }));
      xs.push((await withTimeout(arrived, 10_000, content)) - t0);
    }
  } finally {
    for (const tab of ws.tabs) tab.off('message', onMessage);
  }
  return xs;
}

/** Messages per second delivered to recipients' sockets with SENDERS senders back to back. */
async function throughputRun(
  setup: Setup,
  members: Member[],
  senders: Member[],
  recipients: Member[],
  run: string,
) {
  const index = new Map(members.map((m, i) => [m.id, i]));
  let received = 0;
  let last = 0;
  const counter = (e: { message: { content: string } }) => {
    if (!e.message.content.startsWith(`${run}-`)) return;
    received += 1;
    last = performance.now();
  };
  const targets = recipients.map((r) => setup.clients[index.get(r.id)!]!);
  for (const c of targets) c.on('newMessage', counter);
  let sent = 0;
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  try {
    await Promise.all(
      senders.map(async (s, i) => {
        for (let k = 0; performance.now() < end; k++) {
          // Spread over the instances, the first request of each sender on a different one.
          const url = setup.apis[(i + k) % setup.apis.length]!.url;
          const r = await sendMessage(url, s, recipients[i]!.id, `${run}-${i}-${k}`);
          if (r.status !== 200) throw new Error(`envoi refusé : ${r.status}`);
          sent += 1;
        }
      }),
    );
    const deadline = performance.now() + 10_000;
    while (received < sent && performance.now() < deadline) await sleep(5);
    if (received !== sent) throw new Error(`${sent - received} messages jamais reçus`);
    return (sent / (last - t0)) * 1000;
  } finally {
    for (const c of targets) c.off('newMessage', counter);
  }
}

function startBaseline(port: number, databaseUrl: string) {
  const proc: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO, 'bench/realtime-baseline.ts'), String(port), databaseUrl],
    { cwd: path.join(REPO, 'apps/api'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  return new Promise<{ port: number; stop: () => Promise<void> }>((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => {
      if (String(d).includes('ready'))
        resolve({
          port,
          stop: async () => {
            if (proc.exitCode === null) proc.kill('SIGTERM');
            await exited;
          },
        });
    });
    proc.once('exit', (code) => reject(new Error(`serveur de référence arrêté (${code})`)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`jamais reçu : ${what}`)), ms);
    }),
  ]);
}

type Pair = Awaited<ReturnType<typeof alternate>>;

function report(
  latency: Record<string, Pair>,
  all: Map<string, number[]>,
  throughput: Record<string, Pair>,
): string {
  const ms = (x: number) => x.toFixed(2);
  const pcts = (xs: number[]) =>
    `${ms(percentile(xs, 50))} / ${ms(percentile(xs, 95))} / ${ms(percentile(xs, 99))}`;
  const latencyRows = Object.entries(latency).map(([name, pair]) => {
    const [setup, path] = name.split(' ') as [Setup['name'], Path];
    return [
      setup === 'memory' ? 'memory (1 instance)' : `${setup} (2 instances)`,
      path === 'socket' ? '`sendMessage` on the socket' : 'HTTP `POST /api/messages/send`',
      pcts(all.get(name)!),
      fmt(pair.subject, 2),
      fmt(pair.baseline, 2),
      name === rowName('memory', 'socket')
        ? verdict(ratio(pair.subject, pair.baseline), '≤', 2)
        : `${ratio(pair.subject, pair.baseline).toFixed(2)} ×`,
    ];
  });
  const throughputRows = Object.entries(throughput).map(([name, pair]) => [
    `${name} (2 instances)`,
    fmt(pair.subject, 0),
    fmt(pair.baseline, 0),
    verdict(ratio(pair.subject, pair.baseline), '≥', 0.8),
  ]);
  return `## Realtime messaging

\`pnpm bench realtime\` — ${machineLine()} Load average (1 min, other
processes of the shared machine included): ${LOAD_AT_START.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end.

The API as the image runs it (\`node apps/api/dist/main.js\`, production mode, scratch
PostgreSQL database, rate limits and socket budgets raised through configuration), ${SOCKETS}
authenticated socket.io clients per setup (websocket transport, as the web page), one member with
${TABS} open tabs. A message goes through the path the web page takes while its socket is
connected: \`sendMessage\` with an acknowledgement on the sender's socket, authenticated at its
handshake (per-socket budgets, the shared schema through the routes' validator, the rules) →
stored → pushed to both members' rooms; the page's fallback, HTTP \`POST /api/messages/send\`
(request counter, token and login checked per request), is measured the same way in the second
row of each setup. ${options.pairs} alternating pairs after ${options.warmup} warm-up pairs;
median (min–max) of the runs.

### Latency: send → arrival at all ${TABS} tabs (${TEXTS} messages per run, one at a time)

Baseline, same run: a bare \`ws\` server in its own process that does one raw \`INSERT\`
through \`pg\` per message and sends the row to the recipient's sockets (${SOCKETS} clients
connected, the same ${TABS} tabs); its sender writes on its open websocket. Goal (issue 12,
point 6): the socket path's p95 ≤ 2 × the baseline's p95, one instance (the goal's setup). The
HTTP rows and the two-instance rows show what the fallback and the adapter's hop add.

${table(
  [
    'setup',
    'path',
    'app p50 / p95 / p99, all runs (ms)',
    'app p95 per run (ms)',
    'baseline p95 per run (ms)',
    'p95 ratio',
  ],
  latencyRows,
)}

Baseline p50 / p95 / p99, all runs: ${pcts(all.get('baseline')!)} ms.

What the socket path still adds to the baseline's work, per message: socket.io's framing (an
event with an acknowledgement id, against a bare JSON frame), the payload checked by the shared
zod schema, and the message stored in one statement that also checks the conversation is
accepted and unblocked and the recipient active (an UPDATE of the conversation and an INSERT of a
row with three indexes, against one row with one index), then one emit to two rooms. That is the
baseline's one round trip to PostgreSQL. The HTTP path adds, on top, the HTTP exchange (undici's
\`fetch\` in the benchmark's process, parsed by Fastify) and a second round trip: the request
counter in Redis, with the caller's lookup beside it (access token, then the account and its login
in one statement). The socket path needs neither: its socket was authenticated at the handshake,
and a login that ends cuts its sockets at once (\`realtime/session-endings.ts\`; changes made
outside the API at the next sweep, \`SOCKET_REVALIDATE_SECONDS\`).

Profiled with this benchmark (\`BENCH_PROFILE_DIR\`, \`node --cpu-prof\` on the one-instance
setup), before the socket path: the send path's three sequential ORM reads and interactive
transaction (8 round trips) first became one read and one write statement (app p50 10.2 → 5.2 ms
in a 100-client run); then (issue 12) the caller's two ORM queries became one statement, an
accepted conversation's message one statement instead of a read then a write, and the access
token's check stopped being a fifth of the busy time (jose imported the HMAC key again on every
verify). Stages of the HTTP path (\`bench/realtime-stages.ts\`, one process, one clock; 350
messages, 2026-11-24 19:56 UTC, load average 4.3): the POST from undici's \`fetch\` to Fastify's
first hook p50 0.51 / p95 0.71 ms; the rate limiter and the caller (side by side) 0.76 / 3.06 ms;
body, rules, the one-statement store and the push 1.06 / 3.68 ms; delivery to the 3 tabs 0.21 /
0.30 ms; total 2.59 / 7.11 ms. The first two stages are what the socket path leaves out.

### Throughput with the multi-instance adapter (${SENDERS} senders back to back for ${SECONDS} s)

Messages per second delivered to the recipients' sockets (every message awaited). Two instances
sharing Redis (\`REDIS_PREFIX\` of the run) or PostgreSQL, POSTs spread over both, clients split
between them, against one instance with the in-memory adapter. Goal: ≥ 0.8 × one instance.

${table(['adapter on', 'msg/s', 'one instance, memory adapter (msg/s)', 'ratio'], throughputRows)}
`;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
