import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { buildInfra, type AppDeps } from './infra.js';
import { jobWorkers } from './jobs/workers.js';
import { accountModule } from './modules/account/account.module.js';
import type { AccountService } from './modules/account/account.service.js';
import { adminMatchesModule } from './modules/admin-matches/admin-matches.module.js';
import { administrationModule } from './modules/administration/administration.module.js';
import { authModule } from './modules/auth/auth.module.js';
import { carpoolModule } from './modules/carpool/carpool.module.js';
import { clubsModule } from './modules/clubs/clubs.module.js';
import { contactModule } from './modules/contact/contact.module.js';
import { emailTokensModule } from './modules/email-tokens/email-tokens.module.js';
import { healthModule } from './modules/health/health.module.js';
import type { MailService } from './modules/mail/mail.service.js';
import { matchesModule } from './modules/matches/matches.module.js';
import { messagesModule } from './modules/messages/messages.module.js';
import type { ApiRoutes } from './modules/module.js';
import { moderationModule } from './modules/moderation/moderation.module.js';
import { newsModule } from './modules/news/news.module.js';
import { predictionsModule } from './modules/predictions/predictions.module.js';
import { profilesModule } from './modules/profiles/profiles.module.js';
import { pushModule } from './modules/push/push.module.js';
import { referenceModule } from './modules/reference/reference.module.js';
import { tripNotifyModule } from './modules/trips/notify/notify.module.js';
import { reportsModule } from './modules/reports/reports.module.js';
import { tripsModule } from './modules/trips/trips.module.js';
import { apiScope } from './plugins/api-scope.js';
import { authPlugin } from './plugins/auth.js';
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
import { webPlugin } from './plugins/web.js';
import { installRealtime } from './realtime/install.js';
import type { RealtimeServer } from './realtime/socket-server.js';

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

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * The composition root: the shared infrastructure (infra.ts), then every module from its
 * factory (modules/<m>/<m>.module.ts) in dependency order, then the plugins and each
 * module's routes in the /api scope.
 */
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

  const infra = await buildInfra(app, deps);
  const health = healthModule(infra);
  const reference = referenceModule(infra);
  const news = newsModule(infra);
  const matches = matchesModule(infra);
  const contact = contactModule(infra);
  const { emailTokens, stopLinks } = emailTokensModule(infra);
  const predictions = predictionsModule(infra, { matches: matches.matches, stopLinks });
  const clubs = clubsModule(infra);
  const adminMatches = adminMatchesModule(infra, predictions);
  const auth = authModule(infra);
  const account = accountModule(infra, { auth: auth.auth, emailTokens });
  const trips = tripsModule(infra);
  const profiles = profilesModule(infra, { organizedAntennas: trips.trips.organizedAntennas });
  const reports = reportsModule(infra);
  const messages = messagesModule(infra);
  const carpool = carpoolModule(infra, {
    stopLinks,
    reports: reports.reports,
    currentSeason: (now) => matches.matches.currentSeason(now),
    blocks: { blocked: (by, whom, tx) => messages.messages.hasBlocked(by, whom, tx) },
  });
  const moderation = moderationModule(infra, { accounts: account.account });
  const administration = administrationModule(infra);
  const push = pushModule(infra);
  const tripNotify = tripNotifyModule(infra, { stopLinks, groups: messages.groups });
  // In this order in the /api scope (the route table and the OpenAPI document follow it).
  const routes: ApiRoutes[] = [
    ...[health, reference, news, matches, contact, predictions, clubs, adminMatches, auth],
    ...[account, profiles, reports, messages, carpool, trips, moderation, administration, push],
    tripNotify,
  ].map((m) => m.routes);

  app.decorate('mail', infra.mail);
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, consumes: [...(route.schema?.consumes ?? [])] });
  });
  app.decorate('accounts', account.account);
  await app.register(errorHandlerPlugin);
  await app.register(requestLogPlugin);
  // JSON answers above 1 kB are compressed (brotli or gzip, as the client accepts); the web
  // app's assets are compressed once at build time instead (plugins/web.ts).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(dbPlugin, { db });
  await app.register(securityPlugin, { https: config.publicUrl.startsWith('https:') });
  await app.register(authPlugin, {
    callers: auth.callers,
    tokens: infra.tokens,
    clock: infra.clock,
  });
  await app.register(openapiPlugin);
  if (infra.jobs) {
    const workers = jobWorkers(infra, infra.jobs, {
      privacy: account.privacy,
      auth: auth.auth,
      reminders: predictions.reminders,
      sanctions: moderation.sanctions,
      carpoolNotifications: carpool.notifications,
      kickoffs: adminMatches.kickoffs,
      push: push.push,
      tripReminders: tripNotify.tripReminders,
      uploads: news.uploadsSweep,
    });
    await app.register(jobsPlugin, { ...infra.jobs, mail: infra.mail, workers });
  } else app.decorate('boss', null);
  await installRealtime(app, infra, {
    callers: auth.callers,
    sessions: auth.sessions,
    messages: messages.messages,
    adapter: deps.realtimeAdapter ?? 'memory',
    databaseUrl: deps.databaseUrl,
  });

  await app.register(apiScope, {
    rateLimit: { max: config.rateLimitPerMinute, budgets: config.rateBudgets },
    counters: infra.counters,
    routes,
    prefix: '/api',
  });

  await app.register(webPlugin, {
    webDist: config.webDist,
    uploadsDir: infra.uploadsDir,
    serveSourceMaps: config.serveSourceMaps,
    homeImages: () => matches.matches.homeCrests(),
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
