import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { API_ROOT, REPO_ROOT } from '../lib/paths.js';

/**
 * Applies prisma/migrations with the Prisma CLI (`migrate deploy`), the only migration path
 * that works offline here (WebAssembly schema engine, see prisma.config.ts). The CLI is
 * resolved from the api package so it is the same version as the generated client, and runs
 * from the repo root where prisma.config.ts lives.
 */
export async function migrate(databaseUrl: string): Promise<void> {
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
