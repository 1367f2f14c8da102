import cronParser from 'cron-parser';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SCHEDULE_TIMEZONE } from '../jobs/schedule.js';
import { REPO_ROOT } from '../lib/paths.js';
import { hostAddress } from '../lib/public-address.js';
import { DEFAULT_THROTTLE_RULES, type ThrottleRules } from '../modules/auth/throttle.js';
import type { SiteInfo } from '@munegu/shared';
import { operatorContent, operatorEnvShape } from './operator.js';
import { pushConfig, PushConfigError, pushEnvShape, type PushConfig } from './push.js';
import {
  ACCOUNT_BUDGET_DEFAULTS,
  budgetVariable,
  parseBudget,
  RATE_BUDGET_DEFAULTS,
  type AccountBudgetLimits,
  type AccountBudgetName,
  type RateBudget,
  type RateBudgetName,
  type RateBudgets,
} from './rate-budgets.js';

/** Environment booleans: only these spellings, so a typo is an error rather than `false`. */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Five cron fields (minute hour day month weekday), read by the very parser pg-boss schedules
 * them with, in the same time zone: a value it would refuse (hour 25, 'lundi') stops the start
 * here, naming its variable, rather than after the migrations in pg-boss's own words.
 */
const cron = z
  .string()
  .regex(/^\s*[\d*/,-]+(\s+[\d*/,\-A-Za-z]+){4}\s*$/, 'attendu une expression cron à 5 champs')
  .superRefine((value, ctx) => {
    try {
      cronParser.parseExpression(value, { tz: SCHEDULE_TIMEZONE });
    } catch {
      ctx.addIssue({
        code: 'custom',
        message:
          `« ${value} » n’est pas une expression cron valide (minute 0-59, heure 0-23, jour ` +
          '1-31, mois 1-12, jour de la semaine 0-7 ou sun…sat ; ex. 30 3 * * *)',
      });
    }
  });

