/**
 * Shared measuring rules of every benchmark (`bench/*.bench.ts`). The machine is shared and
 * noisy, so a figure is never an absolute time: each subject is measured against a baseline in
 * the same run, alternating the two (after a warm-up), and reported as median, min and max of
 * each plus the ratio of the medians.
 */
import { performance } from 'node:perf_hooks';

export type Stats = { median: number; min: number; max: number; samples: number[] };

export function stats(xs: number[]): Stats {
  if (xs.length === 0) throw new Error('stats: aucune mesure');
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return {
    median: s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2,
    min: s[0]!,
    max: s.at(-1)!,
    samples: xs,
  };
}

/** The p-th percentile (0–100) of samples, nearest-rank. */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[rank]!;
}

export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export type PairOptions = { pairs?: number; warmup?: number };

/** BENCH_PAIRS (default 5) and BENCH_WARMUP (default 3) from the environment. */
export function pairOptions(defaults: PairOptions = {}): Required<PairOptions> {
  return {
    pairs: Number(process.env.BENCH_PAIRS ?? defaults.pairs ?? 5),
    warmup: Number(process.env.BENCH_WARMUP ?? defaults.warmup ?? 3),
  };
}

/**
 * Alternating pairs: `warmup` pairs not counted, then `pairs` pairs, the order inside a pair
 * swapped every time so neither side always runs on a warmer (or more loaded) machine.
 * `measure` returns the sample of one run (a duration in ms, a throughput, a percentile…).
 */
export async function alternate(
  baseline: () => Promise<number>,
  subject: () => Promise<number>,
  { pairs, warmup }: Required<PairOptions> = pairOptions(),
): Promise<{ baseline: Stats; subject: Stats }> {
  for (let i = 0; i < warmup; i++) {
    await baseline();
    await subject();
  }
  const b: number[] = [];
  const s: number[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      b.push(await baseline());
      s.push(await subject());
    } else {
      s.push(await subject());
      b.push(await baseline());
    }
  }
  return { baseline: stats(b), subject: stats(s) };
}

/** Durations of async calls in alternating pairs (ms). */
export function alternateTimed(
  baseline: () => Promise<unknown>,
  subject: () => Promise<unknown>,
  options?: Required<PairOptions>,
) {
  return alternate(
    () => timed(baseline),
    () => timed(subject),
    options,
  );
}

const nf = (digits: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: digits, useGrouping: false });

/** "12.3 (11.9–13.0)": median with min and max. */
export function fmt(s: Stats, digits = 1): string {
  const f = nf(digits);
  return `${f.format(s.median)} (${f.format(s.min)}–${f.format(s.max)})`;
}

/** subject ÷ baseline of the medians, two decimals. */
export function ratio(subject: Stats | number, baseline: Stats | number): number {
  const a = typeof subject === 'number' ? subject : subject.median;
  const b = typeof baseline === 'number' ? baseline : baseline.median;
  return Math.round((a / b) * 100) / 100;
}

/** "0.74 × (goal ≥ 0.70: met)". */
export function verdict(value: number, op: '≤' | '≥', goal: number): string {
  const met = op === '≤' ? value <= goal : value >= goal;
  return `${value.toFixed(2)} × (goal ${op} ${goal.toFixed(2)}: ${met ? 'met' : 'NOT met'})`;
}
