/**
 * Summarises a V8 .cpuprofile (`node --cpu-prof`): the functions with the most self time and
 * the most total time (self + callees, each function counted once per stack), as a share of the
 * busy time (samples outside `(idle)`: the event loop waiting for the network). `pnpm bench cpuprofile <file> [n]`;
 * `pnpm bench api` uses it on the profile it takes with BENCH_PROFILE=1.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileLine {
  name: string;
  selfShare: number;
  totalShare: number;
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url
    ? url.replace(/^file:\/\//, '').replace(/^.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '')
    : '';
  const where = file
    ? ` ${file.includes('/dist/') ? path.basename(file) : file}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'}${where}`;
}

/** Self and total shares of the sampled time per function (grouped by name and place). */
export function summarise(profile: Profile): ProfileLine[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const dt = Math.max(0, profile.timeDeltas[i] ?? 0);
    const leaf = byId.get(id)!;
    if (leaf.callFrame.functionName === '(idle)') return;
    all += dt;
    self.set(label(leaf), (self.get(label(leaf)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur)!);
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + dt);
    }
  });
  return [...total.entries()].map(([name, t]) => ({
    name,
    selfShare: (self.get(name) ?? 0) / all,
    totalShare: t / all,
  }));
}

export function topLines(file: string, n = 25) {
  const lines = summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const bySelf = [...lines].sort((a, b) => b.selfShare - a.selfShare).slice(0, n);
  const byTotal = [...lines]
    .filter((l) => !/^\((root|program|idle)\)/.test(l.name))
    .sort((a, b) => b.totalShare - a.totalShare)
    .slice(0, n);
  return {
    bySelf: bySelf.map((l) => `${pct(l.selfShare).padStart(7)}  ${l.name}`),
    byTotal: byTotal.map((l) => `${pct(l.totalShare).padStart(7)}  ${l.name}`),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, n] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpuprofile.ts <file.cpuprofile> [lines]');
  const { bySelf, byTotal } = topLines(file, Number(n ?? 25));
  console.log('Self time:\n' + bySelf.join('\n') + '\n\nTotal time:\n' + byTotal.join('\n'));
}
