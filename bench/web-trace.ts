/**
 * `pnpm bench web-trace <page> <origin A> <origin B>`: one page of two running servers (two
 * builds, e.g. main and an older commit, each served by its own `node apps/api/dist/main.js`
 * on a demo database), loaded in plain Chromium under a performance trace, without Lighthouse.
 * This is the "plain Performance trace" beside `pnpm bench web`: Lighthouse's simulation
 * magnifies every task by its CPU slowdown, and its trace captures a JS stack on every timer
 * and request start, so a change can win or lose under Lighthouse alone.
 *
 * A and B alternate, the order swapped every pair (BENCH_PAIRS pairs, default 8), each load in
 * a fresh browser at 412 × 823 px. Twice: with the categories of a DevTools recording, then
 * adding the stack capture Lighthouse's trace turns on. Per load: the observed first
 * contentful paint, the longest main-thread task ending after it (the painting task included),
 * and the blocking time Lighthouse's simulation would make of those tasks (each task × 4, its
 * CPU slowdown, less 50 ms). Median (min–max) of each. BENCH_SIGNED=1 loads the page as the demo
 * supporter (logged in on each origin; session cookie and access token put in the browser as
 * `pnpm bench web` does). Prints; writes nothing.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROME_FLAGS, CHROMIUM_PATH, supporterSession } from './lib/chromium.js';
import { fmt, pairOptions, stats } from './lib/stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const e2eRequire = createRequire(path.join(ROOT, 'e2e/package.json'));
const { pairs: PAIRS } = pairOptions({ pairs: 8, warmup: 0 });
const SIGNED = process.env.BENCH_SIGNED === '1';
// What Lantern does to an observed task (lighthouse-core's mobile profile, simulated throttling).
const CPU_SLOWDOWN = 4;
const BLOCKING_MS = 50;
const DEVTOOLS_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  'toplevel',
];
const LIGHTHOUSE_STACKS = [
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame',
  'devtools.timeline.async',
  'v8.execute',
];

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { documentLoaderURL?: string; navigationId?: string } };
};
/** The part of Playwright's API used here (its types do not resolve from bench/). */
type Cdp = {
  send(method: string, params?: object): Promise<unknown>;
  on(event: 'Tracing.dataCollected', listener: (e: { value: TraceEvent[] }) => void): void;
  once(event: 'Tracing.tracingComplete', listener: () => void): void;
};
type Page = {
  goto(url: string, options: { waitUntil: 'load' }): Promise<unknown>;
  waitForTimeout(ms: number): Promise<void>;
  close(): Promise<void>;
};
type Context = {
  addCookies(cookies: Array<{ name: string; value: string; url: string }>): Promise<void>;
  addInitScript(script: string): Promise<void>;
  newPage(): Promise<Page>;
  newCDPSession(page: Page): Promise<Cdp>;
};
type Chromium = {
  launch(options: { executablePath: string; args: string[] }): Promise<{
    newContext(options: {
      viewport: { width: number; height: number };
      deviceScaleFactor: number;
    }): Promise<Context>;
    close(): Promise<void>;
  }>;
};

type Load = { fcp: number; longest: number; blocking: number };

/** The demo supporter's session on `origin`, put in the context as a returning member's. */
async function signIn(context: Context, origin: string): Promise<void> {
  const { cookie, accessToken } = await supporterSession(origin);
  await context.addCookies([{ ...cookie, url: origin }]);
  // Written from a static file of the origin, so the app does not start before it is there.
  await context.addInitScript(
    `if (location.pathname === '/favicon.svg') localStorage.setItem('access_token', ${JSON.stringify(accessToken)})`,
  );
  const tab = await context.newPage();
  await tab.goto(`${origin}/favicon.svg`, { waitUntil: 'load' });
  await tab.close();
}

