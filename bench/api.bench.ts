/**
 * API throughput benchmark (`pnpm bench api` from the repository root; never part of the
 * tests). Builds the API first (the root script runs `pnpm --filter @munegu/api build`).
 *
 * On a scratch PostgreSQL database, migrated and seeded with the demo data by the app itself:
 *
 * 1. GET /api/health through the real API as the container image runs it (`node
 *    apps/api/dist/main.js`, NODE_ENV=production, DEMO_DATA=true, RATE_LIMIT_PER_MINUTE raised,
 *    request logs at the default level, info: one JSON line per request, to a file), against a
 *    bare node:http + pg server in its own process (bench/api/bare-health.ts) running the same
 *    `SELECT 1` and sending the same bytes, headers included (checked before timing).
 * 2. GET /api/matchs/next and GET /api/classement-ligue1 through the app against raw node:http
 *    routes IN THE SAME PROCESS (bench/api/same-process.ts) running the SQL the app issues
 *    (captured and compared) through a pg pool and sending the same bytes (checked): peak
 *    throughput, then p99 latency of both at half the raw route's median peak rate.
 *
 * autocannon, 20 connections, BENCH_DURATION seconds per run (default 5), BENCH_WARMUP warm-up
 * pairs (default 1) then BENCH_PAIRS alternating pairs (default 5). Then (unless
 * BENCH_PROFILE=0) a CPU profile of the built app under the same load, summarised, and the
 * findings of bench/api/FINDINGS.md. Writes section `api` of
 * docs/QUALITY.md (QUALITY_REPORT=0 prints it instead). Ports 4110–4113 (BENCH_PORT_BASE).
 * Server: BENCH_PG_URL, else TEST_PG_URL, else the local postgres database.
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import http from 'node:http';
import * as prettier from 'prettier';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { topLines } from './api/cpuprofile.js';
import { RAW_SQL } from './api/raw-routes.js';
import { scratchDatabase } from './lib/pg.js';
import { machineLine, QUALITY_FILE, table, writeQualitySection } from './lib/quality-report.js';
import { alternate, fmt, pairOptions, ratio, stats, verdict, type Stats } from './lib/stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_DIR = path.join(ROOT, 'apps/api');
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 20;
const PORT = Number(process.env.BENCH_PORT_BASE ?? 4110);
const ports = { app: PORT, bare: PORT + 1, same: PORT + 2, raw: PORT + 3 };
const options = pairOptions({ pairs: 5, warmup: 1 });
const work = mkdtempSync(path.join(os.tmpdir(), 'munegu-bench-api-'));
const children: ChildProcess[] = [];

/** A child process whose output goes straight to a file (not through this process). */
function start(script: string, env: Record<string, string>, log: string, ts: boolean) {
  const out = openSync(path.join(work, log), 'a');
  const child = fork(script, [], {
    cwd: API_DIR,
    env: { ...process.env, ...env },
    execArgv: ts ? ['--import', 'tsx'] : [],
    stdio: ['ignore', out, out, 'ipc'],
  });
  closeSync(out);
  children.push(child);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} s'est arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} ne répond pas sur ${url}`);
}

/** Header values that differ from one answer to the next; only their presence is compared. */
const VOLATILE = ['date', 'connection', 'keep-alive', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/**
 * Status, headers and body bytes as autocannon gets them: node:http, which (unlike fetch)
 * sends no Accept-Encoding, so neither side compresses.
 */
function answer(url: string) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers))
              headers[k] = VOLATILE.includes(k) ? '…' : String(v);
            resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
          });
        })
        .on('error', reject);
    },
  );
}

async function sameBytes(a: string, b: string) {
  const [x, y] = await Promise.all([answer(a), answer(b)]);
  const hx = JSON.stringify(Object.entries(x.headers).sort());
  const hy = JSON.stringify(Object.entries(y.headers).sort());
  if (x.status !== y.status || !x.body.equals(y.body) || hx !== hy)
    throw new Error(
      `réponses différentes :\n${a} ${x.status} ${hx}\n${x.body}\n${b} ${y.status} ${hy}\n${y.body}`,
    );
  return x.body;
}

