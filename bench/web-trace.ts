/**
 * `pnpm bench web-trace <page> <origin A> <origin B>`: one page of two running servers (two
 * builds, e.g. main and an older commit, each served by its own `node apps/api/dist/main.js`
 * on a demo database), loaded in plain Chromium under a performance trace, without Lighthouse.
 * This is the "plain Performance trace" beside `pnpm bench web`: Lighthouse's simulation
 * magnifies every task by its CPU slowdown, and its trace captures a JS stack on every timer
 * and request start, so a change can win or lose under Lighthouse alone.
 *
 * A and B alternate, the order swapped every pair (BENCH_PAIRS pairs, default 8), each load in
 * a fresh browser at 412 × 823 px. Three times: with the categories of a DevTools recording,
 * then adding the stack capture Lighthouse's trace turns on (per load: the observed first
 * contentful paint, the longest main-thread task ending after it, the painting task included,
 * and the blocking time Lighthouse's simulation would make of those tasks: each task × 4, its
 * CPU slowdown, less 50 ms); then without any trace, the CPU slowed down 4 × and the page's own
 * long tasks read back (what a phone's user would feel, with no measuring cost in it). Median
 * (min–max) of each. An origin given with a path loads that page instead of <page>: the app
 * against the floor app of `pnpm bench web` (`/liste`), served on its own. BENCH_SIGNED=1 loads
 * the pages as the demo supporter (logged in on each origin; session cookie and access token
 * put in the browser as `pnpm bench web` does), BENCH_SIGNED=A on A only. Prints; writes
 * nothing.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROME_FLAGS, CHROMIUM_PATH, supporterSession } from './lib/chromium.js';
import { alternate, fmt, pairOptions, stats } from './lib/stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const e2eRequire = createRequire(path.join(ROOT, 'e2e/package.json'));
const { pairs: PAIRS } = pairOptions({ pairs: 8, warmup: 0 });
// `1`: the demo supporter on both sides; `A`: on A only (B being the floor app, which has no
// accounts).
const SIGNED = process.env.BENCH_SIGNED;
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
  evaluate<T>(fn: () => T): Promise<T>;
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

/** One side of the comparison: where it loads, and whether as the demo supporter. */
type Side = { origin: string; page: string; signed: boolean };

/** A fresh browser at a phone's size, signed in if the side is, for one load. */
async function withContext<T>(side: Side, use: (context: Context) => Promise<T>): Promise<T> {
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
    if (side.signed) await signIn(context, side.origin);
    return await use(context);
  } finally {
    await browser.close();
  }
}

function load(side: Side, categories: string[]): Promise<Load> {
  const { origin, page } = side;
  return withContext(side, async (context) => {
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
  });
}

/** Registered before the page's own scripts: its long tasks, as the page itself sees them. */
const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });`;

/**
 * No trace at all: the CPU slowed down 4 × (the pace Lighthouse's mobile profile assumes) and
 * the page's own long tasks (PerformanceObserver), what a phone's user would feel. Blocking
 * time as Lighthouse counts it: each task's part after the first paint, less 50 ms. The browser
 * reports only tasks of 50 ms or more, so a longest task of 0 means there was none.
 */
function loadUntraced(side: Side): Promise<Load> {
  const { origin, page } = side;
  return withContext(side, async (context) => {
    await context.addInitScript(OBSERVE_LONG_TASKS);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await tab.goto(`${origin}${page}`, { waitUntil: 'load' });
    // Four times as long as the traced loads' wait: the CPU is four times slower.
    await tab.waitForTimeout(12_000);
    const { fcp, tasks } = await tab.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      tasks: (globalThis as unknown as { __longTasks: Array<[number, number]> }).__longTasks,
    }));
    if (fcp === undefined) throw new Error(`${origin}${page}: no first paint`);
    const after = tasks
      .map(([start, duration]) => start + duration - Math.max(start, fcp))
      .filter((d) => d > 0);
    return {
      fcp,
      longest: Math.max(0, ...after),
      blocking: after.reduce((sum, d) => sum + Math.max(0, d - BLOCKING_MS), 0),
    };
  });
}

/** A load that came back without the page's first paint (it happens now and then) is taken again. */
async function withRetry(once: () => Promise<Load>): Promise<Load> {
  try {
    return await once();
  } catch (err) {
    console.error(`${(err as Error).message}: taken again`);
    return once();
  }
}

async function main(): Promise<void> {
  const [page, a, b] = process.argv.slice(2);
  if (!page?.startsWith('/') || !a || !b) {
    console.error('usage: pnpm bench web-trace <page> <origin A>[/page] <origin B>[/page]');
    process.exitCode = 2;
    return;
  }
  // An origin given with a path of its own loads that page instead (the floor's `/liste`).
  const sides: Side[] = [a, b].map((arg, i) => {
    const url = new URL(arg);
    return {
      origin: url.origin,
      page: url.pathname === '/' ? page : url.pathname,
      signed: SIGNED === '1' || (SIGNED === 'A' && i === 0),
    };
  });
  console.log(`${PAIRS} alternating pairs, plain Chromium, no Lighthouse`);
  const modes: Array<[string, string, (side: Side) => Promise<Load>]> = [
    ['DevTools trace', 'simulated blocking time', (side) => load(side, DEVTOOLS_CATEGORIES)],
    [
      "with Lighthouse's stack capture",
      'simulated blocking time',
      (side) => load(side, [...DEVTOOLS_CATEGORIES, ...LIGHTHOUSE_STACKS]),
    ],
    [
      `no trace, CPU ${CPU_SLOWDOWN} × slower, the page's own long tasks`,
      'blocking time',
      (side) => loadUntraced(side),
    ],
  ];
  for (const [label, blocking, once] of modes) {
    const runs: Load[][] = [[], []];
    // Each load is kept whole; alternate() only needs a number from it.
    const side = (i: 0 | 1) => async () => {
      const run = await withRetry(() => once(sides[i]!));
      runs[i]!.push(run);
      return run.blocking;
    };
    await alternate(side(0), side(1), { pairs: PAIRS, warmup: 0 });
    console.log(`\n${label}: median (min–max), ms`);
    console.log(`page | first paint | longest task after it | ${blocking}`);
    for (const side of [0, 1]) {
      const of = (k: keyof Load) => fmt(stats(runs[side]!.map((r) => r[k])), 0);
      const { origin, page, signed } = sides[side]!;
      const name = `${origin}${page}${signed ? ' (signed in)' : ''}`;
      console.log(`${name} | ${of('fcp')} | ${of('longest')} | ${of('blocking')}`);
    }
  }
}

await main();
