#!/usr/bin/env node
// Writes the next Prisma migration from the change to prisma/schema.prisma.
//
//   DATABASE_URL=postgresql://... pnpm db:migration <name>      e.g. pnpm db:migration add_news_pin
//
// Why not `prisma migrate dev`: it fails on these machines (no native schema engine, see
// docs/ARCHITECTURE.md and prisma.config.ts). Instead this script asks `prisma migrate diff`
// for the SQL between
//   - the schema as of the last commit that touched prisma/migrations (read with git show),
//     i.e. the schema the committed migrations produce, and
//   - prisma/schema.prisma as it is in the working tree,
// and writes it to prisma/migrations/<UTC yyyymmddHHMMSS>_<name>/migration.sql.
// Then: review the SQL, `pnpm db:migrate` (prisma migrate deploy) on your database, and commit
// the migration together with the schema change.
//
// Rules it enforces:
// - <name> is lower-case letters, digits and underscores;
// - it refuses when prisma/migrations holds uncommitted changes (a migration written but not
//   committed yet would be generated a second time: commit or delete it first);
// - it refuses an empty diff (the schema did not change).
// DATABASE_URL must point at any reachable PostgreSQL: the WebAssembly schema engine connects
// through the driver adapter, but the diff is computed from the two schema files and nothing
// is written to that database. Node built-ins only.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIGRATIONS = path.join(ROOT, 'prisma', 'migrations');
const SCHEMA = path.join(ROOT, 'prisma', 'schema.prisma');

function die(message) {
  console.error(`db:migration: ${message}`);
  process.exit(1);
}

function git(args) {
  return execFileSync('git', args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function utcStamp(date) {
  const pad = (n) => String(n).padStart(2, '0');
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`
  );
}

function prismaBin() {
  const bin = path.join(
    ROOT,
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'prisma.cmd' : 'prisma',
  );
  if (!existsSync(bin)) die('Prisma CLI not found in node_modules/.bin: run `pnpm install` first.');
  return bin;
}

const name = process.argv[2];
if (!name || process.argv.length > 3 || !/^[a-z0-9_]+$/.test(name)) {
  die('usage: pnpm db:migration <name>   (name: lower-case letters, digits, underscores)');
}
if (!process.env.DATABASE_URL) {
  die('DATABASE_URL must be set to any reachable PostgreSQL (nothing is written to it).');
}

const pending = git(['status', '--porcelain', '--', 'prisma/migrations']).trim();
if (pending) {
  die(`prisma/migrations has uncommitted changes; commit or remove them first:\n${pending}`);
}

// The schema the committed migrations produce. No such commit yet: start from nothing.
const lastCommit = git(['log', '-1', '--format=%H', '--', 'prisma/migrations']).trim();
const work = mkdtempSync(path.join(tmpdir(), 'db-migration-'));
let fromArgs = ['--from-empty'];
if (lastCommit) {
  const oldSchema = path.join(work, 'schema.prisma');
  writeFileSync(oldSchema, git(['show', `${lastCommit}:prisma/schema.prisma`]));
  fromArgs = ['--from-schema-datamodel', oldSchema];
}

let sql;
try {
  sql = execFileSync(
    prismaBin(),
    ['migrate', 'diff', ...fromArgs, '--to-schema-datamodel', SCHEMA, '--script'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
    },
  );
} catch (err) {
  die(`prisma migrate diff failed:\n${err.stderr || err.message}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

const statements = sql
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.trim().startsWith('--'))
  .join('\n');
if (!statements) {
  die(
    `no schema change since ${lastCommit ? `commit ${lastCommit.slice(0, 12)}` : 'an empty database'}: nothing to migrate.`,
  );
}

const stamp = utcStamp(new Date());
const latest = readdirSync(MIGRATIONS, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort()
  .at(-1);
if (latest && latest.slice(0, 14) >= stamp) {
  die(`the newest migration (${latest}) is not older than ${stamp}: check the clock.`);
}

const dir = path.join(MIGRATIONS, `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'migration.sql'), sql);
console.log(`wrote ${path.relative(ROOT, path.join(dir, 'migration.sql'))}`);
console.log('review it, then apply with `pnpm db:migrate` and commit it with the schema change.');
