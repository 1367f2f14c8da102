import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { survivePoolDrops } from '../src/db/client.js';
import { testDatabase, type TestDatabase } from './helpers/app.js';

/**
 * A database restart cuts the connections a pool's users are holding. Scoped to PostgreSQL:
 * the embedded PGlite has no server process to end a session (pg_terminate_backend).
 */
describe.skipIf(inject('dbMode') === 'embedded')('connections cut by the database server', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.drop());

  async function terminate(pid: number): Promise<void> {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
  }

  it('do not crash the process, and the holder sees an error on its next query', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    survivePoolDrops(pool);
    const held = await pool.connect();
    const { rows } = await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await terminate(rows[0]!.pid);
    // An 'error' event without a listener would end the vitest worker here.
    await new Promise((r) => setTimeout(r, 300));
    await expect(held.query('SELECT 1')).rejects.toThrow();
    held.release(true);
    const again = await pool.query<{ one: number }>('SELECT 1 AS one');
    expect(again.rows[0]!.one).toBe(1);
    await pool.end();
  });

  it('give back the slot of a connection its holder never releases (the LISTEN connection)', async () => {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 1,
      connectionTimeoutMillis: 4_000,
    });
    survivePoolDrops(pool, { releaseHeld: true });
    const listener = await pool.connect();
    await listener.query('LISTEN drill');
    const { rows } = await listener.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await terminate(rows[0]!.pid);
    // The only slot was the dead connection's: without the release this waits and times out.
    const next = await pool.connect();
    const fresh = await next.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(fresh.rows[0]!.pid).not.toBe(rows[0]!.pid);
    next.release();
    await pool.end();
  });
});