/** Main-thread tasks that no other task contains, in order. */
function topLevelTasks(events: TraceEvent[]): TraceEvent[] {
  const tasks = events
    .filter((e) => e.ph === 'X' && /^(RunTask|ThreadControllerImpl::RunTask)$/.test(e.name))
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const top: TraceEvent[] = [];
  let end = -1;
  for (const t of tasks) {
    if (t.ts < end) continue;
    top.push(t);
    end = t.ts + t.dur!;
  }
  return top;
}

async function load(origin: string, page: string, categories: string[]): Promise<Load> {
  const { chromium } = e2eRequire('@playwright/test') as { chromium: Chromium };
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROME_FLAGS.slice(1),
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
    });
    if (SIGNED) await signIn(context, origin);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: categories },
    });
    await tab.goto(`${origin}${page}`, { waitUntil: 'load' });
    // The member's deferred work and the late reads land within this.
    await tab.waitForTimeout(3_000);
    await cdp.send('Tracing.end');
    await complete;
    // Other documents of the browser share the renderer: the page's own navigation names its
    // thread and its first paint.
    const nav = events.find(
      (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(origin),
    );
    const paint =
      nav &&
      events.find(
        (e) =>
          e.name === 'firstContentfulPaint' &&
          e.args?.data?.navigationId === nav.args?.data?.navigationId,
      );
    if (!nav || !paint) throw new Error(`${origin}${page}: no first paint in the trace`);
    const after = topLevelTasks(
      events.filter((e) => e.pid === nav.pid && e.tid === nav.tid),
    ).filter((t) => t.ts + t.dur! > paint.ts);
    // The task that paints counts whole: Lighthouse's simulation estimates the first paint from
    // the render-blocking requests alone, so the page's own first frame lands after it.
    const ms = (t: TraceEvent) => t.dur! / 1000;
    return {
      fcp: (paint.ts - nav.ts) / 1000,
      longest: Math.max(0, ...after.map(ms)),
      blocking: after.reduce((sum, t) => sum + Math.max(0, CPU_SLOWDOWN * ms(t) - BLOCKING_MS), 0),
    };
  } finally {
    await browser.close();
  }
}

/** A load whose trace came back without the page's first paint (it happens now and then) is taken again. */
async function loadWithRetry(
  origin: string,
  page: string,
  categories: readonly string[],
): Promise<Load> {
  try {
    return await load(origin, page, [...categories]);
  } catch (err) {
    console.error(`${(err as Error).message}: taken again`);
    return load(origin, page, [...categories]);
  }
}

async function main(): Promise<void> {
  const [page, a, b] = process.argv.slice(2);
  if (!page?.startsWith('/') || !a || !b) {
    console.error('usage: pnpm bench web-trace <page> <origin A> <origin B>');
    process.exitCode = 2;
    return;
  }
  const origins = [a, b].map((o) => o.replace(/\/$/, ''));
  console.log(
    `${page}${SIGNED ? ' (signed in)' : ''}, ${PAIRS} alternating pairs, plain Chromium, no Lighthouse`,
  );
  for (const [label, categories] of [
    ['DevTools trace', DEVTOOLS_CATEGORIES],
    ["with Lighthouse's stack capture", [...DEVTOOLS_CATEGORIES, ...LIGHTHOUSE_STACKS]],
  ] as const) {
    const runs: Load[][] = [[], []];
    for (let i = 0; i < PAIRS; i++) {
      const order = i % 2 === 0 ? [0, 1] : [1, 0];
      for (const side of order)
        runs[side]!.push(await loadWithRetry(origins[side]!, page, categories));
    }
    console.log(`\n${label}: median (min–max), ms`);
    console.log('origin | first paint | longest task after it | simulated blocking time');
    for (const side of [0, 1]) {
      const of = (k: keyof Load) => fmt(stats(runs[side]!.map((r) => r[k])), 0);
      console.log(`${origins[side]} | ${of('fcp')} | ${of('longest')} | ${of('blocking')}`);
    }
  }
}

await main();
