/**
 * `pnpm bench lantern <lh-N.json>`: what Lighthouse's simulation (Lantern) made of one kept run
 * of `pnpm bench web` (BENCH_KEEP_REPORTS=1 keeps each report beside its trace and DevTools
 * log). `pnpm bench web` gives the verdicts; this says where they come from, from Lighthouse's
 * own code (the version the bench pins) run again on the run's trace:
 *
 * - LCP: every request the simulation waits for before the largest paint, with its simulated
 *   start and end, priority and bytes. On an HTTP/1.1 origin it simulates six connections and a
 *   phone's bandwidth, so the estimate is mostly bytes and queueing, not the page's own tasks.
 * - TBT: every simulated task of 50 ms or more (an observed task × 4), its simulated start and
 *   end against the window TBT counts (first contentful paint to interactive), and what the
 *   observed task ran (its longest parts: scripts by file, style, layout, paint).
 *
 * Both estimates are the pessimistic graph's (TBT's pessimistic side is the one whose window
 * opens at the optimistic first paint: the larger count). Prints; writes nothing.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const benchRequire = createRequire(import.meta.url);
const LIGHTHOUSE = path.dirname(benchRequire.resolve('lighthouse/package.json'));
/** Lighthouse's computed artifacts have no public entry: imported by path from the pinned version. */
const lighthouseModule = (file: string) =>
  import(pathToFileURL(path.join(LIGHTHOUSE, 'core', file)).href);

type TraceEvent = { name: string; dur?: number; args?: { data?: { url?: string } } };
type NetworkNode = {
  type: 'network';
  request: { url: string; priority: string; transferSize: number };
};
type CpuNode = { type: 'cpu'; duration: number; event: TraceEvent; childEvents: TraceEvent[] };
type Node = NetworkNode | CpuNode;
type Timing = { startTime: number; endTime: number; duration: number };
type Estimate = { timeInMs: number; nodeTimings: Map<Node, Timing> };
type Metric = { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate };
type Computed = { request(data: object, context: object): Promise<Metric> };

const BLOCKING_MS = 50;
const ms = (n: number) => String(Math.round(n)).padStart(5);
const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || '/';
/** A simulation's nodes in the order they started. */
const byStart = (timings: Map<Node, Timing>) =>
  [...timings].sort((a, b) => a[1].startTime - b[1].startTime);

/** Trace events named as the parts of a task they are; scripts are named by their file. */
const PARTS: Record<string, string> = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  RunMicrotasks: 'microtasks',
  'v8.evaluateModule': 'module evaluation',
  ParseHTML: 'HTML parsing',
};
const SCRIPTS = new Set(['EvaluateScript', 'FunctionCall', 'v8.compile']);

/** The observed task's longest parts: scripts by file, module evaluation, style, layout, paint. */
function observedParts(node: CpuNode): string {
  const parts = new Map<string, number>();
  for (const e of node.childEvents) {
    const url = e.args?.data?.url;
    const key = SCRIPTS.has(e.name) ? `script ${url ? short(url) : '(no file)'}` : PARTS[e.name];
    if (key) parts.set(key, (parts.get(key) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return (
    [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(', ') || '(no script, style, layout or paint)'
  );
}

async function main(): Promise<void> {
  const report = process.argv[2];
  if (!report?.endsWith('.json')) {
    console.error('usage: pnpm bench lantern <lh-N.json> (a report kept by BENCH_KEEP_REPORTS=1)');
    process.exitCode = 2;
    return;
  }
  const lhr = JSON.parse(readFileSync(report, 'utf8')) as {
    requestedUrl: string;
    finalDisplayedUrl: string;
    configSettings: object;
    audits: Record<string, { numericValue?: number }>;
  };
  const base = report.replace(/\.json$/, '-0');
  const trace = JSON.parse(readFileSync(`${base}.trace.json`, 'utf8')) as object;
  const devtoolsLog = JSON.parse(readFileSync(`${base}.devtoolslog.json`, 'utf8')) as object;
  const settings = { ...lhr.configSettings, throttlingMethod: 'simulate' };
  const data = {
    trace,
    devtoolsLog,
    settings,
    gatherContext: { gatherMode: 'navigation' },
    URL: {
      requestedUrl: lhr.requestedUrl,
      mainDocumentUrl: lhr.finalDisplayedUrl,
      finalDisplayedUrl: lhr.finalDisplayedUrl,
    },
    SourceMaps: [],
    simulator: null,
  };
  const context = { computedCache: new Map(), settings };
  const metric = async (file: string, name: string) =>
    ((await lighthouseModule(`computed/metrics/${file}`)) as Record<string, Computed>)[
      name
    ]!.request(data, context);
  const fcp = await metric('lantern-first-contentful-paint.js', 'LanternFirstContentfulPaint');
  const lcp = await metric('lantern-largest-contentful-paint.js', 'LanternLargestContentfulPaint');
  const tti = await metric('lantern-interactive.js', 'LanternInteractive');
  const tbt = await metric('lantern-total-blocking-time.js', 'LanternTotalBlockingTime');
  const reported = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  console.log(
    `${short(lhr.finalDisplayedUrl)}: LCP ${Math.round(lcp.timing)} ms, TBT ${Math.round(tbt.timing)} ms ` +
      `(the report: ${reported('largest-contentful-paint')}, ${reported('total-blocking-time')})`,
  );

  const requests = byStart(lcp.pessimisticEstimate.nodeTimings).filter(
    (e): e is [NetworkNode, Timing] => e[0].type === 'network',
  );
  const bytes = requests.reduce((sum, [n]) => sum + n.request.transferSize, 0);
  console.log(
    `\nLCP, pessimistic graph: ${requests.length} requests, ${(bytes / 1024).toFixed(1)} kB; ` +
      'start, end (simulated ms), priority, bytes, request',
  );
  for (const [node, t] of requests)
    console.log(
      `${ms(t.startTime)} ${ms(t.endTime)}  ${node.request.priority.padEnd(8)} ${String(node.request.transferSize).padStart(6)}  ${short(node.request.url)}`,
    );

  const from = fcp.optimisticEstimate.timeInMs;
  const to = tti.pessimisticEstimate.timeInMs;
  console.log(
    `\nTBT, pessimistic side: window ${Math.round(from)}–${Math.round(to)} ms (first contentful ` +
      'paint, optimistic, to interactive); tasks of 50 ms or more: start, end, blocking in the ' +
      'window, observed ms, what it ran',
  );
  for (const [node, t] of byStart(tbt.pessimisticEstimate.nodeTimings)) {
    if (node.type !== 'cpu' || t.duration < BLOCKING_MS) continue;
    const inside = Math.min(t.endTime, to) - Math.max(t.startTime, from);
    const blocking = Math.max(0, inside - BLOCKING_MS);
    console.log(
      `${ms(t.startTime)} ${ms(t.endTime)} ${ms(blocking)} ${(node.duration / 1000).toFixed(1).padStart(6)}  ${observedParts(node)}`,
    );
  }
}

await main();
