#!/usr/bin/env node
// The two README commands in one place, with nothing but Node 20 and npm required:
//   npm start  → install, build, then serve the API and the built web app on one port
//   npm test   → install, build, then run every check and test tier
// pnpm comes from `npx -y pnpm@<packageManager version>` (corepack refuses this registry's
// unsigned metadata, see ../shared/notes/machine-facts.md), never from a global install.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const pnpmSpec = pkg.packageManager; // e.g. "pnpm@10.34.8"
const [mode] = process.argv.slice(2);

// Prisma's `generate` reads DATABASE_URL from the schema's datasource even though it never
// connects; a placeholder keeps generation working when the embedded database is used.
const PLACEHOLDER_DB = 'postgresql://placeholder@127.0.0.1:5432/placeholder';

function attempt(label, args, env) {
  process.stdout.write(`\n▶ ${label}\n`);
  const started = Date.now();
  const result = spawnSync('npx', ['-y', pnpmSpec, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status === 0)
    process.stdout.write(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  return result;
}

function fail(label, result) {
  process.stderr.write(`✖ ${label} a échoué (code ${result.status ?? result.signal}).\n`);
  process.exit(result.status ?? 1);
}

function run(label, args, env = {}) {
  const result = attempt(label, args, env);
  if (result.status !== 0) fail(label, result);
}

/** What the stall watchdog reported, repeated at the end where CI's tail shows it. */
const stalls = [];

/**
 * An API test tier, run once more if the stall watchdog ended it (apps/api/test/setup/
 * stall-watchdog.ts): a tier that stops moving is a stall to investigate, whose report is
 * kept, not a failing test; a second stall, or any failure, fails the run.
 */
function runTier(label, args, env = {}) {
  const marker = path.join(tmpdir(), `munegu-stall-${process.pid}-${stalls.length}`);
  const result = attempt(label, args, { ...env, TEST_STALL_MARKER: marker });
  if (result.status === 0) return;
  if (!existsSync(marker)) fail(label, result);
  stalls.push(`${label} :\n${readFileSync(marker, 'utf8')}`);
  rmSync(marker);
  process.stdout.write(`\n⚠ ${label} s'est bloqué (rapport ci-dessus) : nouvel essai, une fois.\n`);
  run(`${label} (nouvel essai)`, args, env);
}

function prepare() {
  run('Installation des dépendances', ['install', '--frozen-lockfile']);
  run('Génération du client Prisma', ['run', 'db:generate'], {
    DATABASE_URL: process.env.DATABASE_URL || PLACEHOLDER_DB,
  });
  run('Construction (web + API)', ['run', 'build']);
}

function serve() {
  // Same command as the container's CMD (see Dockerfile; test/deploy checks they agree).
  const [cmd, ...args] = pkg.scripts.serve.split(' ');
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

switch (mode) {
  case 'start':
    prepare();
    serve();
    break;
  case 'test':
    prepare();
    run('Typecheck, lint et format', ['run', 'check']);
    run('Tests unitaires (shared, web, déploiement)', ['run', 'test:unit']);
    // The schema fuzz sends FUZZ_RUNS requests per route; 1 000 per route (its default, and
    // what `pnpm bench security` runs) takes many minutes on 2 cores, so the everyday run sends 200.
    runTier('Tests API sur PostgreSQL', ['--filter', '@munegu/api', 'run', 'test'], {
      FUZZ_RUNS: process.env.FUZZ_RUNS ?? '200',
    });
    runTier('Tests API sur la base embarquée (PGlite)', [
      '--filter',
      '@munegu/api',
      'run',
      'test:embedded',
    ]);
    run('Tests de bout en bout (Playwright + Chromium)', [
      '--filter',
      '@munegu/e2e',
      'run',
      'test',
    ]);
    process.stdout.write('\nTous les tests sont passés.\n');
    for (const stall of stalls)
      process.stdout.write(`\n⚠ Passé au second essai, après ce blocage — ${stall}`);
    break;
  default:
    process.stderr.write('Usage: node scripts/bootstrap.mjs start|test\n');
    process.exit(2);
}
