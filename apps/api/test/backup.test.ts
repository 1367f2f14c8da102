import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../src/lib/paths.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createMatch, createPrediction, createUser, uniqueSeason } from './helpers/factories.js';

const run = promisify(execFile);
const script = (name: string) => path.join(REPO_ROOT, 'scripts', 'ops', name);

/** Every public table as one checksum of its rows in a stable order (rate counters excepted). */
async function snapshotDatabase(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `SELECT schemaname AS schema, tablename AS name FROM pg_tables
       WHERE schemaname IN ('public', 'pgboss') AND tablename <> 'rate_limit_counters'
       ORDER BY 1, 2`,
    );
    const sums: Record<string, string> = {};
    for (const { schema, name } of tables) {
      const { rows } = await client.query<{ n: string; sum: string | null }>(
        `SELECT count(*) AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS sum
         FROM "${schema}"."${name}" t`,
      );
      sums[`${schema}.${name}`] = `${rows[0]!.n}:${rows[0]!.sum ?? ''}`;
    }
    return sums;
  } finally {
    await client.end();
  }
}

function snapshotFiles(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(out, snapshotFiles(full, rel));
    else out[rel] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return out;
}

/**
 * The restore drill of the README, end to end on a scratch database: back up, keep writing,
 * restore, and find exactly what the backup held, database and uploaded files alike.
 */
describe.skipIf(inject('dbMode') === 'embedded')('backup and restore drill', () => {
  let t: TestApp;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    t = await createTestApp();
    dataDir = t.config.dataDir;
    env = { ...process.env, DATABASE_URL: t.database.url, DATA_DIR: dataDir };
  });
  afterAll(() => t.close());

  it('restores the database and the data directory exactly as backed up, even after an upgrade', async () => {
    const member = await createUser(t.db);
    const match = await createMatch(t.db, {
      kickoffAt: new Date(Date.now() + 86_400_000),
      season: uniqueSeason(),
      matchday: 1,
    });
    await createPrediction(t.db, {
      userId: member.id,
      matchId: match.id,
      homeScore: 2,
      awayScore: 1,
    });
    mkdirSync(path.join(dataDir, 'uploads', 'avatar'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'avatar', 'a.webp'), 'first avatar');
    // A hit in the shared rate-limit table: counters are not part of a backup.
    await t.db.$executeRaw`INSERT INTO rate_limit_counters (key, hits, reset_at)
      VALUES ('api:192.0.2.1', 3, now() + interval '1 minute')`;

    const beforeDb = await snapshotDatabase(t.database.url);
    const beforeFiles = snapshotFiles(dataDir);
    const backups = mkdtempSync(path.join(tmpdir(), 'munegu-backups-'));
    const { stdout } = await run('bash', [script('backup.sh'), backups], { env });
    const folder = /Sauvegarde écrite : (.+)$/m.exec(stdout)![1]!.trim();

    // Life goes on after the backup: new rows, a changed row, a deleted one, new files.
    const later = await createUser(t.db);
    await createPrediction(t.db, {
      userId: later.id,
      matchId: match.id,
      homeScore: 0,
      awayScore: 0,
    });
    await t.db.user.update({ where: { id: member.id }, data: { firstName: 'Changé' } });
    await t.db.prediction.deleteMany({ where: { userId: member.id } });
    writeFileSync(path.join(dataDir, 'uploads', 'avatar', 'a.webp'), 'replaced avatar');
    writeFileSync(path.join(dataDir, 'uploads', 'avatar', 'b.webp'), 'second avatar');
    // An upgrade after the backup (the rollback case): a new table that references users, and
    // its migration recorded. The backup's dump knows neither.
    await t.db.$executeRawUnsafe(
      'CREATE TABLE upgrade_rows (id serial PRIMARY KEY, user_id int NOT NULL REFERENCES users(id))',
    );
    await t.db.$executeRaw`INSERT INTO upgrade_rows (user_id) VALUES (${later.id})`;
    await t.db.$executeRaw`INSERT INTO _prisma_migrations
      (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
      VALUES ('upgrade-after-backup', 'x', '29990101000000_upgrade', now(), now(), 1)`;
    expect(await snapshotDatabase(t.database.url)).not.toEqual(beforeDb);

    // The app stops before a restore (README): nothing may write meanwhile.
    await t.app.close();
    await t.db.$disconnect();
    await run('bash', [script('restore.sh'), folder], { env });

    expect(await snapshotDatabase(t.database.url)).toEqual(beforeDb);
    expect(snapshotFiles(dataDir)).toEqual(beforeFiles);
    const client = new pg.Client({ connectionString: t.database.url });
    await client.connect();
    const { rows } = await client.query('SELECT count(*)::int AS n FROM rate_limit_counters');
    await client.end();
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('completes while the app writes files during the copy', async () => {
    const growing = path.join(dataDir, 'mail', 'growing.eml');
    mkdirSync(path.dirname(growing), { recursive: true });
    writeFileSync(growing, randomBytes(1_000_000));
    // GNU tar's checkpoints: every few records it reads, the file grows, like a mail being kept.
    const TAR_OPTIONS = `--checkpoint=10 --checkpoint-action=exec='echo x >> ${growing}'`;
    const backups = mkdtempSync(path.join(tmpdir(), 'munegu-backups-'));
    const { stdout } = await run('bash', [script('backup.sh'), backups], {
      env: { ...env, TAR_OPTIONS },
    });
    const folder = /Sauvegarde écrite : (.+)$/m.exec(stdout)![1]!.trim();
    await run('sha256sum', ['--check', '--quiet', 'SHA256SUMS'], { cwd: folder });
    const { stdout: listing } = await run('tar', ['-tzf', path.join(folder, 'data.tar.gz')]);
    expect(listing.split('\n')).toContain('./mail/growing.eml');
  });

  it('refuses a backup folder whose files were altered', async () => {
    const backups = mkdtempSync(path.join(tmpdir(), 'munegu-backups-'));
    const folder = path.join(backups, 'broken');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'database.dump'), 'x');
    writeFileSync(path.join(folder, 'data.tar.gz'), 'y');
    writeFileSync(path.join(folder, 'SHA256SUMS'), `${'0'.repeat(64)}  database.dump\n`);
    await expect(run('bash', [script('restore.sh'), folder], { env })).rejects.toMatchObject({
      stderr: expect.stringContaining('Sauvegarde altérée'),
    });
  });
});
