import pg from 'pg';
import PgBoss from 'pg-boss';
import { createDb } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { seed } from '../../src/seed/index.js';

export const DEFAULT_TEST_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function uniqueName(prefix: string): string {
  // TEST_DB_PREFIX: engineers sharing one server give their runs' databases their own names.
  return `${process.env.TEST_DB_PREFIX ?? ''}${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Migrations, reference data (no demo data: tests make their own with factories) and the
 * pg-boss schema, so each app start in a test does not have to create it.
 */
export async function prepareDatabase(url: string): Promise<void> {
  await migrate(url);
  const db = createDb({ connectionString: url, max: 1 });
  try {
    await seed(db, { demo: false, now: new Date(), log: () => {} });
  } finally {
    await db.$disconnect();
  }
  const boss = new PgBoss({
    connectionString: url,
    max: 1,
    schema: 'pgboss',
    schedule: false,
    supervise: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: true, wait: true });
}
