import path from 'node:path';
import { buildApp, type App } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { createDb, type Db } from './db/client.js';
import type { EmbeddedDatabase } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { unhandledRejectionHandler } from './lib/unhandled-rejection.js';
import { seed } from './seed/index.js';

interface DemoAccount {
  role: string;
  email: string;
  username: string;
  password: string;
}

function printDemoAccounts(accounts: DemoAccount[], url: string): void {
  if (accounts.length === 0) return;
  const lines = [
    '',
    '──────────── Comptes de démonstration ────────────',
    ...accounts.map(
      (a) => `  ${a.role.padEnd(12)} ${a.email.padEnd(32)} ${a.password}   (${a.username})`,
    ),
    // The seed never overwrites them: a password changed since stays changed.
    '  (mots de passe de création : un mot de passe changé depuis le reste)',
    `  Connexion : ${url}/login`,
    '──────────────────────────────────────────────────',
    '',
  ];
  // Printed rather than logged: these are demo credentials a person needs to read.
  process.stdout.write(lines.join('\n') + '\n');
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  let embedded: EmbeddedDatabase | null = null;
  let db: Db | null = null;
  let app: App | null = null;
  let stopping = false;

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, 'arrêt en cours');
    try {
      // close() stops accepting connections, runs preClose (pg-boss) and onClose (Prisma).
      if (app) await app.close();
      else await db?.$disconnect();
      await embedded?.stop();
      process.exit(0);
    } catch (err) {
      process.stderr.write(`Arrêt incomplet : ${String(err)}\n`);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    // Loaded only here: PGlite is a development dependency, absent from the production image
    // (which requires DATABASE_URL, see config/env.ts).
    const { startEmbeddedDatabase } = await import('./db/embedded.js');
    embedded = await startEmbeddedDatabase(path.join(config.dataDir, 'pglite'));
    databaseUrl = embedded.url;
    process.stdout.write(`Base embarquée (PGlite) : ${path.join(config.dataDir, 'pglite')}\n`);
  }
  await migrate(databaseUrl, { exclusive: !embedded });
  // PGlite runs every query on one session: a larger pool would only queue.
  db = createDb({
    connectionString: databaseUrl,
    max: embedded ? 1 : 10,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  });
  const { demoAccounts } = await seed(db, {
    demo: config.demoData,
    now: new Date(),
    log: (message: string) => process.stdout.write(`${message}\n`),
  });

  // Several replicas share socket.io rooms and request-limit counters through Redis, else
  // through PostgreSQL; the embedded single-process mode keeps both in memory.
  const shared = embedded ? 'memory' : config.redisUrl ? 'redis' : 'postgres';
  app = await buildApp({
    config,
    db,
    databaseUrl,
    // REALTIME_ADAPTER=memory suits a single replica (no pub/sub hop for each event).
    realtimeAdapter: embedded ? 'memory' : (config.realtimeAdapter ?? shared),
    rateLimitStore: shared,
  });
  // A job queue's completion lost in a database outage must not end the API (see the handler).
  process.on(
    'unhandledRejection',
    unhandledRejectionHandler(app.log, (code) => process.exit(code)),
  );
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Munegu écoute sur ${config.publicUrl}`);
  if (config.demoData) printDemoAccounts(demoAccounts, config.publicUrl);
}

main().catch((err: unknown) => {
  // A setting found wrong only once in use (an unreachable REDIS_URL) needs no stack trace.
  const detail =
    err instanceof ConfigError
      ? err.message
      : err instanceof Error
        ? (err.stack ?? err.message)
        : String(err);
  process.stderr.write(`Échec du démarrage : ${detail}\n`);
  process.exit(1);
});
