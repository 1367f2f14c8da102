/**
 * Web performance benchmark (`pnpm bench web` from the repository root; never part of the tests).
 *
 * Baseline: bench/floor-app, the bare frameworks of the web app (React 19, react-router-dom 7
 * with lazy routes, TanStack Query) in two routes, built by apps/web's own Vite binary with
 * apps/web's dependencies (a `node_modules` link the bench makes), precompressed by the same
 * script as the app (scripts/precompress.mjs) and served by the same @fastify/static options
 * (`preCompressed`, no wildcard, index.html fallback) from the API's dependencies.
 * Subject: the app built as `pnpm build` does, served by the real server
 * (`node apps/api/dist/main.js`) on a scratch PostgreSQL database with the demo data, so `/`,
 * `/actualites` and `/jeu_prono` render real content.
 *
 * 1. Initial JavaScript: Debian's Chromium (Playwright from e2e/) opens `/` of each, anonymous,
 *    until the load event and 2 s without a new script request; every script response (module preloads and lazy route chunks
 *    included) is counted once: files, raw bytes and gzip -9 bytes (computed here from the
 *    decoded body). Goal: app ≤ 1.5 × floor (gzip).
 * 2. Lighthouse 12 (its CLI, in a child process; default mobile profile with simulated
 *    throttling) against a fresh Chromium per run: for each page pair (app `/` vs floor `/`,
 *    app `/actualites` vs floor `/liste`, app `/jeu_prono` signed in as the demo supporter vs
 *    floor `/liste`), BENCH_WARMUP pairs (default 0: every page is loaded once by Chromium
 *    before, which warms the servers) then BENCH_PAIRS pairs (default 5),
 *    floor and app alternating and the order swapped every pair. Median (min–max) of LCP, TBT,
 *    CLS and the performance, accessibility and best-practices scores. Goals: LCP and TBT
 *    ≤ 1.3 × floor, CLS ≤ 0.1.
 *    Signed in: before each run the bench logs the demo supporter in (POST /api/auth/login)
 *    and puts the session cookie and the access token it answers into the fresh browser (CDP
 *    Storage.setCookies, localStorage written from a tab on a static file of the origin), as a
 *    returning member's browser holds them: with the cookie alone the app starts as a visitor's. Lighthouse runs with --disable-storage-reset (it would erase the cookie);
 *    each run has a new profile, so the cache is cold all the same, for both sides.
 *
 * Writes section `web` of docs/QUALITY.md. Ports: app BENCH_WEB_PORT (4610), floor +1,
 * Chromium debugging ports BENCH_CHROME_PORT (9610) to +39, reused in turn. Scratch database
 * named from BENCH_WEB_DB (munegu_webbench), so runs side by side never share one. BENCH_SKIP_BUILD=1 reuses apps/web/dist and
 * apps/api/dist. BENCH_KEEP_REPORTS=1 keeps Lighthouse's JSON reports and traces. BENCH_WEB_PAGES (app paths,
 * comma-separated) measures only those pages and prints instead of writing. Server: BENCH_PG_URL, else TEST_PG_URL, else the local postgres database.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type FastifyFactory from 'fastify';
import type { FastifyInstance } from 'fastify';
import type FastifyStatic from '@fastify/static';
import type * as ChromeLauncher from 'chrome-launcher';
import { scratchDatabase } from './lib/pg.js';
import {
  CHROME_FLAGS,
  CHROMIUM_PATH,
  devtools,
  supporterSession,
  writeAccessToken,
  type Session,
} from './lib/chromium.js';
import { machineLine, table, writeQualitySection } from './lib/quality-report.js';
import { fmt, pairOptions, ratio, stats, verdict, type Stats } from './lib/stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FLOOR = path.join(ROOT, 'bench/floor-app');
const FLOOR_DIST = path.join(FLOOR, 'dist');
const APP_PORT = Number(process.env.BENCH_WEB_PORT ?? 4610);
const FLOOR_PORT = APP_PORT + 1;
const APP = `http://127.0.0.1:${APP_PORT}`;
const FLOOR_URL = `http://127.0.0.1:${FLOOR_PORT}`;
// No warm-up pair by default: each Lighthouse run starts a fresh browser anyway, and every page
// is loaded once (below) before the first run, which warms the servers. One run takes 30-75 s here.
const { pairs: PAIRS, warmup: WARMUP } = pairOptions({ pairs: 5, warmup: 0 });
const JS_GOAL = 1.5;
const TIMING_GOAL = 1.3;
const CLS_GOAL = 0.1;

// Loaded when used (a run that fails early loads neither). Playwright's browser driver comes
// from the e2e package, which already depends on it.
const benchRequire = createRequire(import.meta.url);
const e2eRequire = createRequire(path.join(ROOT, 'e2e/package.json'));
const LIGHTHOUSE_CLI = path.join(
  path.dirname(benchRequire.resolve('lighthouse/package.json')),
  'cli/index.js',
);

const tmp = mkdtempSync(path.join(os.tmpdir(), 'munegu-webbench-'));
// Lighthouse's JSON reports (lh-<n>.json, in run order) and each run's trace beside it
// (lh-<n>-0.trace.json) stay in `tmp`: which element is the LCP, what shifts, which tasks
// make up a TBT.
const KEEP_REPORTS = process.env.BENCH_KEEP_REPORTS === '1';

function sh(command: string, args: string[], cwd = ROOT): void {
  const r = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')}: code ${r.status}`);
}

function build(): void {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const pnpm = (
      JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
        packageManager: string;
      }
    ).packageManager;
    sh('npx', ['-y', pnpm, 'run', 'build']);
  }
  // The floor resolves React, the router, Query, Vite and its React plugin from apps/web.
  const link = path.join(FLOOR, 'node_modules');
  if (!existsSync(link))
    symlinkSync(path.relative(FLOOR, path.join(ROOT, 'apps/web/node_modules')), link);
  sh(
    path.join(ROOT, 'apps/web/node_modules/.bin/vite'),
    ['build', '--config', 'vite.config.mjs'],
    FLOOR,
  );
  sh(process.execPath, [path.join(ROOT, 'scripts/precompress.mjs'), FLOOR_DIST]);
}

/** The floor's server: the options apps/api/src/plugins/web.ts gives @fastify/static. */
async function serveFloor(): Promise<FastifyInstance> {
  const Fastify = benchRequire('fastify') as typeof FastifyFactory;
  const fastifyStatic = benchRequire('@fastify/static') as typeof FastifyStatic;
  const app = Fastify();
  await app.register(fastifyStatic, {
    root: FLOOR_DIST,
    prefix: '/',
    preCompressed: true,
    wildcard: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else if (filePath.endsWith('.html')) res.header('Cache-Control', 'no-cache');
      else res.header('Cache-Control', 'public, max-age=3600');
    },
  });
  app.setNotFoundHandler((_req, reply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html'),
  );
  await app.listen({ host: '127.0.0.1', port: FLOOR_PORT });
  return app;
}

