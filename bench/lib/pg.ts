/** Scratch PostgreSQL databases for benchmarks and drills (never the tests' ones). */
import pg from 'pg';

export { pg };

/** BENCH_PG_URL, else TEST_PG_URL, else the local server's postgres database. */
export const adminUrl =
  process.env.BENCH_PG_URL ??
  process.env.TEST_PG_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string, base = adminUrl): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminSql(sql: string, base = adminUrl): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Creates a fresh database named `<prefix>_<time>` and returns its URL and a drop function. */
export async function scratchDatabase(prefix: string, base = adminUrl) {
  // BENCH_DB_PREFIX: engineers sharing one server give their runs' databases their own names.
  const name = `${process.env.BENCH_DB_PREFIX ?? ''}${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  await adminSql(`CREATE DATABASE "${name}"`, base);
  return {
    name,
    url: databaseUrl(name, base),
    drop: () => adminSql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`, base),
  };
}

/**
 * The end of a benchmark's run: closes what it opened on its scratch database (in order, each
 * failure ignored), then drops the database, or keeps it with BENCH_KEEP=1.
 */
export async function finishScratch(
  scratch: Awaited<ReturnType<typeof scratchDatabase>>,
  ...closers: Array<() => Promise<unknown>>
): Promise<void> {
  for (const close of closers) await close().catch(() => {});
  if (process.env.BENCH_KEEP) console.log(`\nkept ${scratch.url}`);
  else {
    await scratch.drop();
    console.log(`\ndropped ${scratch.name}`);
  }
}