type Run = { rps: number; p99: number; bytes: number };
async function load(url: string, overallRate?: number): Promise<Run> {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    ...(overallRate ? { overallRate } : {}),
  });
  if (r.errors || r.timeouts || r.non2xx)
    throw new Error(`${url}: ${r.errors} erreurs, ${r.timeouts} délais, ${r.non2xx} non-2xx`);
  return {
    rps: r.requests.total / (r.duration || DURATION),
    p99: r.latency.p99,
    // Bytes per response as received: status line, headers and body.
    bytes: r.throughput.total / r.requests.total,
  };
}

/** Alternating pairs of runs; both the throughput and the p99 of each run are kept. */
async function pairs(baseline: string, subject: string, overallRate?: number) {
  const runs = { baseline: [] as Run[], subject: [] as Run[] };
  const side = (url: string, into: Run[]) => async () => {
    const r = await load(url, overallRate);
    into.push(r);
    return r.rps;
  };
  const warm = { baseline: [] as Run[], subject: [] as Run[] };
  for (let i = 0; i < options.warmup; i++) {
    await side(baseline, warm.baseline)();
    await side(subject, warm.subject)();
  }
  await alternate(side(baseline, runs.baseline), side(subject, runs.subject), {
    ...options,
    warmup: 0,
  });
  const of = (rs: Run[], k: keyof Run) => stats(rs.map((r) => r[k]));
  return {
    bytes: { baseline: of(runs.baseline, 'bytes'), subject: of(runs.subject, 'bytes') },
    rps: { baseline: of(runs.baseline, 'rps'), subject: of(runs.subject, 'rps') },
    p99: { baseline: of(runs.baseline, 'p99'), subject: of(runs.subject, 'p99') },
  };
}

const f0 = (s: Stats) => fmt(s, 0);
/** Bytes per response received from each side, "app (baseline)" when they differ. */
const bytesOf = (r: { bytes: { baseline: Stats; subject: Stats } }) => {
  const [a, b] = [Math.round(r.bytes.subject.median), Math.round(r.bytes.baseline.median)];
  return a === b ? String(a) : `${a} (baseline ${b})`;
};

