import type { FastifyServerOptions } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/env.js';
import { createDb, type Db } from '../../src/db/client.js';
import type { DomainEvents } from '../../src/events/domain-events.js';
import type { JobsOptions } from '../../src/jobs/queue.js';
import type { SafeFetchOptions } from '../../src/lib/safe-fetch.js';
import type { PushDeliveryOptions } from '../../src/modules/push/push.sender.js';
import type { MailTransport, OutgoingMail } from '../../src/lib/mail/transport.js';
import '../setup/context.js';
import { testClock } from './clock.js';
import { adminQuery, databaseUrl, uniqueName } from './database.js';

/** Fast retries and polling so delivery tests take seconds, not minutes. */
export const FAST_JOBS: JobsOptions = {
  pollingIntervalSeconds: 0.5,
  retryDelaySeconds: 1,
  retryLimit: 10,
  sweepIntervalMs: 3_600_000,
};

/** Keeps mails in memory: the default for tests that do not look at SMTP. */
export function memoryTransport(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { sent, send: async (mail) => void sent.push(mail) };
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database for one test file: a copy of the run's template (pg) or the shared one (embedded). */
export async function testDatabase(): Promise<TestDatabase> {
  if (inject('dbMode') === 'embedded') return { url: inject('sharedUrl'), drop: async () => {} };
  const adminUrl = inject('adminUrl');
  const name = uniqueName('munegu_test');
  await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${inject('templateDb')}"`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export interface TestAppOptions {
  /** Attach to this database instead of creating one (e.g. a second instance). */
  database?: TestDatabase;
  mailTransport?: MailTransport;
  jobs?: JobsOptions | false;
  env?: Record<string, string>;
  /** Opens Prisma on another URL than the jobs' (e.g. a dead one, to simulate an outage). */
  prismaUrl?: string;
  /** Lets the news fetcher trust a local fake provider's certificate (lib/safe-fetch.ts). */
  newsFetch?: Pick<SafeFetchOptions, 'allowLoopbackForTests' | 'ca'>;
  /** Lets web push reach a local fake push service (test/helpers/push-service.ts). */
  pushDelivery?: PushDeliveryOptions;
  /** The app's event bus, to emit another module's events from a test (infra.ts). */
  events?: DomainEvents;
  /** Where request-limit counters live (default 'memory', one process). */
  rateLimitStore?: 'memory' | 'postgres' | 'redis';
  /** How socket.io instances reach each other (default 'memory', one process). */
  realtimeAdapter?: 'memory' | 'postgres' | 'redis';
  /** Extra routes registered before the app is ready (e.g. one that throws). */
  routes?: (app: App) => void;
  /** Fastify's logger option; default none (a test that reads the log lines passes its own). */
  logger?: FastifyServerOptions['logger'];
}

export interface TestApp {
  app: App;
  config: Config;
  db: Db;
  clock: ReturnType<typeof testClock>;
  database: TestDatabase;
  mail: ReturnType<typeof memoryTransport> | MailTransport;
  close(): Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await testDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'munegu-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    CONTACT_EMAIL: 'contact@munegu.test',
    ...options.env,
  });
  const embedded = inject('dbMode') === 'embedded';
  const db = createDb({
    connectionString: options.prismaUrl ?? database.url,
    max: embedded ? 1 : 4,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  });
  const clock = testClock();
  const mail = options.mailTransport ?? memoryTransport();
  const app = await buildApp({
    config,
    db,
    databaseUrl: database.url,
    clock,
    mailTransport: mail,
    // Never the wall clock's schedules (jobs/queue.ts, `cron`): a test sends the job it runs.
    jobs: options.jobs ? { cron: false, ...options.jobs } : false,
    rateLimitStore: options.rateLimitStore,
    realtimeAdapter: options.realtimeAdapter,
    newsFetch: options.newsFetch,
    pushDelivery: options.pushDelivery,
    events: options.events,
    logger: options.logger ?? false,
  });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    config,
    db,
    clock,
    database,
    mail,
    async close() {
      await app.close();
      if (ownsDatabase) await database.drop();
    },
  };
}

/**
 * The usual set-up of a test file: one app (and its database) opened before the file's tests and
 * closed after them. The returned object is filled in by that `beforeAll`, so read its fields
 * only inside tests, hooks and helpers they call — which is also why world helpers such as
 * `carpoolWorld(t)` may be built on it right away.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  });
  afterAll(() => t.close());
  return t;
}