export interface Schedules {
  accounts: string;
  reminders: string;
  suspensions: string;
  carpoolDigests: string;
  kickoffAnnouncements: string;
  tripReminders: string;
  uploadsSweep: string;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Munegu <no-reply@munegu.local>'),
  CONTACT_EMAIL: z.email().default('contact@munegu.local'),
  JWT_SECRET: z.string().min(32, 'doit faire au moins 32 caractères').optional(),
  DEMO_DATA: bool.optional(),
  WEB_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Longest a log line waits to be written, gathered with others (0: written at once). */
  LOG_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Proxies in front of the app: a hop count or their addresses/CIDRs (never "trust all"). */
  TRUST_PROXY: z.string().optional(),
  /** Requests per address and minute on API routes without a budget of their own. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Origins besides PUBLIC_URL's allowed to open the realtime socket (comma-separated). */
  SOCKET_ALLOWED_ORIGINS: z.string().optional(),
  /** Events one socket may send per 10 seconds before they are dropped. */
  SOCKET_EVENTS_PER_10S: z.coerce.number().int().min(1).max(100_000).default(50),
  /**
   * Messages one socket may send per 10 seconds ('sendMessage', also counted in the events
   * above): more are refused with a 429 acknowledgement; SOCKET_MAX_VIOLATIONS such windows,
   * or twice the budget in one, cut the socket.
   */
  SOCKET_MESSAGES_PER_10S: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Dropped-event bursts after which a socket is disconnected. */
  SOCKET_MAX_VIOLATIONS: z.coerce.number().int().min(1).max(1000).default(3),
  /** How often each instance re-checks its sockets' sessions (changes made outside the API). */
  SOCKET_REVALIDATE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Password/token guesses before a lock: per account, and per address (modules/auth/throttle). */
  AUTH_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  AUTH_IP_MAX_FAILURES: z.coerce.number().int().min(1).max(100_000).default(20),
  /** First lock in seconds; each further lock in the 15-minute window doubles it (max 15 min). */
  AUTH_LOCK_SECONDS: z.coerce.number().int().min(1).max(900).default(60),
  /** MuneguMap suggestions: largest detour through the member's department (km, and share). */
  CARPOOL_DETOUR_MAX_KM: z.coerce.number().int().min(0).max(1000).default(60),
  CARPOOL_DETOUR_MAX_RATIO: z.coerce.number().min(0).max(2).default(0.25),
  /** MuneguMap: members listed per department and kind (transport, search), besides one's own. */
  CARPOOL_LIST_LIMIT: z.coerce.number().int().min(10).max(10_000).default(100),
  /** Serve the web app's source maps (.map files); off in production by default. */
  SERVE_SOURCE_MAPS: bool.optional(),
  REDIS_URL: z.url().optional(),
  /**
   * Longest wait for Redis at start: the client retries for ever, so an unreachable REDIS_URL
   * would otherwise hang the start without a word.
   */
  REDIS_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** Prefix of every Redis key and pub/sub channel, so several apps can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'lettres, chiffres, « _ : . - » (64 au plus)')
    .default('munegu'),
  /**
   * How socket.io instances exchange events: 'memory' (a single replica), 'postgres' or
   * 'redis'. Unset: 'redis' with REDIS_URL, else 'postgres'; always 'memory' when embedded.
   */
  REALTIME_ADAPTER: z.enum(['memory', 'postgres', 'redis']).optional(),

  /**
   * Longest wait for a database connection (a new one, or a free one of the pool) before the
   * request fails with 503: a database that does not answer must not hold requests.
   */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** Mail delivery: first retry after this many seconds, doubled at each retry. */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** Mail delivery: retries of one queued job (the outbox sweeper re-queues after them). */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(10),
  /**
   * Longest wait for the SMTP server (connecting, its greeting, any answer) before a send fails
   * and is retried: nodemailer's own socket timeout is 10 minutes, during which a hung server
   * holds a mail worker.
   */
  MAIL_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /**
   * Mails the delivery worker takes per fetch; it fetches again one polling interval (2 s)
   * later, so this bounds the delivery rate (10 → 5 mails/s). Their jobs expire after 15 min of
   * work: keep MAIL_BATCH_SIZE × MAIL_TIMEOUT_MS well under that.
   */
  MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(50).default(10),
  /** Daily account run (inactivity warnings, anonymisation, expired sessions), Paris time. */
  SCHEDULE_ACCOUNTS: cron.default('30 3 * * *'),
  /** Prediction reminders (the service sends each match's reminder once), Paris time. */
  SCHEDULE_REMINDERS: cron.default('*/15 * * * *'),
  /** End of timed suspensions (lifted once their date has passed), Paris time. */
  SCHEDULE_SUSPENSIONS: cron.default('*/5 * * * *'),
  /** Carpool mails held back by CARPOOL_MAIL_WINDOW_MINUTES, sent once their window ends. */
  SCHEDULE_CARPOOL_DIGESTS: cron.default('* * * * *'),
  /** Moved kickoffs whose KICKOFF_ANNOUNCE_DELAY_MINUTES has passed, announced to travellers. */
  SCHEDULE_KICKOFF_ANNOUNCEMENTS: cron.default('* * * * *'),
  /** Coach trips' day-before reminder (trips departing the next Paris day), Paris time. */
  SCHEDULE_TRIP_REMINDERS: cron.default('0 18 * * *'),
  /** Deletion of the stored images no news item or contest shows (uploads sweep), Paris time. */
  SCHEDULE_UPLOADS_SWEEP: cron.default('45 3 * * *'),
  /** How old an unused stored image must be before the sweep deletes it (an editor's draft). */
  UPLOADS_ORPHAN_GRACE_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  ASSOCIATION_NAME: z.string().min(1).default('Munegu'),
  /** The club's official X account: only its posts can become news. */
  CLUB_X_ACCOUNT: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,15}$/)
    .default('AS_Monaco'),
  /** Where posts are read (X's public syndication endpoint). */
  NEWS_PROVIDER_URL: z.url().default('https://cdn.syndication.twimg.com'),
  /** The only hosts the server may fetch from for news (the provider and X's image host). */
  NEWS_FETCH_HOSTS: z.string().default('cdn.syndication.twimg.com,pbs.twimg.com'),
  /** Hosts of NEWS_FETCH_HOSTS that may resolve to a private or loopback address (own network). */
  NEWS_FETCH_PRIVATE_HOSTS: z.string().default(''),
  NEWS_FETCH_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(8000),
  NEWS_IMAGE_MAX_BYTES: z.coerce.number().int().min(10_000).max(50_000_000).default(8_000_000),
  /** Web push of the installable app (config/push.ts). */
  ...pushEnvShape,
  /** Legal identity, host, social accounts, ticket office (config/operator.ts). */
  ...operatorEnvShape,

  /** One carpool mail per sender and recipient within this many minutes (the next summarises). */
  CARPOOL_MAIL_WINDOW_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  /**
   * A moved kickoff is announced to the match's travellers this many minutes after its last
   * move, and only if it differs from what they last heard (0: at once, at every move).
   */
  KICKOFF_ANNOUNCE_DELAY_MINUTES: z.coerce.number().int().min(0).max(120).default(10),

  /** Time limit of a score entry's transaction (points, snapshots, every member's rank). */
  SCORING_TRANSACTION_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
});

