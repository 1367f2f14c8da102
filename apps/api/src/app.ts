import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type PgBoss from 'pg-boss';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import path from 'node:path';
import type { Config } from './config/env.js';
import type { Db } from './db/client.js';
import { transactionRunner } from './db/tx.js';
import { mailDispatcher } from './jobs/mail.jobs.js';
import { createQueue, type JobsOptions } from './jobs/queue.js';
import { systemClock, type Clock } from './lib/clock.js';
import { fileTransport, smtpTransport, type MailTransport } from './lib/mail/transport.js';
import { contactRepository } from './modules/contact/contact.repository.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { contactService } from './modules/contact/contact.service.js';
import { healthRepository } from './modules/health/health.repository.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { healthService } from './modules/health/health.service.js';
import { mailRepository } from './modules/mail/mail.repository.js';
import { mailService, type MailDispatcher, type MailService } from './modules/mail/mail.service.js';
import { matchesRepository } from './modules/matches/matches.repository.js';
import { matchesRoutes } from './modules/matches/matches.routes.js';
import { matchesService } from './modules/matches/matches.service.js';
import { referenceRepository } from './modules/reference/reference.repository.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { referenceService } from './modules/reference/reference.service.js';
import { dbPlugin } from './plugins/db.js';
import {
  cleanInputValidator,
  errorHandlerPlugin,
  preRoutingErrors,
} from './plugins/error-handler.js';
import { jobsPlugin } from './plugins/jobs.js';
import { openapiPlugin } from './plugins/openapi.js';
import { loggerOptions, requestLogPlugin } from './plugins/request-log.js';
import { securityPlugin } from './plugins/security.js';
import { jsonNotFound, webPlugin } from './plugins/web.js';
import { registerApiRateLimit } from './plugins/rate-limit/index.js';
import { accountBudgets, memoryCounters } from './plugins/rate-limit/account-budgets.js';
import {
  databaseCounters,
  redisCounters,
  type RateCounters,
} from './plugins/rate-limit/counters.js';
import { registerMaintenanceJobs } from './jobs/maintenance.jobs.js';
import { authPlugin } from './plugins/auth.js';
import { tokenSigner } from './lib/tokens.js';
import { callerRepository } from './modules/auth/caller.repository.js';
import { authRepository } from './modules/auth/auth.repository.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { authService } from './modules/auth/auth.service.js';
import { emailTokensRepository } from './modules/email-tokens/email-tokens.repository.js';
import { emailTokensService } from './modules/email-tokens/email-tokens.service.js';
import { accountRepository } from './modules/account/account.repository.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { accountService, type AccountService } from './modules/account/account.service.js';
import type { MemberRemovalPort } from './modules/account/member-removal.js';
import { privacyRepository } from './modules/account/privacy.repository.js';
import { privacyService } from './modules/account/privacy.service.js';
import { settingsRoutes } from './modules/account/settings.routes.js';
import { settingsService } from './modules/account/settings.service.js';
import { registerAccountJobs } from './jobs/account.jobs.js';
import { avatarStorage } from './modules/profiles/avatar.storage.js';
import { profilesRepository } from './modules/profiles/profiles.repository.js';
import { profilesRoutes } from './modules/profiles/profiles.routes.js';
import { profilesService } from './modules/profiles/profiles.service.js';
import { reportsRepository } from './modules/reports/reports.repository.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { reportsService } from './modules/reports/reports.service.js';
import { adminMatchesRepository } from './modules/admin-matches/admin-matches.repository.js';
import { adminMatchesRoutes } from './modules/admin-matches/admin-matches.routes.js';
import { adminMatchesService } from './modules/admin-matches/admin-matches.service.js';
import { importService } from './modules/admin-matches/import.service.js';
import { clubsRepository } from './modules/clubs/clubs.repository.js';
import { clubsRoutes } from './modules/clubs/clubs.routes.js';
import { clubsService } from './modules/clubs/clubs.service.js';
import { miniLeaguesRepository } from './modules/predictions/mini-leagues.repository.js';
import { miniLeaguesRoutes } from './modules/predictions/mini-leagues.routes.js';
import { miniLeaguesService } from './modules/predictions/mini-leagues.service.js';
import { predictionsRepository } from './modules/predictions/predictions.repository.js';
import { predictionsRoutes } from './modules/predictions/predictions.routes.js';
import { predictionsService, type Seasons } from './modules/predictions/predictions.service.js';
import { rankingRepository } from './modules/predictions/ranking.repository.js';
import { reminderRepository } from './modules/predictions/reminder.repository.js';
import { reminderService, type StopLinks } from './modules/predictions/reminder.service.js';
import { carpoolServices } from './modules/carpool/carpool.module.js';
import { carpoolRoutes } from './modules/carpool/carpool.routes.js';
import { scoringService } from './modules/predictions/scoring.service.js';
import { registerPredictionJobs } from './jobs/predictions.jobs.js';
import { registerModerationJobs } from './jobs/moderation.jobs.js';
import { registerCarpoolJobs } from './jobs/carpool.jobs.js';
import { moderationServices } from './modules/moderation/moderation.module.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import {
  administrationRoutes,
  administrationServices,
} from './modules/administration/administration.module.js';
import { withFallback } from './config/operator.js';
import { DEMO_SITE_INFO } from './seed/demo-site.js';
import { messagesRepository } from './modules/messages/messages.repository.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { newsRepository } from './modules/news/news.repository.js';
import { newsRoutes } from './modules/news/news.routes.js';
import { newsService } from './modules/news/news.service.js';
import { contestsRepository, newsWriteRepository } from './modules/news/news.repository.js';
import { contestsService } from './modules/news/contests.service.js';
import { newsEditorService } from './modules/news/news-editor.service.js';
import { tweetProvider } from './modules/news/tweet.provider.js';
import type { SafeFetchOptions } from './lib/safe-fetch.js';
import { imageStore } from './lib/image-store.js';
import { messagesService } from './modules/messages/messages.service.js';
import { installAdapter, type AdapterKind } from './realtime/adapter.js';
import { pushQueue, registerPushJobs } from './jobs/push.jobs.js';
import { carpoolWithPush, messagingWithPush } from './modules/push/push.hooks.js';
import { pushRepository } from './modules/push/push.repository.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { webPushSender, type PushDeliveryOptions } from './modules/push/push.sender.js';
import { pushService } from './modules/push/push.service.js';
import { socketAuthenticator } from './realtime/socket-auth.js';
import { realtimeSessionEndings, startSessionSweep } from './realtime/session-endings.js';
import {
  createRealtimeServer,
  realtimeNotificationPusher,
  realtimeNotifier,
  registerRealtimeHandlers,
  type RealtimeServer,
} from './realtime/socket-server.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox, for modules that send mail and for operators' scripts. */
    mail: MailService;
    /** socket.io at /socket.io (private messages, read receipts, typing). */
    io: RealtimeServer;
    /** Every route as registered (method, URL, accepted content types), for audits. */
    routeTable: { method: string; url: string; consumes: string[] }[];
    /** Account status changes (suspension) for operators' tools and the moderation module. */
    accounts: Pick<AccountService, 'suspend'>;
  }
}

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
}

