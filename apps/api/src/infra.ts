import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type PgBoss from 'pg-boss';
import path from 'node:path';
import type { Config, SiteConfig } from './config/env.js';
import type { Db } from './db/client.js';
import { transactionRunner, type RunInTransaction } from './db/tx.js';
import { domainEvents, type DomainEvents } from './events/domain-events.js';
import { createQueue, type JobsOptions } from './jobs/queue.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { SafeFetchOptions } from './lib/safe-fetch.js';
import type { MailTransport } from './lib/mail/transport.js';
import { tokenSigner, type TokenSigner } from './lib/tokens.js';
import { mailModule } from './modules/mail/mail.module.js';
import type { MailService } from './modules/mail/mail.service.js';
import type { PushDeliveryOptions } from './modules/push/push.sender.js';
import { accountBudgets, memoryCounters } from './plugins/rate-limit/account-budgets.js';
import type { AccountBudgets } from './plugins/rate-limit/account-budgets.js';
import {
  databaseCounters,
  redisCounters,
  type RateCounters,
} from './plugins/rate-limit/counters.js';
import type { AdapterKind } from './realtime/adapter.js';
import { createRealtimeServer, type RealtimeServer } from './realtime/socket-server.js';

export interface AppDeps {
  config: Config;
  /** Opened by the caller (createDb); the app disconnects it when it closes. */
  db: Db;
  /** Connection string for the job queue's own pool; required unless `jobs` is false. */
  databaseUrl: string;
  clock?: Clock;
  /** Default: SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. */
  mailTransport?: MailTransport;
  /** false: no pg-boss and no workers (mails stay in the outbox for another instance). */
  jobs?: JobsOptions | false;
  logger?: FastifyServerOptions['logger'];
  /** socket.io adapter between instances; default 'memory' (one process: embedded, tests). */
  realtimeAdapter?: AdapterKind;
  /**
   * Where request-limit counters live: 'memory' (one process: embedded, most tests), else
   * shared by every instance in PostgreSQL ('postgres') or Redis ('redis'). Default 'memory'.
   */
  rateLimitStore?: AdapterKind;
  /** Tests only: lets the news fetcher reach a local fake provider (see lib/safe-fetch.ts). */
  newsFetch?: Partial<SafeFetchOptions>;
  /** Tests only: lets web push reach a local fake push service (modules/push/push.sender.ts). */
  pushDelivery?: PushDeliveryOptions;
  /**
   * Tests only: the bus to build the app on, so a test can emit another module's event (a
   * trip's registration before the trips module exists) through the app's own listeners.
   */
  events?: DomainEvents;
}

/**
 * What every module factory receives: the shared infrastructure, built once per app. A module
 * builds its own repositories from `db`; what it needs from another module it takes as a
 * second argument (that module's services), and cross-module reactions go through `events`.
 */
export interface Infra {
  config: Config;
  db: Db;
  clock: Clock;
  /** The one default transaction runner (a special time limit is its module's business). */
  transaction: RunInTransaction;
  /** The mail outbox. */
  mail: MailService;
  events: DomainEvents;
  /** Budgets per account of the writes that reach another member. */
  budgets: AccountBudgets;
  /** The site's public URL and the association's name, for links and mail texts. */
  site: SiteConfig;
  log: FastifyBaseLogger;
  /** socket.io on the app's HTTP server (live events to members' tabs). */
  io: RealtimeServer;
  tokens: TokenSigner;
  uploadsDir: string;
  /** pg-boss and its options; null when the app runs without workers. */
  jobs: { boss: PgBoss; options: JobsOptions } | null;
  /** Shared rate counters (PostgreSQL or Redis); undefined: in this process's memory. */
  counters: RateCounters | undefined;
  /** Test overrides passed through to the modules that read them (news, push). */
  overrides: Pick<AppDeps, 'newsFetch' | 'pushDelivery'>;
  onReady(hook: () => Promise<void>): void;
  onClose(hook: () => Promise<void>): void;
}

async function rateCounters(
  kind: AdapterKind,
  db: Db,
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'redisConnectTimeoutMs'>,
): Promise<RateCounters | undefined> {
  if (kind === 'postgres') return databaseCounters(db);
  if (kind === 'redis') {
    if (!config.redisUrl)
      throw new Error('REDIS_URL manquant pour les compteurs de limite de débit');
    return redisCounters(config.redisUrl, config.redisPrefix, config.redisConnectTimeoutMs);
  }
  return undefined;
}

export async function buildInfra(app: FastifyInstance, deps: AppDeps): Promise<Infra> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const jobsOptions =
    deps.jobs === false
      ? null
      : (deps.jobs ?? {
          retryDelaySeconds: config.mailRetry.delaySeconds,
          retryLimit: config.mailRetry.limit,
          batchSize: config.mailBatchSize,
        });
  const boss = jobsOptions
    ? createQueue(deps.databaseUrl, app.log, config.dbConnectTimeoutMs, jobsOptions)
    : null;
  const jobs = boss && jobsOptions ? { boss, options: jobsOptions } : null;
  const onClose = (hook: () => Promise<void>) => void app.addHook('onClose', hook);
  const { mail } = mailModule(
    { config, db, clock, log: app.log, jobs, onClose },
    deps.mailTransport,
  );
  const counters = await rateCounters(deps.rateLimitStore ?? 'memory', db, config);
  if (counters) app.addHook('onClose', () => counters.close());
  return {
    config,
    db,
    clock,
    transaction: transactionRunner(db),
    mail,
    events: deps.events ?? domainEvents(),
    // Counted where the route budgets are (shared by the instances), or in this process's memory.
    budgets: accountBudgets(counters ?? memoryCounters(), config.accountBudgets),
    site: config.site,
    log: app.log,
    io: createRealtimeServer(app.server, { allowedOrigins: config.socketOrigins }),
    tokens: tokenSigner(config.jwtSecret),
    uploadsDir: path.join(config.dataDir, 'uploads'),
    jobs,
    counters,
    overrides: { newsFetch: deps.newsFetch, pushDelivery: deps.pushDelivery },
    onReady: (hook) => void app.addHook('onReady', hook),
    onClose,
  };
}
