import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import pg from 'pg';
import { API_ROOT, REPO_ROOT } from '../lib/paths.js';

/**
 * Applies prisma/migrations with the Prisma CLI (`migrate deploy`), the only migration path
 * that works offline here (WebAssembly schema engine, see prisma.config.ts). The CLI is
 * resolved from the api package so it is the same version as the generated client, and runs
 * from the repo root where prisma.config.ts lives.
 */
export async function migrate(
  databaseUrl: string,
  options: { exclusive?: boolean } = {},
): Promise<void> {
  if (!options.exclusive) return migrateDeploy(databaseUrl);
  // Prisma's own advisory lock gives up after 10 s, so the second of two replicas starting
  // together would crash while the first is still migrating. This lock waits as long as it
  // takes; the second then finds nothing left to apply. (Not for the embedded database: it
  // serves one connection at a time, and nothing else can start on it anyway.)
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateDeploy(databaseUrl);
  } finally {
    await client.end();
  }
}

/** Any constant of our own; the lock is released when its session ends. */
const MIGRATION_LOCK = 0x6d756e65; // 'mune'

async function migrateDeploy(databaseUrl: string): Promise<void> {
  const require = createRequire(`${API_ROOT}/package.json`);
  const cli = require.resolve('prisma/build/index.js');
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'migrate', 'deploy'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) {
    throw new Error(`prisma migrate deploy a échoué (code ${code}) :\n${output.join('')}`);
  }
}
