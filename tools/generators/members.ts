/**
 * Members for the realtime benchmark and the instances drill: many ACTIVE members with a live
 * login each, and accepted conversations between them, inserted set-based into a migrated
 * database (thousands in one statement, where signing up through the API would take minutes).
 */
import pg from 'pg';

export interface Member {
  id: number;
  familyId: string;
}

/**
 * `count` ACTIVE members of department 06 named `<prefix>1`…`<prefix><count>`, without logins
 * (the password hash is never checked), in one statement.
 */
export async function insertActiveUsers(
  client: pg.ClientBase,
  count: number,
  { prefix, lastName }: { prefix: string; lastName: string },
): Promise<void> {
  await client.query(
    `INSERT INTO users (pseudo, pseudo_key, prenom, nom, email, password_hash, birth_date,
                        departement, status, updated_at)
     SELECT $2::text || g, $2::text || g, 'Bench', $3, $2::text || g || '@bench.test', 'x',
            date '1990-01-01', 'FR-06', 'ACTIVE', now()
     FROM generate_series(1, $1) g`,
    [count, prefix, lastName],
  );
}

/**
 * `count` ACTIVE members and one live login (session family) each, inserted set-based after
 * the API has migrated the database. The password hash is never used: the members sign in
 * through tokens signed like the app's login does (modules/auth/auth.service.ts).
 */
export async function insertMembers(databaseUrl: string, count: number): Promise<Member[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await insertActiveUsers(c, count, { prefix: 'rt', lastName: 'TEMPS-REEL' });
    const { rows } = await c.query<{ id: number; family_id: string }>(
      `INSERT INTO sessions (id, family_id, user_id, token_hash, expires_at)
       SELECT gen_random_uuid(), gen_random_uuid(), u.id,
              encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'),
              now() + interval '1 day'
       FROM users u WHERE u.pseudo LIKE 'rt%'
       RETURNING user_id AS id, family_id`,
    );
    return rows.map((r) => ({ id: r.id, familyId: r.family_id })).sort((a, b) => a.id - b.id);
  } finally {
    await c.end();
  }
}

/** Accepted conversations between the given pairs (set-based), so any number of messages flows. */
export async function insertConversations(
  databaseUrl: string,
  pairs: [number, number][],
): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(
      `INSERT INTO conversations (user1_id, user2_id, pair_key, accepted)
       SELECT a, b, least(a, b) || ':' || greatest(a, b), true
       FROM unnest($1::int[], $2::int[]) AS p(a, b)`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
  } finally {
    await c.end();
  }
}