/** Every variable the app reads, for the documentation checks (test/deploy). */
export function environmentVariables(): string[] {
  const budgets = [
    ...(Object.keys(RATE_BUDGET_DEFAULTS) as RateBudgetName[]),
    ...(Object.keys(ACCOUNT_BUDGET_DEFAULTS) as AccountBudgetName[]),
  ].map(budgetVariable);
  return [...Object.keys(envSchema.shape), ...budgets];
}

/** What links and mail texts name: the site's public address and the association. */
export interface SiteConfig {
  /** No trailing slash. */
  publicUrl: string;
  associationName: string;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absent: the embedded PGlite database is started under dataDir/pglite. */
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  jwtSecret: string;
  demoData: boolean;
  webDist: string;
  logLevel: string;
  logFlushMs: number;
  /** false, a number of hops, or the proxies' addresses/CIDRs (Fastify's trustProxy). */
  trustProxy: false | number | string[];
  rateLimitPerMinute: number;
  /** Smaller budgets of the routes that send mail, write files or hash passwords. */
  rateBudgets: RateBudgets;
  /** Budgets per member account of the writes that reach another member. */
  accountBudgets: AccountBudgetLimits;
  /** Cron expressions (Europe/Paris) of the scheduled jobs. */
  schedules: Schedules;
  /** The uploads sweep: unused stored images older than this are deleted. */
  uploads: { orphanGraceHours: number };
  /** Origins allowed to open a socket: PUBLIC_URL's and the operator's extra ones. */
  socketOrigins: string[];
  socketEventsPer10s: number;
  socketMessagesPer10s: number;
  socketMaxViolations: number;
  socketRevalidateMs: number;
  serveSourceMaps: boolean;
  /** Guesses of passwords and e-mailed tokens (modules/auth/throttle.ts). */
  throttle: ThrottleRules;
  redisUrl: string | undefined;
  /** Prefix of Redis keys and channels (rate counters, socket.io adapter). */
  redisPrefix: string;
  /** Longest wait for the first connection to Redis before the start fails. */
  redisConnectTimeoutMs: number;
  /** Forced socket.io adapter; undefined = chosen from REDIS_URL (main.ts). */
  realtimeAdapter: 'memory' | 'postgres' | 'redis' | undefined;

