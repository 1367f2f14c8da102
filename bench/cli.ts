/**
 * `pnpm bench <name> [args]` from the repository root: runs one benchmark, drill or audit
 * (never part of `npm test`). `pnpm bench` alone lists them.
 *
 * Each entry is a script of this folder, loaded in this process with the arguments after the
 * name, from the repository root (the scripts resolve their own paths; the root is where a
 * `DATABASE_URL=…` or `docs/QUALITY.md` in their output is meant to be read from).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface Entry {
  file: string;
  about: string;
  /** Workspace packages built first (the script runs their dist/, as the image does). */
  build?: string[];
}

const BENCHES: Record<string, Entry> = {
  leaderboard: {
    file: 'leaderboard.bench.ts',
    about: 'leaderboard and score entry at 100 000 members (prints)',
  },
  carpool: { file: 'carpool.bench.ts', about: "the MuneguMap's reads at 1k–100k (prints)" },
  data: {
    file: 'data.bench.ts',
    about: 'leaderboard, score entry, conversation page, unread count at 1k–100k',
  },
  seed: {
    file: 'seed.ts',
    about: '<members> [dbname]: a database of skewed data, to try the app at scale',
  },
  web: {
    file: 'web.bench.ts',
    about: 'initial JavaScript and Lighthouse against a bare Vite + React app',
  },
  'web-trace': {
    file: 'web-trace.ts',
    about: '<page> <origin A> <origin B>: two running builds, plain Chromium traces, no Lighthouse',
  },
  lantern: {
    file: 'lantern.ts',
    about: "<lh-N.json>: what Lighthouse's simulation counted in a kept `web` run (prints)",
  },
  api: {
    file: 'api.bench.ts',
    about: 'health and hot reads against a bare node:http + pg route',
    build: ['@munegu/api'],
  },
  realtime: {
    file: 'realtime.bench.ts',
    about: 'a message to 3 tabs among 1 000 sockets; adapters on and off',
  },
  'realtime-stages': {
    file: 'realtime-stages.ts',
    about: "where one message's time goes, stage by stage (prints)",
  },
  cpuprofile: {
    file: 'api/cpuprofile.ts',
    about: '<file.cpuprofile> [n]: the busiest functions of a CPU profile',
  },
  'audit-web': {
    file: 'audit-web.ts',
    about: 'Lighthouse accessibility and best practices ≥ 95 (after pnpm build)',
  },
  security: {
    file: 'security-report.ts',
    about: 'the security suite with 1 000 fuzzed requests per route',
  },
  'drill-instances': {
    file: 'drills/instances.drill.ts',
    about: 'one of two instances killed: clients reconnect, refetch, lose nothing',
  },
  'drill-load': {
    file: 'drills/load.drill.ts',
    about: 'a realistic mix at a stated rate; the login limiter under load',
  },
  'drill-faults': {
    file: 'drills/faults.drill.ts',
    about: 'database restart and SMTP outage under traffic: 503s, recovery, data once',
  },
};

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');

function list(): void {
  const width = Math.max(...Object.keys(BENCHES).map((n) => n.length));
  console.log('usage: pnpm bench <name> [args]   (docs/QUALITY.md: what each one writes)\n');
  for (const [name, { about }] of Object.entries(BENCHES)) {
    console.log(`  ${name.padEnd(width)}  ${about}`);
  }
}

/** pnpm as the repository pins it (packageManager), the way scripts/bootstrap.mjs runs it. */
function pnpm(args: string[]): void {
  const pinned = (
    JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { packageManager: string }
  ).packageManager;
  const r = spawnSync('npx', ['-y', pinned, ...args], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`pnpm ${args.join(' ')}: code ${r.status}`);
}

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    list();
    return;
  }
  const entry = BENCHES[name];
  if (!entry) {
    console.error(`unknown bench '${name}'\n`);
    list();
    process.exitCode = 2;
    return;
  }
  for (const pkg of entry.build ?? []) pnpm(['--filter', pkg, 'run', 'build']);
  const file = path.join(HERE, entry.file);
  // The script reads its arguments from process.argv as if it had been run directly.
  process.argv = [process.argv[0]!, file, ...args];
  process.chdir(ROOT);
  await import(pathToFileURL(file).href);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