/** Never log credentials, even at debug level. Request bodies are never logged at all. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.token',
  '*.access_token',
];

async function rateCounters(
  kind: AdapterKind,
  db: Db,
  redisUrl: string | undefined,
  redisPrefix: string,
): Promise<RateCounters | undefined> {
  if (kind === 'postgres') return databaseCounters(db);
  if (kind === 'redis') {
    if (!redisUrl) throw new Error('REDIS_URL manquant pour les compteurs de limite de débit');
    return redisCounters(redisUrl, redisPrefix);
  }
  return undefined;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The composition root: builds every repository and service once and registers the routes. */
export async function buildApp(deps: AppDeps) {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel, LOG_REDACT, config.logFlushMs),
    // A hop count becomes proxy-addr's "trust the n nearest hops" function.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per answered request instead of two (plugins/request-log.ts). Through a log
    // controller: Fastify 5.8 deprecates the top-level option (FSTDEP023).
    logController: new LogController({ disableRequestLogging: true }),
    ...preRoutingErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(cleanInputValidator(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);

  const clock = deps.clock ?? systemClock;
  const transport =
    deps.mailTransport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom, config.mailTimeoutMs)
      : fileTransport(path.join(config.dataDir, 'mail'), config.mailFrom, app.log));
  const jobsOptions =
    deps.jobs === false
      ? null
      : (deps.jobs ?? {
          retryDelaySeconds: config.mailRetry.delaySeconds,
          retryLimit: config.mailRetry.limit,
          batchSize: config.mailBatchSize,
        });
  const boss = jobsOptions
    ? createQueue(deps.databaseUrl, app.log, config.dbConnectTimeoutMs)
    : null;
  const dispatcher: MailDispatcher =
    boss && jobsOptions ? mailDispatcher(boss, jobsOptions) : { dispatch: async () => {} };

  const mail = mailService({
    repo: mailRepository(db),
    transport,
    dispatcher,
    clock,
    log: app.log,
  });
  const counters = await rateCounters(
    deps.rateLimitStore ?? 'memory',
    db,
    config.redisUrl,
    config.redisPrefix,
  );
  if (counters) app.addHook('onClose', () => counters.close());
  // Budgets per account of the writes that reach another member, counted where the route
  // budgets are (shared by the instances), or in this process's memory.
  const budgets = accountBudgets(counters ?? memoryCounters(), config.accountBudgets);
  // Web push (the installable app): one queued job per device and notification.
  const pushSender = config.push.vapid
    ? webPushSender({
        vapid: config.push.vapid,
        ttlSeconds: config.push.ttlSeconds,
        timeoutMs: config.push.timeoutMs,
        delivery: deps.pushDelivery,
      })
    : null;
  if (config.push.vapidSource === 'generated')
    app.log.info(
      'Notifications push : clés VAPID générées pour cet environnement (DATA_DIR/secrets/vapid.json).',
    );
  if (!pushSender)
    app.log.warn(
      'Notifications push désactivées : VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY ne sont pas définies (voir le README).',
    );
  const push = pushService({
    repo: pushRepository(db),
    clock,
    config: config.push,
    budgets,
    sender: pushSender,
    queue:
      boss && jobsOptions
        ? pushQueue(boss, { ...jobsOptions, pushRetryLimit: config.push.retryLimit })
        : null,
    log: app.log,
  });
  if (pushSender) app.addHook('onClose', async () => pushSender.close());
  const health = healthService({ repo: healthRepository(db) });
  const reference = referenceService({ repo: referenceRepository(db) });
  const news = newsService({ repo: newsRepository(db), clock });
  const newsImages = imageStore(path.join(config.dataDir, 'uploads', 'news'), '/uploads/news');
  const newsEditor = newsEditorService({
    repo: newsWriteRepository(db),
    tweets: tweetProvider({
      baseUrl: config.news.providerUrl,
      images: newsImages,
      fetch: {
        allowedHosts: config.news.fetchHosts,
        privateHosts: config.news.fetchPrivateHosts,
        timeoutMs: config.news.timeoutMs,
        maxBytes: config.news.imageMaxBytes,
        ...deps.newsFetch,
      },
    }),
    clubAccount: config.news.clubAccount,
    productName: config.associationName,
    images: newsImages,
    log: app.log,
  });
  const contests = contestsService({
    repo: contestsRepository(db),
    images: imageStore(path.join(config.dataDir, 'uploads', 'contests'), '/uploads/contests'),
  });
  const matches = matchesService({
    repo: matchesRepository(db),
    clock,
    uidDomain: new URL(config.publicUrl).hostname,
  });
  const profiles = profilesService({
    repo: profilesRepository(db),
    avatars: avatarStorage(path.join(config.dataDir, 'uploads', 'avatar')),
  });
  const reports = reportsService({
    repo: reportsRepository(db),
    transaction: transactionRunner(db),
    clock,
    budget: config.accountBudgets.reports,
  });
  const tokens = tokenSigner(config.jwtSecret);
  const emailTokens = emailTokensService({
    repo: emailTokensRepository(db),
    clock,
    publicUrl: config.publicUrl,
    linkSecret: config.jwtSecret,
  });
  // Prediction game, clubs and operators' match API. The game counts the season the matches
  // module calls current.
  const seasons: Seasons = { current: matches.currentSeason };
  const predictions = predictionsService({ repo: predictionsRepository(db), seasons, clock });
  const scoring = scoringService({ ranking: rankingRepository(), seasons, clock });
  // Set once the realtime server exists (below): a moved kickoff notifies carpool members.
  let kickoffMoved: (matchId: number, kickoff: Date) => Promise<unknown> = async () => 0;
  // A score entry rewrites every member's total and rank: its own, longer time limit.
  const scoringTransaction = transactionRunner(db, {
    timeoutMs: config.scoringTransactionTimeoutMs,
  });
  const adminMatches = adminMatchesService({
    repo: adminMatchesRepository(db),
    scoring,
    transaction: scoringTransaction,
    clock,
    onKickoffMoved: (matchId, kickoff) => kickoffMoved(matchId, kickoff),
  });
  const imports = importService({
    repo: adminMatchesRepository(db),
    transaction: transactionRunner(db),
  });
  const clubs = clubsService({
    repo: clubsRepository(db),
    uploadsDir: path.join(config.dataDir, 'uploads'),
  });
  const miniLeagues = miniLeaguesService({ repo: miniLeaguesRepository(db) });
  // The stop link of notification mails, issued in the transaction that queues the mail.
  // One link per member and kind, reused by every mail while it stays valid.
  const stopLinks: StopLinks = {
    link: async (userId, kind, tx) =>
      (
        await emailTokens.reusable(
          userId,
          kind === 'promo' ? 'STOP_NOTIF_PROMO' : 'STOP_NOTIF_APPLI',
          tx,
        )
      ).link,
  };
  const reminders = reminderService({
    repo: reminderRepository(db),
    mail,
    stopLinks,
    transaction: transactionRunner(db),
    clock,
    publicUrl: config.publicUrl,
    associationName: config.associationName,
    onReminded: (matchId, match) => push.predictionReminder(matchId, match),
  });
  // socket.io on Fastify's HTTP server: private messages live, and the sockets of ended logins.
  const io = createRealtimeServer(app.server, { allowedOrigins: config.socketOrigins });
  const auth = authService({
    repo: authRepository(db),
    tokens,
    clock,
    endings: realtimeSessionEndings(io),
    throttleRules: config.throttle,
  });
  const accountDeps = {
    repo: accountRepository(db),
    emailTokens,
    mail,
    auth,
    transaction: transactionRunner(db),
    publicUrl: config.publicUrl,
    associationName: config.associationName,
  };
  // Set once the carpool module exists (below): a suspended, banned or deleted member's
  // upcoming carpools are cancelled and the other members told.
  let memberRemoved: MemberRemovalPort['onMemberRemoved'] = async () => 0;
  const members: MemberRemovalPort = {
    onMemberRemoved: (userId, cause) => memberRemoved(userId, cause),
  };
  const account = accountService({ ...accountDeps, clock, members, log: app.log });
  const administration = administrationServices(db, {
    operator: config.demoData ? withFallback(config.operator, DEMO_SITE_INFO) : config.operator,
  });
  // One warning at start naming what the operator has not filled in: the pages show nothing in
  // its place meanwhile. Not awaited: a database that does not answer must not hold the start.
  app.addHook('onReady', async () => {
    void administration.site
      .missing()
      .then((missing) => {
        if (missing.length === 0) return;
        app.log.warn(
          { missing },
          `Contenu de l’exploitant non renseigné, absent des pages : ${missing.join(', ')} (voir le README, « Operator content »).`,
        );
      })
      .catch(() => {});
  });
  const moderation = moderationServices({
    db,
    clock,
    mail,
    accounts: account,
    publicUrl: config.publicUrl,
    associationName: config.associationName,
  });
  const settings = settingsService(accountDeps);
  const privacy = privacyService({
    repo: privacyRepository(db),
    emailTokens,
    mail,
    clock,
    avatarDir: path.join(config.dataDir, 'uploads', 'avatar'),
    publicUrl: config.publicUrl,
    associationName: config.associationName,
    log: app.log,
    sessions: auth,
    rankings: {
      afterAccountsRemoved: () => scoringTransaction((tx) => scoring.rebuildSeason(tx)),
    },
    members,
  });
  const messages = messagesService({
    repo: messagesRepository(db),
    clock,
    notifier: messagingWithPush(realtimeNotifier(io), push),
    budgets,
  });
  const carpool = carpoolServices({
    db,
    mail,
    stopLinks,
    reports,
    pusher: carpoolWithPush(realtimeNotificationPusher(io), push),
    clock,
    publicUrl: config.publicUrl,
    associationName: config.associationName,
    detourRule: config.detourRule,
    listCap: config.carpoolListLimit,
    currentSeason: (now) => matches.currentSeason(now),
    budgets,
    blocks: { blocked: (blocker, blocked, tx) => messages.hasBlocked(blocker, blocked, tx) },
    mailWindowMs: config.carpoolMailWindowMs,
    log: app.log,
  });
  kickoffMoved = carpool.notifications.kickoffMoved;
  memberRemoved = carpool.withdrawal.withdrawMember;
  const contact = contactService({
    repo: contactRepository(db),
    mail,
    transaction: transactionRunner(db),
    contactEmail: config.contactEmail,
    associationName: config.associationName,
  });

  app.decorate('mail', mail);
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, consumes: [...(route.schema?.consumes ?? [])] });
  });
  app.decorate('accounts', account);
  await app.register(errorHandlerPlugin);
  await app.register(requestLogPlugin);
  // JSON answers above 1 kB are compressed (brotli or gzip, as the client accepts); the web
  // app's assets are compressed once at build time instead (plugins/web.ts).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(dbPlugin, { db });
  await app.register(securityPlugin, {
    https: config.publicUrl.startsWith('https:'),
  });
  await app.register(authPlugin, {
    callers: callerRepository(db),
    tokens,
    clock,
  });
  await app.register(openapiPlugin);
  if (boss && jobsOptions)
    await app.register(jobsPlugin, {
      boss,
      mail,
      options: jobsOptions,
      workers: [
        (b) => registerAccountJobs(b, config.schedules.accounts, privacy, auth, app.log),
        (b) => registerPredictionJobs(b, config.schedules.reminders, reminders, app.log),
        (b) =>
          registerModerationJobs(b, config.schedules.suspensions, moderation.sanctions, app.log),
        (b) =>
          registerCarpoolJobs(b, config.schedules.carpoolDigests, carpool.notifications, app.log),
        ...(counters ? [(b: PgBoss) => registerMaintenanceJobs(b, counters)] : []),
        (b) =>
          registerPushJobs(
            b,
            push,
            {
              ...jobsOptions,
              concurrency: config.push.concurrency,
              batchSize: config.push.batchSize,
            },
            app.log,
          ),
      ],
    });
  else app.decorate('boss', null);
  app.addHook('onClose', async () => transport.close?.());
  app.decorate('io', io);
  const callers = callerRepository(db);
  registerRealtimeHandlers(io, {
    authenticate: socketAuthenticator({
      callers,
      sessions: authRepository(db),
      tokens,
      clock,
    }),
    parseCookie: (header) => cookie.parse(header),
    messages,
    signedIn: async (userId, familyId) =>
      (await callers.resolve(userId, familyId, clock.now())) !== null,
    log: app.log,
    eventLimit: {
      max: config.socketEventsPer10s,
      windowMs: 10_000,
      maxViolations: config.socketMaxViolations,
    },
    messageLimit: {
      max: config.socketMessagesPer10s,
      windowMs: 10_000,
      maxViolations: config.socketMaxViolations,
    },
  });
  const stopSweep = startSessionSweep(io, {
    liveFamilies: (ids) => callerRepository(db).liveFamilies(ids, clock.now()),
    intervalMs: config.socketRevalidateMs,
    log: app.log,
  });
  const closeAdapter = await installAdapter(io, {
    kind: deps.realtimeAdapter ?? 'memory',
    databaseUrl: deps.databaseUrl,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
  });
  // Sockets first (an open websocket would keep the HTTP server from closing), then the
  // adapter's connections.
  app.addHook('preClose', async () => {
    stopSweep();
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', closeAdapter);

  await app.register(
    async (api) => {
      // Every per-route policy of the API hangs on this scope, i.e. on the matched route.
      await registerApiRateLimit(api, {
        max: config.rateLimitPerMinute,
        budgets: config.rateBudgets,
        counters,
        log: app.log,
      });
      api.setNotFoundHandler(jsonNotFound);
      // API answers are personal more often than not (profiles, messages, tokens): no cache
      // keeps them unless a route says otherwise (e.g. a public calendar), by setting its own
      // Cache-Control, which replaces this one. Set as the request arrives, in a callback hook,
      // rather than checked in an async onSend hook: that cost every answer a promise and an
      // onSend pass (bench/api.bench.ts); errors, 404s and 429s keep it like the security headers.
      api.addHook('onRequest', (_request, reply, done) => {
        reply.header('Cache-Control', 'no-store');
        done();
      });
      await api.register(healthRoutes, { health });
      await api.register(referenceRoutes, { reference });
      await api.register(newsRoutes, { news, editor: newsEditor, contests });
      await api.register(matchesRoutes, { matches });
      await api.register(contactRoutes, { contact });
      await api.register(predictionsRoutes, { predictions });
      await api.register(miniLeaguesRoutes, { miniLeagues });
      await api.register(clubsRoutes, { clubs });
      await api.register(adminMatchesRoutes, { adminMatches, imports });
      await api.register(authRoutes, {
        auth,
        confirmations: account,
        publicUrl: config.publicUrl,
      });
      await api.register(accountRoutes, { account, privacy });
      await api.register(settingsRoutes, { settings, privacy });
      await api.register(profilesRoutes, { profiles });
      await api.register(reportsRoutes, { reports });
      await api.register(messagesRoutes, { messages });
      await api.register(carpoolRoutes, carpool);
      await api.register(moderationRoutes, moderation);
      await api.register(administrationRoutes, administration);
      await api.register(pushRoutes, { push });
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, {
    webDist: config.webDist,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    serveSourceMaps: config.serveSourceMaps,
    homeImages: () => matches.homeCrests(),
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