  dbConnectTimeoutMs: number;
  /** Mail delivery retries (jobs/mail.jobs.ts). */
  mailRetry: { delaySeconds: number; limit: number };
  mailTimeoutMs: number;
  mailBatchSize: number;
  associationName: string;
  /** publicUrl and associationName together, as the modules take them. */
  site: SiteConfig;
  /** Drivers from other departments suggested on the MuneguMap (modules/carpool/geo). */
  detourRule: { maxKm: number; maxRatio: number };
  carpoolListLimit: number;
  /** CARPOOL_MAIL_WINDOW_MINUTES in milliseconds. */
  carpoolMailWindowMs: number;
  /** KICKOFF_ANNOUNCE_DELAY_MINUTES in milliseconds. */
  kickoffAnnounceDelayMs: number;
  /**
   * Time limit of the transactions whose work grows with the members, a score entry's and a
   * prediction reminder's (SCORING_TRANSACTION_TIMEOUT_SECONDS).
   */
  scoringTransactionTimeoutMs: number;
  news: {
    clubAccount: string;
    providerUrl: string;
    fetchHosts: string[];
    /** Hosts of fetchHosts allowed to resolve to a private or loopback address. */
    fetchPrivateHosts: string[];
    timeoutMs: number;
    imageMaxBytes: number;
  };
  /** Web push: VAPID keys (null = off), accepted push services, delivery limits. */
  push: PushConfig;
  /** The operator's content of the public pages (GET /site); null where not filled in. */
  operator: SiteInfo;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Configuration invalide : ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

const PROXY_ADDRESS = /^[0-9a-fA-F:.]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/;

/**
 * 'false', a number of proxy hops, or a comma-separated list of the proxies' addresses/CIDRs.
 * 'true' (trust every X-Forwarded-For hop) is refused: a proxy appends to what the client
 * sent, so the left-most address would be the client's own choice and every per-address limit
 * would fall.
 */
function parseTrustProxy(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (/^\d+$/.test(raw)) return Math.min(Number(raw), 10);
  const list = raw.split(',').map((item) => item.trim());
  if (raw === 'true' || list.some((item) => !PROXY_ADDRESS.test(item))) {
    throw new ConfigError(
      'TRUST_PROXY',
      ": attendu un nombre de proxys (ex. 1) ou leurs adresses/CIDR (ex. 10.0.0.0/8), jamais 'true'.",
    );
  }
  return list;
}

/**
 * The news fetch's hosts: names only, never an IP literal in any spelling (Node connects to
 * a literal without the DNS lookup the fetch guard checks, and a listed address would say
 * nothing about where a redirect or an image may lead); the provider is one of them, in https.
 */
function newsFetchHosts(e: z.infer<typeof envSchema>) {
  const hostList = (variable: string, raw: string) =>
    raw
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean)
      .map((host) => {
        if (hostAddress(host) !== null) {
          throw new ConfigError(
            variable,
            `: « ${host} » est une adresse IP ; seuls des noms d'hôte sont acceptés (ex. pbs.twimg.com).`,
          );
        }
        if (!isHostName(host)) {
          throw new ConfigError(
            variable,
            `: « ${host} » n'est pas un nom d'hôte seul (sans schéma, port ni chemin, ex. pbs.twimg.com).`,
          );
        }
        return host;
      });
  const fetchHosts = hostList('NEWS_FETCH_HOSTS', e.NEWS_FETCH_HOSTS);
  const fetchPrivateHosts = hostList('NEWS_FETCH_PRIVATE_HOSTS', e.NEWS_FETCH_PRIVATE_HOSTS);
  const unlisted = fetchPrivateHosts.find((h) => !fetchHosts.includes(h));
  if (unlisted) {
    throw new ConfigError(
      'NEWS_FETCH_PRIVATE_HOSTS',
      `: « ${unlisted} » doit aussi figurer dans NEWS_FETCH_HOSTS.`,
    );
  }
  const provider = new URL(e.NEWS_PROVIDER_URL);
  if (provider.protocol !== 'https:' || provider.username || provider.password) {
    throw new ConfigError(
      'NEWS_PROVIDER_URL',
      ': attendu une adresse https sans identifiants (ex. https://cdn.syndication.twimg.com).',
    );
  }
  if (hostAddress(provider.hostname) !== null) {
    throw new ConfigError(
      'NEWS_PROVIDER_URL',
      `: « ${provider.hostname} » est une adresse IP ; attendu un nom d'hôte listé dans NEWS_FETCH_HOSTS.`,
    );
  }
  if (!fetchHosts.includes(provider.hostname)) {
    throw new ConfigError(
      'NEWS_PROVIDER_URL',
      `: son hôte « ${provider.hostname} » doit figurer dans NEWS_FETCH_HOSTS.`,
    );
  }
  return { fetchHosts, fetchPrivateHosts };
}

/** A bare host name as URLs carry it (lower case, punycode): what the fetch guard compares. */
function isHostName(host: string): boolean {
  try {
    return new URL(`https://${host}/`).hostname === host;
  } catch {
    return false;
  }
}

function parseOrigins(publicUrl: string, extra: string | undefined): string[] {
  const origins = [new URL(publicUrl).origin];
  for (const item of (extra ?? '').split(',').map((o) => o.trim())) {
    if (!item) continue;
    try {
      origins.push(new URL(item).origin);
    } catch {
      throw new ConfigError(
        'SOCKET_ALLOWED_ORIGINS',
        `: « ${item} » n'est pas une origine valide.`,
      );
    }
  }
  return origins;
}

function parseBudgets<N extends RateBudgetName | AccountBudgetName>(
  env: NodeJS.ProcessEnv,
  defaults: Record<N, string>,
): Record<N, RateBudget> {
  const budgets = {} as Record<N, RateBudget>;
  for (const [name, fallback] of Object.entries(defaults) as [N, string][]) {
    const variable = budgetVariable(name);
    const raw = env[variable] || fallback;
    const budget = parseBudget(raw);
    if (!budget) {
      throw new ConfigError(
        variable,
        `: « ${raw} » attendu sous la forme nombre/durée, par ex. 10/1h, 5/15m ou 30/90s (durée ≤ 24h).`,
      );
    }
    budgets[name] = budget;
  }
  return budgets;
}

