// The migrations in prisma/migrations must build exactly the database prisma/schema.prisma
// describes. Two fresh databases: one gets `prisma migrate deploy`, the other the SQL of
// `prisma migrate diff --from-empty`; their catalogs are compared. A schema change without its
// migration (or a hand-edited migration) fails here with the differing lines.
// Needs PostgreSQL at TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PRISMA = path.join(REPO_ROOT, 'node_modules', '.bin', 'prisma');
const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function urlFor(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function prisma(args: string[], databaseUrl: string): Promise<string> {
  try {
    const { stdout } = await run(PRISMA, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`prisma ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? e.message}`);
  }
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The structure of the public schema as sorted, comparable lines. */
async function describeSchema(url: string): Promise<string[]> {
  return withClient(url, async (c) => {
    const lines: string[] = [];
    const q = async (sql: string, fmt: (r: Record<string, unknown>) => string) => {
      for (const row of (await c.query(sql)).rows) lines.push(fmt(row));
    };
    await q(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
      (r) => `table ${r.table_name}`,
    );
    await q(
      `SELECT table_name, column_name, data_type, udt_name, character_maximum_length,
              numeric_precision, numeric_scale, datetime_precision, is_nullable, column_default
         FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
      (r) =>
        `column ${r.table_name}.${r.column_name} ${r.data_type}(${r.udt_name}` +
        `${r.character_maximum_length ? `,${r.character_maximum_length}` : ''}` +
        `${r.data_type === 'numeric' ? `,${r.numeric_precision},${r.numeric_scale}` : ''}` +
        `${r.datetime_precision != null && String(r.data_type).startsWith('timestamp') ? `,${r.datetime_precision}` : ''})` +
        ` ${r.is_nullable === 'YES' ? 'NULL' : 'NOT NULL'} default=${r.column_default ?? '-'}`,
    );
    await q(
      `SELECT indexname, indexdef FROM pg_indexes
        WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
      (r) => `index ${r.indexname}: ${r.indexdef}`,
    );
    await q(
      `SELECT rel.relname AS table_name, con.conname, pg_get_constraintdef(con.oid) AS def
         FROM pg_constraint con
         JOIN pg_class rel ON rel.oid = con.conrelid
         JOIN pg_namespace ns ON ns.oid = rel.relnamespace
        WHERE ns.nspname = 'public' AND rel.relname <> '_prisma_migrations'`,
      (r) => `constraint ${r.table_name}.${r.conname}: ${r.def}`,
    );
    await q(
      `SELECT t.typname, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS labels
         FROM pg_type t
         JOIN pg_enum e ON e.enumtypid = t.oid
         JOIN pg_namespace ns ON ns.oid = t.typnamespace
        WHERE ns.nspname = 'public'
        GROUP BY t.typname`,
      (r) => `enum ${r.typname}: ${r.labels}`,
    );
    return lines.sort();
  });
}

/** Lines present on one side only, prefixed with the side, for a readable failure. */
function schemaDiff(migrated: string[], expected: string[]): string[] {
  const a = new Set(migrated);
  const b = new Set(expected);
  return [
    ...migrated.filter((l) => !b.has(l)).map((l) => `- from migrations only: ${l}`),
    ...expected.filter((l) => !a.has(l)).map((l) => `+ from schema.prisma only: ${l}`),
  ];
}

/**
 * What schema.prisma cannot say, so the migrations add it by hand: partial indexes (Prisma's
 * @@index and @@unique take no WHERE). Each is listed with its exact definition, as
 * describeSchema prints it: the migrated database must hold it, and it is the only line it may
 * hold beyond the schema's, so a migration that drops, changes or adds one still fails here.
 * Hand-written triggers and functions are not compared at all (describeSchema reads neither).
 */
const HAND_WRITTEN_INDEXES = [
  // 20261127090100_report_open_unique: one OPEN report per reporter, member and section.
  `index reports_open_unique: CREATE UNIQUE INDEX reports_open_unique ON public.reports USING btree (reporter_id, reported_user_id, section) WHERE (status = 'OPEN'::"ReportStatus")`,
];

const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const MIGRATED = `munegu_test_migrated_${suffix}`;
const RACED = `munegu_test_raced_${suffix}`;
const EXPECTED = `munegu_test_expected_${suffix}`;

describe('prisma migrations', () => {
  beforeAll(async () => {
    await withClient(ADMIN_URL, async (c) => {
      await c.query(`CREATE DATABASE "${MIGRATED}"`);
      await c.query(`CREATE DATABASE "${EXPECTED}"`);
      await c.query(`CREATE DATABASE "${RACED}"`);
    });
  }, 60_000);

  afterAll(async () => {
    await withClient(ADMIN_URL, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${MIGRATED}" WITH (FORCE)`);
      await c.query(`DROP DATABASE IF EXISTS "${EXPECTED}" WITH (FORCE)`);
      await c.query(`DROP DATABASE IF EXISTS "${RACED}" WITH (FORCE)`);
    });
  }, 60_000);

  it('build the database schema.prisma describes', async () => {
    await prisma(['migrate', 'deploy'], urlFor(MIGRATED));
    const sql = await prisma(
      [
        'migrate',
        'diff',
        '--from-empty',
        '--to-schema-datamodel',
        'prisma/schema.prisma',
        '--script',
      ],
      urlFor(EXPECTED),
    );
    await withClient(urlFor(EXPECTED), (c) => c.query(sql));

    const migrated = await describeSchema(urlFor(MIGRATED));
    const expected = await describeSchema(urlFor(EXPECTED));
    expect(expected.length).toBeGreaterThan(100);
    // Only what Prisma cannot express may be allowed: partial indexes.
    for (const line of HAND_WRITTEN_INDEXES) expect(line).toMatch(/^index \S+: CREATE .* WHERE /);
    expect(migrated).toEqual(expect.arrayContaining(HAND_WRITTEN_INDEXES));
    const diff = schemaDiff(
      migrated.filter((l) => !HAND_WRITTEN_INDEXES.includes(l)),
      expected,
    );
    expect(
      diff,
      `schema.prisma and prisma/migrations disagree; write the missing migration with ` +
        `\`pnpm db:migration <name>\`:\n${diff.join('\n')}`,
    ).toEqual([]);
  }, 120_000);

  it('apply once when two instances start on one empty database at the same time', async () => {
    // What two replicas of an upgrade do at start (src/main.ts): the second waits for the
    // first's lock, however long the migrations take, then finds nothing left to apply.
    await Promise.all([
      migrate(urlFor(RACED), { exclusive: true }),
      migrate(urlFor(RACED), { exclusive: true }),
    ]);
    const migrations = readdirSync(path.join(REPO_ROOT, 'prisma', 'migrations'), {
      withFileTypes: true,
    }).filter((d) => d.isDirectory()).length;
    const rows = await withClient(
      urlFor(RACED),
      async (c) =>
        (
          await c.query<{ n: number; failed: number }>(
            `SELECT count(*)::int AS n, count(*) FILTER (WHERE finished_at IS NULL)::int AS failed
           FROM _prisma_migrations`,
          )
        ).rows[0],
    );
    expect(rows).toEqual({ n: migrations, failed: 0 });
  }, 120_000);
});