async function waitFor(url: string, child: ChildProcess, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url}: no answer after ${seconds} s`);
}

async function serveApp(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      PUBLIC_URL: APP,
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'true',
      DATA_DIR: path.join(tmp, 'data'),
      SMTP_URL: '',
      // Every run logs in and loads pages from one address: the budget is not what is measured.
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
  });
  await waitFor(`${APP}/api/health`, child, 300);
  return child;
}

// ─── 1. Initial JavaScript ───────────────────────────────────────────────────────────────

type Script = { url: string; raw: number; gzip: number };

/** The part of Playwright's API used here (its types do not resolve from bench/). */
type Chromium = {
  launch(options: { executablePath: string; args: string[] }): Promise<{
    newPage(): Promise<{
      on(event: 'request', listener: (request: PwRequest) => void): void;
      on(event: 'response', listener: (response: PwResponse) => void): void;
      goto(url: string, options: { waitUntil: 'load' }): Promise<unknown>;
    }>;
    close(): Promise<void>;
  }>;
};
type PwRequest = { resourceType(): string };
type PwResponse = { url(): string; body(): Promise<Buffer>; request(): PwRequest };

/**
 * Every script `url` loads, anonymous, until the load event and then QUIET_MS without a new
 * script request (capped): module preloads, the route's lazy chunk and what it imports.
 * ("networkidle" is not usable: the app's start-up refresh call, answered 401 for a visitor,
 * stays open in Chromium's eyes since its body is never read.)
 */
const QUIET_MS = 2_000;
async function scriptsOf(url: string): Promise<Script[]> {
  const { chromium } = e2eRequire('@playwright/test') as { chromium: Chromium };
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROME_FLAGS.slice(1),
  });
  try {
    const page = await browser.newPage();
    const seen = new Map<string, Promise<Script>>();
    let last = Date.now();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') last = Date.now();
    });
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || seen.has(response.url())) return;
      seen.set(
        response.url(),
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    const cap = Date.now() + 20_000;
    while (Date.now() - last < QUIET_MS && Date.now() < cap)
      await new Promise((r) => setTimeout(r, 200));
    return (await Promise.all(seen.values())).sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
  }
}

const sum = (xs: Script[], k: 'raw' | 'gzip') => xs.reduce((n, s) => n + s[k], 0);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

// ─── 2. Lighthouse ───────────────────────────────────────────────────────────────────────

type Run = { lcp: number; tbt: number; cls: number; perf: number; a11y: number; bp: number };
const METRICS: (keyof Run)[] = ['lcp', 'tbt', 'cls', 'perf', 'a11y', 'bp'];

// Each run gets the next port of a band of 40, so a browser still closing never holds the next run's.
const DEBUG_PORT_FIRST = Number(process.env.BENCH_CHROME_PORT ?? 9610);
const DEBUG_PORT_LAST = DEBUG_PORT_FIRST + 39;
let debugPort = DEBUG_PORT_FIRST;

/**
 * The state a returning member's browser is in: the session cookie and the access token the app
 * keeps in localStorage (without the token, the app starts as a visitor's and asks nothing).
 * Through the DevTools protocol: the cookie, then the token written from a tab on a static file
 * of the app's origin (no app start-up), closed before Lighthouse runs.
 */
async function setSession(port: number, session: Session): Promise<void> {
  const { send, close } = await devtools(port);
  try {
    await send('Storage.setCookies', {
      cookies: [
        {
          ...session.cookie,
          url: `${APP}/api/auth`,
          path: '/api/auth',
          httpOnly: true,
          sameSite: 'Lax',
        },
      ],
    });
    await writeAccessToken(send, APP, session.accessToken);
  } finally {
    close();
  }
}

function runNode(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse: code ${code}`)),
    );
  });
}