/**
 * Outside production a secret is generated once and kept in DATA_DIR so sessions survive a
 * restart without anyone having to invent a secret to try the product.
 */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secrets', 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Parses the environment once; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings (as left by `VAR=` in an .env file) mean "unset".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? '?'), `: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('JWT_SECRET', 'est obligatoire en production (au moins 32 caractères).');
  }
  // The embedded database is for trying the product on one machine; production data lives in
  // a real PostgreSQL, and the production image does not even ship PGlite.
  if (e.NODE_ENV === 'production' && !e.DATABASE_URL) {
    throw new ConfigError(
      'DATABASE_URL',
      'est obligatoire en production (postgresql://utilisateur:mot-de-passe@hôte:5432/base).',
    );
  }
  const { fetchHosts, fetchPrivateHosts } = newsFetchHosts(e);
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? '.data');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  let push: PushConfig;
  try {
    push = pushConfig(e, {
      production: e.NODE_ENV === 'production',
      dataDir,
      contactEmail: e.CONTACT_EMAIL,
    });
  } catch (err) {
    if (err instanceof PushConfigError) throw new ConfigError(err.variable, err.message);
    throw err;
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    logLevel: e.LOG_LEVEL,
    logFlushMs: e.LOG_FLUSH_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateBudgets: parseBudgets(cleaned, RATE_BUDGET_DEFAULTS),
    accountBudgets: parseBudgets(cleaned, ACCOUNT_BUDGET_DEFAULTS),
    schedules: {
      accounts: e.SCHEDULE_ACCOUNTS,
      reminders: e.SCHEDULE_REMINDERS,
      suspensions: e.SCHEDULE_SUSPENSIONS,
      carpoolDigests: e.SCHEDULE_CARPOOL_DIGESTS,
      kickoffAnnouncements: e.SCHEDULE_KICKOFF_ANNOUNCEMENTS,
      tripReminders: e.SCHEDULE_TRIP_REMINDERS,
      uploadsSweep: e.SCHEDULE_UPLOADS_SWEEP,
    },
    uploads: { orphanGraceHours: e.UPLOADS_ORPHAN_GRACE_HOURS },
    socketOrigins: parseOrigins(publicUrl, e.SOCKET_ALLOWED_ORIGINS),
    socketEventsPer10s: e.SOCKET_EVENTS_PER_10S,
    socketMessagesPer10s: e.SOCKET_MESSAGES_PER_10S,
    socketMaxViolations: e.SOCKET_MAX_VIOLATIONS,
    socketRevalidateMs: e.SOCKET_REVALIDATE_SECONDS * 1000,
    serveSourceMaps: e.SERVE_SOURCE_MAPS ?? e.NODE_ENV !== 'production',
    throttle: {
      ...DEFAULT_THROTTLE_RULES,
      accountMaxFailures: e.AUTH_ACCOUNT_MAX_FAILURES,
      ipMaxFailures: e.AUTH_IP_MAX_FAILURES,
      baseLockMs: e.AUTH_LOCK_SECONDS * 1000,
    },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    redisConnectTimeoutMs: e.REDIS_CONNECT_TIMEOUT_MS,
    realtimeAdapter: e.REALTIME_ADAPTER,

    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    mailRetry: { delaySeconds: e.MAIL_RETRY_DELAY_SECONDS, limit: e.MAIL_RETRY_LIMIT },
    mailTimeoutMs: e.MAIL_TIMEOUT_MS,
    mailBatchSize: e.MAIL_BATCH_SIZE,
    detourRule: { maxKm: e.CARPOOL_DETOUR_MAX_KM, maxRatio: e.CARPOOL_DETOUR_MAX_RATIO },
    carpoolListLimit: e.CARPOOL_LIST_LIMIT,
    carpoolMailWindowMs: e.CARPOOL_MAIL_WINDOW_MINUTES * 60_000,
    kickoffAnnounceDelayMs: e.KICKOFF_ANNOUNCE_DELAY_MINUTES * 60_000,
    scoringTransactionTimeoutMs: e.SCORING_TRANSACTION_TIMEOUT_SECONDS * 1000,
    associationName: e.ASSOCIATION_NAME,
    site: { publicUrl, associationName: e.ASSOCIATION_NAME },
    news: {
      clubAccount: e.CLUB_X_ACCOUNT,
      providerUrl: e.NEWS_PROVIDER_URL,
      fetchHosts,
      fetchPrivateHosts,
      timeoutMs: e.NEWS_FETCH_TIMEOUT_MS,
      imageMaxBytes: e.NEWS_IMAGE_MAX_BYTES,
    },
    push,
    operator: operatorContent(
      e,
      { email: e.CONTACT_EMAIL, explicit: cleaned['CONTACT_EMAIL'] !== undefined },
      e.CLUB_X_ACCOUNT,
    ),
  };
}
