// The embedded database as `pnpm start` serves it: several connections (the API's pool,
// pg-boss's, the Prisma CLI) onto PGlite's single session, through real `pg` clients.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.js';

let embedded: EmbeddedDatabase;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  embedded = await startEmbeddedDatabase();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => {})));
  await embedded.stop();
});

describe('the embedded database (db/embedded.ts)', () => {
  it('answers each connection its own parameterised queries while others run theirs', async () => {
    // A parameterised query is a Parse/Bind/Describe/Execute/Sync batch on the unnamed
    // statement. Batches of several connections interleaved on the one session bind one
    // client's values to another's statement (08P01, "bind message supplies 3 parameters,
    // but prepared statement "" requires 1") or answer it another's rows.
    const pool = new pg.Pool({ connectionString: embedded.url, max: 6 });
    try {
      await pool.query('CREATE TABLE pool_probe (n int)');
      const answers = await Promise.all(
        Array.from({ length: 300 }, async (_, i) => {
          if (i % 5 === 0) {
            // Some in transactions, whose session is theirs until COMMIT.
            const client = await pool.connect();
            try {
              await client.query('BEGIN');
              await client.query('INSERT INTO pool_probe VALUES ($1)', [i]);
              const { rows } = await client.query('SELECT n FROM pool_probe WHERE n = $1', [i]);
              await client.query('COMMIT');
              return rows[0]?.n;
            } finally {
              client.release();
            }
          }
          if (i % 3 === 0) {
            const { rows } = await pool.query('SELECT $1::int AS n, $2::text AS s, $3::int AS m', [
              i,
              's',
              3,
            ]);
            return rows[0]?.n;
          }
          const { rows } = await pool.query('SELECT $1::int AS n', [i]);
          return rows[0]?.n;
        }),
      );
      expect(answers).toEqual(Array.from({ length: 300 }, (_, i) => i));
    } finally {
      await pool.end();
    }
  });

  it('keeps one connection’s transaction to itself until it ends, then serves the others', async () => {
    const [owner, other] = await Promise.all([connect(), connect()]);
    await owner.query('CREATE TABLE IF NOT EXISTS embedded_probe (n int)');
    await owner.query('BEGIN');
    await owner.query('INSERT INTO embedded_probe VALUES ($1)', [1]);
    // The other connection's read waits for the transaction: the session is the owner's.
    let seen: number | undefined;
    const read = other
      .query<{ c: string }>('SELECT count(*) AS c FROM embedded_probe WHERE n = $1', [1])
      .then((r) => (seen = Number(r.rows[0]!.c)));
    await owner.query('INSERT INTO embedded_probe VALUES ($1)', [1]);
    expect(seen).toBeUndefined();
    await owner.query('ROLLBACK');
    await read;
    expect(seen).toBe(0);
  });

  it('rolls back the transaction of a connection that drops, and serves the others', async () => {
    const [leaving, other] = await Promise.all([connect(), connect()]);
    await leaving.query('CREATE TABLE IF NOT EXISTS embedded_drop (n int)');
    await leaving.query('BEGIN');
    await leaving.query('INSERT INTO embedded_drop VALUES ($1)', [7]);
    const read = other.query<{ c: string }>('SELECT count(*) AS c FROM embedded_drop');
    await leaving.end();
    expect(Number((await read).rows[0]!.c)).toBe(0);
  });
});