/** A run Lighthouse itself gives up (NO_NAVSTART and such, on a loaded machine) is run again. */
async function lighthouse(url: string, signedIn: boolean): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, signedIn);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  ${url}: ${(error as Error).message}; run again`);
    }
  }
}

let runs = 0;
async function lighthouseOnce(url: string, signedIn: boolean): Promise<Run> {
  const { launch } = benchRequire('chrome-launcher') as typeof ChromeLauncher;
  const port = debugPort;
  debugPort = debugPort >= DEBUG_PORT_LAST ? DEBUG_PORT_FIRST : debugPort + 1;
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, port });
  try {
    if (signedIn) await setSession(chrome.port, await supporterSession(APP));
    const out = path.join(tmp, `lh-${++runs}.json`);
    await runNode([
      LIGHTHOUSE_CLI,
      url,
      `--port=${chrome.port}`,
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices',
      '--disable-storage-reset',
      '--quiet',
      ...(KEEP_REPORTS ? ['--save-assets'] : []),
    ]);
    const lhr = JSON.parse(readFileSync(out, 'utf8')) as {
      runtimeError?: { message: string };
      audits: Record<string, { numericValue?: number }>;
      categories: Record<string, { score: number | null }>;
    };
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
    return {
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
    };
  } finally {
    chrome.kill();
  }
}

type Pair = { label: string; app: string; floor: string; signedIn: boolean };
const ALL_PAGES: Pair[] = [
  { label: '`/`', app: '/', floor: '/', signedIn: false },
  { label: '`/actualites`', app: '/actualites', floor: '/liste', signedIn: false },
  { label: '`/jeu_prono` (signed in)', app: '/jeu_prono', floor: '/liste', signedIn: true },
];
// BENCH_WEB_PAGES=/jeu_prono (comma-separated app paths) measures only those pairs, to try a
// change on one page in a few minutes; such a run prints its tables and leaves QUALITY.md alone.
const ONLY = process.env.BENCH_WEB_PAGES?.split(',').map((s) => s.trim());
const PAGES = ONLY ? ALL_PAGES.filter((p) => ONLY.includes(p.app)) : ALL_PAGES;
if (PAGES.length === 0)
  throw new Error(`BENCH_WEB_PAGES matches none of ${ALL_PAGES.map((p) => p.app)}`);

/** Floor and app alternating, the order swapped every pair (bench/lib/stats.ts `alternate`). */
async function measurePage(p: Pair) {
  const floor: Run[] = [];
  const app: Run[] = [];
  const one = async (side: 'floor' | 'app', keep: boolean) => {
    const r =
      side === 'floor'
        ? await lighthouse(FLOOR_URL + p.floor, false)
        : await lighthouse(APP + p.app, p.signedIn);
    if (keep) (side === 'floor' ? floor : app).push(r);
  };
  for (let i = 0; i < WARMUP; i++) {
    await one('floor', false);
    await one('app', false);
  }
  for (let i = 0; i < PAIRS; i++) {
    const order: ('floor' | 'app')[] = i % 2 === 0 ? ['floor', 'app'] : ['app', 'floor'];
    for (const side of order) await one(side, true);
    console.log(`  ${p.app}: pair ${i + 1}/${PAIRS}`);
  }
  const of = (rs: Run[]) =>
    Object.fromEntries(METRICS.map((m) => [m, stats(rs.map((r) => r[m]))])) as Record<
      keyof Run,
      Stats
    >;
  return { floor: of(floor), app: of(app) };
}

// ─── Report ──────────────────────────────────────────────────────────────────────────────

function timingVerdict(app: Stats, floor: Stats): string {
  if (floor.median === 0)
    return app.median === 0 ? 'both 0 (goal met)' : `floor 0 ms: no ratio (NOT met)`;
  return verdict(ratio(app, floor), '≤', TIMING_GOAL);
}

async function main() {
  build();
  const db = await scratchDatabase(process.env.BENCH_WEB_DB ?? 'munegu_webbench');
  let api: ChildProcess | undefined;
  let floorServer: FastifyInstance | undefined;
  try {
    api = await serveApp(db.url);
    floorServer = await serveFloor();

    console.log('Initial JavaScript of / …');
    const floorJs = await scriptsOf(`${FLOOR_URL}/`);
    const appJs = await scriptsOf(`${APP}/`);
    for (const p of PAGES) {
      await scriptsOf(APP + p.app);
      await scriptsOf(FLOOR_URL + p.floor);
    }
    const jsRatio = ratio(sum(appJs, 'gzip'), sum(floorJs, 'gzip'));

    const pages = [];
    for (const p of PAGES) {
      console.log(`Lighthouse ${p.app} vs floor ${p.floor} (${WARMUP} warm-up + ${PAIRS} pairs)…`);
      pages.push({ page: p, ...(await measurePage(p)) });
    }

    const md = [
      '## Web performance (`pnpm bench web`)',
      '',
      machineLine(),
      '',
      'Floor: `bench/floor-app` (React 19, react-router-dom 7 with two lazy routes, TanStack Query; ' +
        'built with apps/web’s Vite and dependencies, precompressed and served like the app). ' +
        'App: `pnpm build`, served by `node apps/api/dist/main.js` on a scratch PostgreSQL with the demo data.',
      '',
      '### Initial JavaScript of `/` (anonymous; until the load event and 2 s without a new script request; gzip -9 computed by the bench)',
      '',
      table(
        ['', 'files', 'raw', 'gzip -9', 'app ÷ floor (gzip)'],
        [
          ['floor', floorJs.length, kB(sum(floorJs, 'raw')), kB(sum(floorJs, 'gzip')), ''],
          [
            'app',
            appJs.length,
            kB(sum(appJs, 'raw')),
            kB(sum(appJs, 'gzip')),
            verdict(jsRatio, '≤', JS_GOAL),
          ],
        ],
      ),
      '',
      'The app’s scripts on `/`: ' +
        appJs.map((s) => `${path.basename(s.url)} ${kB(s.gzip)}`).join(', ') +
        '.',
      '',
      `### Lighthouse 12.8.2, mobile profile (simulated throttling), ${WARMUP} warm-up + ${PAIRS} alternating pairs, median (min–max)`,
      '',
      table(
        [
          'page (app vs floor)',
          'LCP app ms',
          'LCP floor ms',
          'LCP ratio',
          'TBT app ms',
          'TBT floor ms',
          'TBT ratio',
          'CLS app',
          'CLS floor',
        ],
        pages.map(({ page, app, floor }) => [
          `${page.label} vs \`${page.floor}\``,
          fmt(app.lcp, 0),
          fmt(floor.lcp, 0),
          verdict(ratio(app.lcp, floor.lcp), '≤', TIMING_GOAL),
          fmt(app.tbt, 0),
          fmt(floor.tbt, 0),
          timingVerdict(app.tbt, floor.tbt),
          `${fmt(app.cls, 3)} (goal ≤ ${CLS_GOAL}: ${app.cls.max <= CLS_GOAL ? 'met' : 'NOT met'})`,
          fmt(floor.cls, 3),
        ]),
      ),
      '',
      table(
        [
          'page',
          'performance app',
          'performance floor',
          'accessibility app',
          'accessibility floor',
          'best practices app',
          'best practices floor',
        ],
        pages.map(({ page, app, floor }) => [
          page.label,
          fmt(app.perf, 0),
          fmt(floor.perf, 0),
          fmt(app.a11y, 0),
          fmt(floor.a11y, 0),
          fmt(app.bp, 0),
          fmt(floor.bp, 0),
        ]),
      ),
      '',
      'CLS is judged on the worst run (max), LCP and TBT on the ratio of the medians.',
      '',
    ].join('\n');
    // What the traces showed and what changed: written by hand, kept beside the bench.
    const findings = readFileSync(path.join(ROOT, 'bench/web/FINDINGS.md'), 'utf8').trim();
    if (ONLY) console.log(md);
    else writeQualitySection('web', `${md}\n${findings}`);
  } finally {
    api?.kill('SIGTERM');
    await floorServer?.close();
    await db.drop();
    if (KEEP_REPORTS) console.log(`Lighthouse reports kept in ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