async function main() {
  const db = await scratchDatabase('munegu_bench_api');
  // Interrupted (Ctrl-C): the servers and the scratch database go too.
  const cleanup = async () => {
    await Promise.all(children.map(stop));
    await db.drop();
    rmSync(work, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  const logFile = path.join(work, 'api.log');
  const appEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    JWT_SECRET: 'bench-only-secret-0123456789abcdef0123456789',
    DEMO_DATA: 'true',
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${ports.app}`,
    DATA_DIR: path.join(work, 'data'),
    // Every request of the run comes from one address: the per-address budget is raised (the
    // limiter still counts every request, in PostgreSQL as in production).
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'info',
  };
  const sections: string[] = [];
  try {
    // --- 1. health: the built app vs bare node:http + pg in its own process ---
    const app = start(
      path.join(API_DIR, 'dist/main.js'),
      { ...appEnv, PORT: String(ports.app) },
      'api.log',
      false,
    );
    const appHealth = `http://127.0.0.1:${ports.app}/api/health`;
    await waitFor(appHealth, app, "l'API");
    const reference = await answer(appHealth);
    const bare = start(
      path.join(ROOT, 'bench/api/bare-health.ts'),
      {
        PORT: String(ports.bare),
        DATABASE_URL: db.url,
        BENCH_BODY: reference.body.toString(),
        BENCH_HEADERS: JSON.stringify(
          Object.fromEntries(
            Object.entries(reference.headers).filter(
              ([k]) => !VOLATILE.includes(k) && k !== 'content-length',
            ),
          ),
        ),
      },
      'bare.log',
      true,
    );
    const bareHealth = `http://127.0.0.1:${ports.bare}/api/health`;
    await waitFor(bareHealth, bare, 'le serveur nu');
    const healthBody = await sameBytes(bareHealth, appHealth);
    const logBefore = statSync(logFile).size;
    console.log('GET /api/health: bare node:http + pg vs app…');
    const health = await pairs(bareHealth, appHealth);
    const logged = statSync(logFile).size - logBefore;
    await Promise.all([stop(app), stop(bare)]);
    const healthRatio = ratio(health.rps.subject, health.rps.baseline);
    console.log(
      `  bare ${f0(health.rps.baseline)} req/s, app ${f0(health.rps.subject)} req/s: ${healthRatio} ×`,
    );

    // --- 2. hot reads: the app vs raw routes in the same process ---
    const same = start(
      path.join(ROOT, 'bench/api/same-process.ts'),
      { ...appEnv, DEMO_DATA: 'false', PORT: String(ports.same), RAW_PORT: String(ports.raw) },
      'same-process.log',
      true,
    );
    const { captured } = await new Promise<{ captured: Record<string, string[]> }>(
      (resolve, reject) => {
        same.once('message', (m) => resolve(m as { captured: Record<string, string[]> }));
        same.once('exit', (code) => reject(new Error(`same-process: code ${code}`)));
      },
    );
    const rows: (string | number)[][] = [];
    const p99Rows: (string | number)[][] = [];
    const verdicts: string[] = [];
    for (const route of Object.keys(RAW_SQL) as (keyof typeof RAW_SQL)[]) {
      const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
      const issued = captured[route] ?? [];
      if (issued.length !== 1 || norm(issued[0]!) !== norm(RAW_SQL[route]))
        throw new Error(
          `${route}: l'app n'émet pas le SQL de la route brute :\n${issued.join('\n---\n')}`,
        );
      const appUrl = `http://127.0.0.1:${ports.same}${route}`;
      const rawUrl = `http://127.0.0.1:${ports.raw}${route}`;
      const body = await sameBytes(rawUrl, appUrl);
      const items = (JSON.parse(body.toString()) as unknown[]).length;
      console.log(`GET ${route}: raw route vs app (peak)…`);
      const peak = await pairs(rawUrl, appUrl);
      const half = Math.floor(peak.rps.baseline.median / 2);
      console.log(`GET ${route}: raw route vs app at ${half} req/s…`);
      const paced = await pairs(rawUrl, appUrl, half);
      const r = ratio(peak.rps.subject, peak.rps.baseline);
      const pr = ratio(paced.p99.subject, paced.p99.baseline);
      rows.push([
        `GET ${route}`,
        `${items} items, ${body.length} B body, ${bytesOf(peak)} B response`,
        f0(peak.rps.baseline),
        f0(peak.rps.subject),
        verdict(r, '≥', 0.5),
      ]);
      p99Rows.push([
        `GET ${route}`,
        half,
        f0(paced.rps.baseline),
        f0(paced.rps.subject),
        fmt(paced.p99.baseline),
        fmt(paced.p99.subject),
        verdict(pr, '≤', 2),
      ]);
      verdicts.push(`${route}: ${r} × throughput, ${pr} × p99`);
      console.log(`  ${verdicts.at(-1)}`);
    }
    await stop(same);

    // --- 3. where the app's time goes: a CPU profile of the built app under the same load ---
    let profile = '';
    if (process.env.BENCH_PROFILE !== '0') {
      const dir = path.join(work, 'profile');
      const profiled = fork(path.join(API_DIR, 'dist/main.js'), [], {
        cwd: API_DIR,
        env: { ...process.env, ...appEnv, DEMO_DATA: 'false', PORT: String(ports.app) },
        execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      });
      children.push(profiled);
      await waitFor(appHealth, profiled, "l'API profilée");
      const routes = ['/api/health', ...Object.keys(RAW_SQL)];
      console.log(`CPU profile of the app under load (${routes.join(', ')})…`);
      for (const route of routes) await load(`http://127.0.0.1:${ports.app}${route}`);
      await stop(profiled);
      const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
      if (file) {
        const { bySelf, byTotal } = topLines(path.join(dir, file), 15);
        profile = [
          '### Where the app spends its time (CPU profile of this run)',
          '',
          `\`node --cpu-prof\` on \`apps/api/dist/main.js\` under the same load, ${DURATION} s on each of ${routes.join(', ')} (summarised by bench/api/cpuprofile.ts; shares of the busy time, the event loop's waits left out). \`writev\`/\`writeBuffer\` are the sockets' system calls, which a bare server pays too.`,
          '',
          '```text',
          'Self time:',
          ...bySelf,
          '',
          'Total time (self + callees):',
          ...byTotal,
          '```',
        ].join('\n');
      }
    }

    sections.push(
      `## API throughput (\`pnpm bench api\`)`,
      '',
      machineLine(),
      `autocannon, ${CONNECTIONS} connections, ${DURATION} s per run, ${options.warmup} warm-up pair(s) then ${options.pairs} alternating pairs; req/s and p99 (ms) as median (min–max) over the pairs. Demo data (\`DEMO_DATA=true\`), PostgreSQL. The app runs with NODE_ENV=production, the rate limiter counting every request in PostgreSQL as in production (\`RATE_LIMIT_PER_MINUTE=1000000\` so one address is never refused), request logs at \`info\` (one JSON line per request) to a file: ${(logged / (health.rps.subject.median * DURATION * (options.pairs + options.warmup)) || 0).toFixed(0)} B per request logged.`,
      '',
      '### Goal 1: GET /api/health through the whole stack vs bare node:http + pg',
      '',
      'The baseline is a bare `node:http` server in its own process running `SELECT 1` on a pg pool of the same size (10) and sending the same bytes, headers included (checked before timing). The subject is `node apps/api/dist/main.js` as the container image runs it.',
      '',
      table(
        ['route', 'size', 'bare node:http + pg (req/s)', 'app (req/s)', 'app ÷ bare'],
        [
          [
            'GET /api/health',
            `${healthBody.length} B body, ${bytesOf(health)} B response`,
            f0(health.rps.baseline),
            f0(health.rps.subject),
            verdict(healthRatio, '≥', 0.7),
          ],
        ],
      ),
      '',
      `p99: bare ${fmt(health.p99.baseline)} ms, app ${fmt(health.p99.subject)} ms (at peak).`,
      '',
      '### Goal 2: hot reads vs a raw route in the same process',
      '',
      "The baseline is a raw `node:http` handler in the same process as the app (bench/api/same-process.ts) running the statement the app issues (captured from the app's pool and compared before timing) through its own pg pool of the same size, and sending the same bytes (checked).",
      '',
      table(['route', 'size', 'raw route (req/s)', 'app (req/s)', 'app ÷ raw'], rows),
      '',
      "Latency at half the raw route's median peak rate (autocannon `overallRate`):",
      '',
      table(
        [
          'route',
          'rate (req/s)',
          'raw (req/s)',
          'app (req/s)',
          'raw p99 (ms)',
          'app p99 (ms)',
          'app ÷ raw p99',
        ],
        p99Rows,
      ),
      '',
      profile,
      '',
      readFileSync(path.join(ROOT, 'bench/api/FINDINGS.md'), 'utf8').trim(),
    );
    // Formatted as `pnpm format` would, so the generated section passes `pnpm check`.
    const prettierOptions = (await prettier.resolveConfig(QUALITY_FILE)) ?? {};
    const markdown = await prettier.format(sections.join('\n'), {
      ...prettierOptions,
      parser: 'markdown',
    });
    writeQualitySection('api', markdown);
  } finally {
    await cleanup();
  }
}

await main();
